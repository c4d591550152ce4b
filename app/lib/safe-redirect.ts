// Where a redirect may go when its target comes from input (?redirectTo=, a form field): a path of this site, never another.

// Any origin works for resolving: what matters is whether the target stays on it.
const SITE = "http://site.invalid";

/**
 * Browsers drop tabs and line breaks inside a URL and read a backslash as a slash, so
 * "/\t/evil.example" or "/\\evil.example" leave the site although they start with one "/".
 * A target holding a control character, whitespace or a backslash is refused outright.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\s\\]/;

/**
 * `to` as a same-origin path (path, query and hash, normalized by the URL parser), or `fallback`.
 * Only a string starting with "/" that resolves to the site's own origin passes, and the
 * normalized path must not start with "//" ("/.//evil.example" resolves to "//evil.example").
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || UNSAFE.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, SITE);
  } catch {
    return fallback;
  }
  const path = url.pathname + url.search + url.hash;
  return url.origin === SITE && !path.startsWith("//") ? path : fallback;
}
