// The stream overlay's document: a small, complete HTML page (no React, no header or footer) for an OBS browser source.
import { NOSCRIPT_REFRESH_SECONDS } from "~/lib/live-constants";
import type { OverlayView } from "~/models/views/overlay";
import { REFETCH_DELAY_JS } from "./live-script.server";

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

/**
 * A few lines that keep the overlay live without a reload: on each event of this tournament it
 * re-fetches its own address (a 304 when nothing changed) and swaps the content in. The event's
 * audience spreads a crowd's re-fetches, as the app's pages do (docs/rules.md, "Versions and live pages").
 */
function liveScript(tournamentId: number) {
  return `(function(){var m=document.getElementById("overlay");if(!m||!window.EventSource||!window.fetch)return;
var s=new EventSource("/api/events?tournamentId=${tournamentId}"),t;${REFETCH_DELAY_JS}
s.onmessage=function(e){var d;try{d=JSON.parse(e.data)}catch(x){return}if(d.type==="connected")return;
clearTimeout(t);t=setTimeout(function(){fetch(location.href,{credentials:"omit"}).then(function(r){return r.text()}).then(function(h){
var f=new DOMParser().parseFromString(h,"text/html").getElementById("overlay");if(f){m.innerHTML=f.innerHTML;m.setAttribute("data-version",f.getAttribute("data-version")||"")}}).catch(function(){})},delay(d.audience))};})();`;
}

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
  const live = options.live && options.tournamentId !== null;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(options.title)}</title>
${live ? `<noscript><meta http-equiv="refresh" content="${NOSCRIPT_REFRESH_SECONDS}"></noscript>` : ""}
<style>${STYLE}</style></head>
<body><main id="overlay" data-version="${options.version ?? ""}">${body}</main>
${live ? `<script nonce="${escapeHtml(options.nonce)}">${liveScript(options.tournamentId!)}</script>` : ""}
</body></html>
`;
}
