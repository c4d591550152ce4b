// The stream overlay's document: a small, complete HTML page (no React, no header or footer) for an OBS browser source.
import { eventsUrl, NOSCRIPT_REFRESH_SECONDS } from "~/lib/live-constants";
import type { OverlayView } from "~/models/views/overlay";
import { pageScript } from "./page-scripts.server";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

// Transparent page, large type; each panel is dark and translucent so the text reads over any game scene.
const STYLE = `html,body{background:transparent;margin:0}
body{font:600 clamp(18px,3.2vw,40px)/1.25 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#fff;padding:.5em}
main{display:inline-block;min-width:min(100%,14em);max-width:100%;box-sizing:border-box}
.panel{background:rgba(12,14,24,.82);border-radius:.4em;padding:.4em .7em;margin:0 0 .25em}
h1{font-size:1.4em;margin:0;line-height:1.15;overflow-wrap:anywhere}
p{margin:.1em 0 0;font-size:.75em;color:#e2e8f0;overflow-wrap:anywhere}
ol{list-style:none;margin:0;padding:0}
li{display:flex;flex-wrap:wrap;gap:0 .6em;align-items:baseline}
.rank{min-width:2.6em;color:#fcd34d}
.name{flex:1;overflow-wrap:anywhere}
.detail{white-space:nowrap;color:#bfdbfe}
.out .name{text-decoration:line-through}
.note{flex-basis:100%;padding-left:3.2em;font-size:.6em;color:#fde68a}`;

export function overlayDocument(options: {
  title: string;
  view: OverlayView | null;
  error?: string;
  tournamentId: number | null;
  version?: number;
  live: boolean;
  nonce: string;
}): string {
  const { view } = options;
  let body: string;
  if (view) {
    const rows = view.rows
      .map(
        (r) =>
          `<li${r.muted ? ' class="out"' : ""}><span class="rank">${escapeHtml(r.rank)}</span><span class="name">${escapeHtml(r.name)}</span><span class="detail">${escapeHtml(r.detail)}</span>${r.note ? `<span class="note">${escapeHtml(r.note)}</span>` : ""}</li>`,
      )
      .join("");
    body =
      `<div class="panel"><h1>${escapeHtml(view.heading)}</h1><p>${escapeHtml(view.subheading)}</p></div>` +
      (rows ? `<ol class="panel">${rows}</ol>` : "") +
      (view.message ? `<p class="panel" role="status">${escapeHtml(view.message)}</p>` : "");
  } else {
    body = `<div class="panel"><h1>Overlay unavailable</h1><p role="alert">${escapeHtml(options.error ?? "")}</p></div>`;
  }
  // Live: app/scripts/overlay.ts re-fetches and swaps the content on each event of the tournament's stream.
  const live = options.live && options.tournamentId !== null;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(options.title)}</title>
${live ? `<noscript><meta http-equiv="refresh" content="${NOSCRIPT_REFRESH_SECONDS}"></noscript>` : ""}
<style>${STYLE}</style></head>
<body><main id="overlay" data-version="${options.version ?? ""}">${body}</main>
${live ? `<script nonce="${escapeHtml(options.nonce)}" data-events="${escapeHtml(eventsUrl(options.tournamentId))}">${pageScript("overlay")}</script>` : ""}
</body></html>
`;
}
