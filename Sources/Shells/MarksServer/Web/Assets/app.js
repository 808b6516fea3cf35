// The app's one script: small and dependency-free, only where a page must react without a reload —
// infinite scroll that keeps the scroll position, archive and delete posted at once with an Undo that posts the
// opposite (unarchive, with the unread mark back; a restore from the trash), keyboard shortcuts, copy
// link, tag autocomplete, the duplicate hint on Add, reading progress, Enrich All's live progress, the Podcast action and
// the loading of the podcast player (app-podcast-page.js; the player is an asset of its own) and the service worker; and (app-navigation.js) in-place page swaps that keep the shell and `#persistent`.
// Every page works without it.
//
// `page(signal, arrival)` sets up one page view; it runs at load and again after each in-place swap. Inside
// it, `doc.addEventListener` and bare `addEventListener` (window) are scoped to that view: they are removed
// when the next page is swapped in, and a `pagehide` listener also hears `marks:leave` (an in-place leave).
// Listeners on elements outside `#main` (the toast, `#persistent`) must pass `{ signal }` themselves.
"use strict";
(() => {
function scopedDocument(signal) {
  return new Proxy(document, { get(target, key) {
    if (key === "addEventListener") return (type, fn, options) => listen(document, type, fn, options, signal);
    const value = Reflect.get(target, key, target);
    return typeof value === "function" ? value.bind(target) : value;
  } });
}
function listen(target, type, fn, options, signal) {
  const scoped = options && typeof options === "object" ? Object.assign({}, options, { signal }) : { capture: !!options, signal };
  target.addEventListener(type, fn, scoped);
  if (type === "pagehide") target.addEventListener("marks:leave", fn, scoped);
}

const page = (signal, arrival) => {
const doc = scopedDocument(signal), root = document.documentElement;
const addEventListener = (type, fn, options) => listen(window, type, fn, options, signal);
root.classList.add("js");
const meta = doc.querySelector('meta[name="csrf-token"]');
const csrf = meta ? meta.content : "";
const $ = (s, el) => (el || doc).querySelector(s);
const $$ = (s, el) => Array.from((el || doc).querySelectorAll(s));
const form = token => new URLSearchParams({ _csrf: token || csrf });
let selected = null; // the list's current row (keyboard and roving tab stop)

function post(url, keepalive, fields) {
  const body = form();
  for (const [key, value] of Object.entries(fields || {})) body.set(key, value);
  return fetch(url, { method: "POST", credentials: "same-origin", body, keepalive: !!keepalive,
    headers: { "Accept": "application/json" } });
}

// @include app-row-actions.js
// @include app-infinite-scroll.js
// @include app-keyboard.js
// @include app-editing.js
// @include app-reader.js
// @include app-search.js
// @include app-enrich.js
// @include app-settings.js
// @include app-list.js
// @include app-sources.js
// @include app-podcast-page.js
// @include app-page-scripts.js

if ("serviceWorker" in navigator && csrf && !arrival) {
  navigator.serviceWorker.register("/sw.js").catch(() => { /* offline support is optional */ });
}
};
// @include app-navigation.js
})();
