// The inline script of the pages served without React (docs/decisions/013-public-pages-without-react.md): live updates,
// toasts, copy and export in about 3 KB, no bundle. The stream overlay (app/lib/overlay.server.ts) shares its re-fetch delay.
import {
  EVENT_TOASTS,
  SAFETY_REVALIDATE_MS,
  ACTION_TOASTS,
  TOAST_DURATION_MS,
  TOAST_FALLBACKS,
} from "~/lib/live-constants";
import { HOST_SCRIPT_JS, NO_HOST_SCRIPT_JS } from "./host-script.server";

/**
 * `delay(audience)`: components/live.tsx's `refetchDelay` in plain JavaScript, for the scripts that are
 * strings. A save's crowd spreads its re-fetches over a window that grows with the audience.
 */
export const REFETCH_DELAY_JS = `function delay(a){var n=typeof a==="number"&&isFinite(a)&&a>0?a:1,w=Math.min(15000,Math.max(1000,n*0.4));return 150+Math.random()*(w-150)}`;

/** `fill(template, values)`: components/toast.tsx's `fillToast` in plain JavaScript, with its fallbacks in `F`. */
export const FILL_TOAST_JS = `function fill(t,v){function f(s){return s.replace(/\\{(\\w+)\\}/g,function(_,k){var x=v[k];return k in F?(typeof x==="string"?x:F[k]):String(x)})}
return{type:t.type,title:f(t.title),description:t.description&&f(t.description)}}`;

/** `soon(now, at)`: models/roster/signup.ts's `startsIn` in plain JavaScript, over milliseconds ("in 2 h 5 min", else null). */
export const STARTS_IN_JS = `function soon(n,t){var m=Math.ceil((t-n)/60000);if(!(m>0))return null;if(m<60)return"in "+m+" min";var h=Math.floor(m/60);
if(h<48)return"in "+h+" h"+(m%60?" "+m%60+" min":"");return"in "+Math.floor(h/24)+" days"}`;

/** `zoned(date, zone)`: models/roster/signup.ts's `formatInZone` in plain JavaScript ("Sat, Dec 5, 2026, 18:00 (Europe/Paris)"). */
export const ZONED_JS = `function zoned(a,z){return new Intl.DateTimeFormat("en-US",{timeZone:z,weekday:"short",month:"short",day:"numeric",year:"numeric",
hour:"2-digit",minute:"2-digit",hourCycle:"h23"}).format(a)+" ("+z+")"}`;

/** JSON for inside a <script>: no "</script>" or "<!--" can end or bend it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * What the React pages do with root.tsx's effects, components/live.tsx and components/toast.tsx, for a
 * page that has none of them:
 * - marks the page ready (`data-hydrated`, `tm:hydrated`) and keeps a focused control clear of the sticky header;
 * - toasts in #toast-region with ToastRegion's markup, gone after 5 s, the close link and F8 as there,
 *   and a refused form's toast from its <template data-toast>;
 * - puts components/public-actions.tsx's CopyNameButton where a `<template data-copy-button>` marks it;
 *   `[data-copy]` copies its text, `[data-export]` fetches the file so a failure is a toast, not an error page;
 * - the event stream of this tournament (or of all, on the landing page): an event shows docs/rules.md's
 *   toast and, after the audience's delay, re-fetches this address (a 304 when unchanged) and swaps
 *   `[data-live-region]` in, keeping scroll, focus, open <details> and typed values; never while a
 *   field in it is focused with typed text (it retries), nor over a refused form's answer, whose message and
 *   typed values a re-fetch would lose (the next submit brings a fresh page). The 60 s safety re-validation of live.tsx too.
 *   Ticked checkboxes (by name and value) are kept across a swap too.
 * With `host`, the host screens' part (app/lib/host-script.server.ts): saves answered in place, the score forms' checks.
 */
