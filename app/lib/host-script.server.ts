// The host screens' part of the inline script (docs/decisions/039-host-pages-without-react.md): score entry and check-in
// are served without React, and this does what their React code did with JavaScript on, in about 1.5 KB gzipped.
import { duplicatePlacements, lockedPlacements } from "~/models/access/policy";
import { ordinal } from "~/models/format/scoring";
import { ANSWER_HEADER } from "./answered";

/**
 * The placement rules the score forms follow as the host picks, from app/models (one source): the compiled functions'
 * own text. They are pure and use nothing but the language's built-ins, so their text runs in the page as it is.
 */
export const RULES_JS = `var L=(${String(lockedPlacements)}),D=(${String(duplicatePlacements)}),O=(${String(ordinal)});`;

/**
 * Runs inside app/lib/live-script.server.ts's closure (its `d`, `M`, `toast`, `swap`), and defines what that script
 * calls on the host screens:
 * - `host()`, after the first paint and every swap of `<main>`: the Copy button of a read-only link field
 *   (components/public-actions.tsx's CopyUrlField); a score form whose placements were kept across a swap gets its
 *   checks again;
 * - a lobby's save form (`form[data-answer]`) is sent with `fetch` and the `X-Answer-In-Place` header: the action
 *   answers the whole screen after the save in that one request (routes/scores.tsx), which is swapped in; its
 *   `<template data-toast data-next>` gives the toast and the next lobby that needs scores (focused, as the redirect's
 *   fragment does without JavaScript); a refusal's answer keeps its message and the typed placements and focuses the
 *   message. A failed request falls back to the plain form post. The save's own live event re-fetches nothing (`skip`),
 *   and no live re-fetch is swapped in over a save in flight or started before one (`busy`, `gen`);
 * - as the host picks placements: the places other players hold are disabled and marked " - Taken", a place held by
 *   another becomes " - swap with Name", and the note says which places are chosen twice (components/scores-lobby.tsx);
 * - the cut's tie-breaker: "Selected n/m" follows the ticks and the button is enabled only at exactly m
 *   (components/scores-cut.tsx).
 */
export const HOST_SCRIPT_JS = `${RULES_JS}var S=[],Q=0,G=0;
function skip(ev){var n=Date.now(),l=ev.data&&ev.data.lobbyId,i=S.findIndex(function(a){return a.u>n&&a.t===ev.type&&a.l===l});if(i>=0)S.splice(i,1);return i>=0}
function busy(){return Q>0}function gen(){return G}
function pid(s){return Number(s.id.split("-")[2])}
function marks(f){var sel=[].slice.call(f.querySelectorAll("select[id^='placement-']")),cur={},sv=null,hold={};
sel.forEach(function(s){var v=s.value,k=s.getAttribute("data-saved");cur[pid(s)]=v==="dnp"?-1:Number(v);if(k!==null)(sv=sv||{})[pid(s)]=Number(k)});
sel.forEach(function(s){var p=cur[pid(s)];if(p>0)hold[p]=(s.getAttribute("aria-label")||"").slice(14)});
sel.forEach(function(s){var me=pid(s),own=cur[me],lk=L(cur,me,sv);[].forEach.call(s.options,function(o){var p=Number(o.value);if(!(p>0))return;
var tk=lk.has(p)&&p!==own,ot=p!==own&&!tk?hold[p]:void 0;o.disabled=tk;o.textContent=o.textContent.replace(/ - .*$/,"")+(tk?" - Taken":ot?" - swap with "+ot:"")})});
var u=D(cur),n=f.querySelector(".scores-duplicates");if(n)n.textContent=u.length?u.map(O).join(", ")+(u.length===1?" is":" are")+" chosen twice: change the other player's placement before saving.":""}
function picks(fs){var b=fs.form&&fs.form.querySelector("button[type=submit]"),p=fs.querySelector("p[aria-live]"),m=p&&/\\/(\\d+)/.exec(p.textContent),c=fs.querySelectorAll("input[type=checkbox]:checked").length;
if(!b||!m)return;if(b.dataset.off===void 0)b.dataset.off=b.disabled?"1":"";p.textContent="Selected "+c+"/"+m[1];b.disabled=!!b.dataset.off||c!==Number(m[1])}
function host(){if(!M)return;M.querySelectorAll("form[data-answer]").forEach(function(f){if([].some.call(f.querySelectorAll("select"),function(s){var o=s.options[s.selectedIndex];return o&&!o.defaultSelected}))marks(f)});
M.querySelectorAll("fieldset.scores-tiebreak").forEach(picks);
M.querySelectorAll(".copy-url input[readonly]").forEach(function(i){if(i.nextElementSibling)return;var l=d.querySelector("label[for='"+CSS.escape(i.id)+"']"),t=l?l.textContent:"Link",b=d.createElement("button");
b.type="button";b.className="btn small";b.setAttribute("data-copy",i.value);b.setAttribute("data-copy-what",t);b.setAttribute("aria-label","Copy "+t);b.textContent="Copy";i.after(b)})}
function save(f,b){if(f.dataset.busy)return;var l=Number(f.elements.lobbyId.value),u=new URL(f.getAttribute("action")||location.href,location.href),hash=u.hash.slice(1);
u.hash="";f.dataset.busy="1";Q++;if(b){b.disabled=true;b.textContent="Saving..."}S.push({t:"matches_saved",l:l,u:Date.now()+30000});
fetch(u,{method:"POST",body:new URLSearchParams(new FormData(f)),headers:{${JSON.stringify(ANSWER_HEADER)}:"1",Accept:"text/html"},credentials:"same-origin"}).then(function(r){return r.text()}).then(function(html){
var doc=new DOMParser().parseFromString(html,"text/html"),n=doc.querySelector("[data-live-region]"),t,g;if(!n)throw 0;Q--;G++;swap(n,doc.title);t=M.querySelector("template[data-toast]");
if(t){toast(JSON.parse(t.getAttribute("data-toast")));if(t.hasAttribute("data-next")){g=d.getElementById(t.getAttribute("data-next"));t.remove();
u.searchParams.delete("edit");u.searchParams.delete("clear");history.replaceState(null,"",u.pathname+u.search+(g?"#"+g.id:""))}}
g=g||M.querySelector("[autofocus]")||(hash&&d.getElementById(hash));if(g){g.scrollIntoView({block:"start"});g.focus({preventScroll:true})}
}).catch(function(){if(f.dataset.busy){Q=Math.max(0,Q-1);delete f.dataset.busy;HTMLFormElement.prototype.submit.call(f)}})}
d.addEventListener("change",function(e){var t=e.target instanceof Element?e.target:null,f=t&&t.tagName==="SELECT"&&t.closest("form[data-answer]"),fs=t&&t.closest("fieldset.scores-tiebreak");if(f)marks(f);if(fs)picks(fs)});
d.addEventListener("submit",function(e){var f=e.target;if(!(f instanceof HTMLFormElement)||!f.hasAttribute("data-answer")||!window.fetch||!window.DOMParser)return;e.preventDefault();save(f,e.submitter||f.querySelector("button[type=submit]"))});`;

/** What the public pages' script has in place of the host part: nothing to add, nothing to skip. */
export const NO_HOST_SCRIPT_JS =
  "function host(){}function skip(){return false}function busy(){return false}function gen(){return 0}";
