// What the browser does for the React pages and for the page scripts of the pages without React alike (app/scripts/):
// copying, saving a file, keeping a focused control clear of the sticky header. Plain DOM, no React, so both import it.

/** Copies to the clipboard, else through a selected field (denied, or not a secure context); rejects when neither works. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    const copied = document.execCommand("copy");
    area.remove();
    if (!copied) throw new Error("copy refused");
  }
}

/** Saves a fetched file under `fileName` through a temporary link; the object URL is freed once the save has begun. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Chromium honours scroll-padding-top for #anchors but not when Tab moves the focus, so a control can end up under
 * the sticky header (WCAG 2.4.11); this scrolls it clear. Answers the function that stops it.
 */
export function keepFocusClearOfHeader(): () => void {
  const onFocus = (event: FocusEvent) => {
    const header = document.querySelector(".site-header");
    const target = event.target;
    if (!(target instanceof Element) || !header || header.contains(target)) return;
    if (getComputedStyle(header).position !== "sticky") return;
    const clear = () => {
      if (document.activeElement !== target) return;
      const covered = header.getBoundingClientRect().bottom - target.getBoundingClientRect().top;
      if (covered > 0) window.scrollBy({ top: -(covered + 8) });
    };
    // After the browser's own scroll-into-view of the focused control, which Chromium sometimes finishes a few frames
    // later: check on the next frame and once more shortly after.
    requestAnimationFrame(clear);
    window.setTimeout(clear, 150);
  };
  document.addEventListener("focusin", onFocus);
  document.documentElement.dataset.focusGuard = "on";
  return () => document.removeEventListener("focusin", onFocus);
}