export function liveScript(tournamentId: number | null, host = false): string {
  const stream = tournamentId === null ? "/api/events" : `/api/events?tournamentId=${tournamentId}`;
  return `(function(){var d=document,h=d.documentElement,R=d.getElementById("toast-region"),M=d.querySelector("[data-live-region]"),
E=${scriptJson(EVENT_TOASTS)},A=${scriptJson(ACTION_TOASTS)},F=${scriptJson(TOAST_FALLBACKS)},timer,pending;
${REFETCH_DELAY_JS}
${FILL_TOAST_JS}
${STARTS_IN_JS}
${ZONED_JS}
function zones(){var z;try{z=Intl.DateTimeFormat().resolvedOptions().timeZone}catch(x){}d.querySelectorAll("time[data-zoned]").forEach(function(t){var a=new Date(t.getAttribute("datetime")||"");
if(!z||isNaN(a))return;if(!t.title)t.title=t.textContent;try{t.textContent=zoned(a,z)}catch(x){}});d.querySelectorAll("[data-starts-in]").forEach(function(s){
var n=soon(Date.now(),Date.parse(s.getAttribute("data-starts-in")||""));s.textContent=n?" (starts "+n+")":""})}
${host ? HOST_SCRIPT_JS : NO_HOST_SCRIPT_JS}
function leave(el){clearTimeout(timer);timer=setTimeout(function(){el.remove()},${TOAST_DURATION_MS})}
function toast(m){if(!R)return;var el=d.createElement("div"),a=d.createElement("a");el.className="toast "+(m.type||"info");
el.setAttribute("role","status");el.setAttribute("aria-live","polite");el.innerHTML='<div class="title"></div>'+(m.description?'<div class="small muted"></div>':"");
el.firstChild.textContent=m.title;if(m.description)el.lastChild.textContent=m.description;a.className="close";a.href=location.pathname+location.search;
a.setAttribute("aria-label","Dismiss notification");a.textContent="\\u00d7";el.appendChild(a);R.replaceChildren(el);leave(el)}
function show(){zones();if(M)M.querySelectorAll("template[data-copy-button]").forEach(function(t){var b=d.createElement("button"),s=t.getAttribute("data-copy-button");
b.type="button";b.className="btn ghost small copy-btn";b.setAttribute("data-copy",s);b.setAttribute("data-copy-what",s.slice(0,s.lastIndexOf("#")));
b.setAttribute("aria-label","Copy "+s);b.title="Copy "+s;b.textContent="Copy";t.replaceWith(b)});host()}
function copy(s){var c=navigator.clipboard;return(c&&c.writeText?c.writeText(s):Promise.reject()).catch(function(){var t=d.createElement("textarea");
t.value=s;t.setAttribute("readonly","");t.style.position="fixed";t.style.opacity="0";d.body.appendChild(t);t.select();var ok=d.execCommand("copy");t.remove();if(!ok)throw 0})}
function download(x){fetch(x.href,{credentials:"same-origin",cache:"no-store"}).then(function(r){if(!r.ok)throw 0;
var n=/filename="?([^";]+)"?/i.exec(r.headers.get("content-disposition")||"");return r.blob().then(function(b){if(!b.size)throw 0;
var a=d.createElement("a"),u=URL.createObjectURL(b);a.href=u;a.download=n?n[1]:"tournament_export.xlsx";d.body.appendChild(a);a.click();a.remove();
setTimeout(function(){URL.revokeObjectURL(u)},10000);toast(A.downloadStarted)})}).catch(function(){toast(fill(A.exportFailed,{message:x.getAttribute("data-export")}))})}
function typing(){var f=d.activeElement;return!!(M&&f&&M.contains(f)&&"defaultValue"in f&&f.value!==f.defaultValue)}
function swap(n,title){var f=d.activeElement,key=f&&M.contains(f)&&f!==M?(f.id?"#"+CSS.escape(f.id):f.name?"[name='"+CSS.escape(f.name)+"']":f.getAttribute("href")?"[href='"+CSS.escape(f.getAttribute("href"))+"']":null):null,
x=scrollX,y=scrollY,open={},vals={};M.querySelectorAll("details[id]").forEach(function(e){open[e.id]=e.open});
M.querySelectorAll("input[id],select[id],textarea[id]").forEach(function(e){if(!/^(checkbox|radio|hidden|submit)$/.test(e.type))vals[e.id]=e.value});
var ticks=[];M.querySelectorAll("input[type=checkbox][name]").forEach(function(e){if(e.checked!==e.defaultChecked)ticks.push([e.name,e.value,e.checked])});
M.innerHTML=n.innerHTML;if(title)d.title=title;for(var i in open){var e=d.getElementById(i);if(e)e.open=open[i]}
for(var j in vals){var v=d.getElementById(j);if(v&&v.value!==vals[j]&&(v.tagName!=="SELECT"||[].some.call(v.options,function(o){return o.value===vals[j]})))v.value=vals[j]}
ticks.forEach(function(k){var c=M.querySelector("input[type=checkbox][name='"+CSS.escape(k[0])+"'][value='"+CSS.escape(k[1])+"']");if(c)c.checked=k[2]});show();scrollTo(x,y);var g=key&&M.querySelector(key);if(g)g.focus({preventScroll:true})}
function refresh(){if(!M||M.querySelector("template[data-toast]"))return;if(typing()||busy()){clearTimeout(pending);pending=setTimeout(refresh,1000);return}
var g0=gen();fetch(location.href,{headers:{Accept:"text/html"},credentials:"same-origin"}).then(function(r){return r.ok?r.text():null}).then(function(html){if(!html||gen()!==g0)return;
var doc=new DOMParser().parseFromString(html,"text/html"),n=doc.querySelector("[data-live-region]");if(!n)return;
if(typing()||busy()){pending=setTimeout(refresh,1000);return}swap(n,doc.title)}).catch(function(){})}
performance.mark("tm:hydrated");h.dataset.hydrated="true";show();setInterval(zones,30000);var first=R&&R.querySelector(".toast"),said=M&&M.querySelector("template[data-toast]");if(said)toast(JSON.parse(said.getAttribute("data-toast")));else if(first)leave(first);
d.addEventListener("click",function(e){var t=e.target instanceof Element?e.target:null,c=t&&t.closest(".toast .close"),b=t&&t.closest("[data-copy]"),x=t&&t.closest("a[data-export]");
if(c){e.preventDefault();c.parentNode.remove()}else if(b){e.preventDefault();copy(b.getAttribute("data-copy")).then(function(){toast(fill(A.copied,{what:b.getAttribute("data-copy-what")}))},function(){toast(A.copyFailed)})}
else if(x){e.preventDefault();download(x)}});
addEventListener("keydown",function(e){if(e.key==="F8"&&R)R.focus()});
d.addEventListener("focusin",function(e){var hd=d.querySelector(".site-header"),t=e.target;if(!(t instanceof Element)||!hd||hd.contains(t)||getComputedStyle(hd).position!=="sticky")return;
function clear(){if(d.activeElement!==t)return;var c=hd.getBoundingClientRect().bottom-t.getBoundingClientRect().top;if(c>0)scrollBy({top:-(c+8)})}
requestAnimationFrame(clear);setTimeout(clear,150)});h.dataset.focusGuard="on";
if(!window.EventSource)return;var s=new EventSource(${scriptJson(stream)});
s.onmessage=function(m){var ev;try{ev=JSON.parse(m.data)}catch(x){return}if(ev.type==="connected")return;var t=E[ev.type];if(t)toast(fill(t,ev.data||{}));
if(skip(ev))return;clearTimeout(pending);pending=setTimeout(refresh,delay(ev.audience))};
s.onerror=function(e){console.warn("Live updates interrupted; the browser will reconnect.",e)};
setInterval(function(){if(d.visibilityState==="visible")refresh()},${SAFETY_REVALIDATE_MS})})();`;
}
