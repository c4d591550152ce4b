// The page scripts of the pages served without React (docs/decisions/047-page-scripts-as-modules.md): TypeScript modules
// in app/scripts/, bundled by the build (vite-page-scripts.ts) into one small inline script each, with its CSP hash.
import pageScripts from "virtual:page-scripts";

/** The page scripts a server-rendered document can carry. */
export type PageScriptName = keyof typeof pageScripts;

/** A page script's text, as the page carries it inline (after `data-events`, the attribute that says what it follows). */
export function pageScript(name: PageScriptName): string {
  return pageScripts[name].code;
}

/**
 * The CSP hashes (SHA-256, base64, computed by the build) of the page scripts `html` carries: what the CSP of a cached
 * public page, the same bytes for every visitor, allows instead of a nonce they would all share. Any other inline
 * script in it is allowed by nothing.
 */
export function pageScriptHashes(html: string): string[] {
  return Object.values(pageScripts)
    .filter(({ code }) => html.includes(code))
    .map(({ hash }) => hash);
}
