// The service worker: precaches the hashed shell and an offline page, serves assets from the cache,
// and answers list pages network-first, keeping the last copy of each so the list stays readable offline.
"use strict";
const SHELL = "shell-{{version}}", PAGES = "pages", KEEP = 60;
const PRECACHE = [/*{{shell}}*/];
self.addEventListener("install", e => {
  e.waitUntil(caches.open(SHELL).then(c => c.addAll(PRECACHE)).then(() => self.skipWaiting()));
});
self.addEventListener("activate", e => {
  e.waitUntil(caches.keys().then(keys => Promise.all(keys.filter(k => k !== SHELL && k !== PAGES)
    .map(k => caches.delete(k)))).then(() => self.clients.claim()));
});
function listPage(url) {
  return url.pathname === "/" || url.pathname === "/tags" || url.pathname.startsWith("/tags/")
    || url.pathname === "/search" || url.pathname === "/bookmarks/page" || /^\/bookmarks\/\d+(\/read)?$/.test(url.pathname);
}
async function remember(request, response) {
  const cache = await caches.open(PAGES);
  await cache.put(request, response);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - KEEP))) await cache.delete(old);
}
self.addEventListener("fetch", e => {
  const request = e.request, url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (url.pathname.startsWith("/assets/")) {
    e.respondWith(caches.match(request).then(hit => hit || fetch(request)));
    return;
  }
  if (!listPage(url)) return;
  e.respondWith(fetch(request).then(response => {
    if (response.ok && !response.redirected) e.waitUntil(remember(request, response.clone()));
    return response;
  }).catch(async () => {
    const hit = await caches.match(request, { cacheName: PAGES });
    if (hit) return hit;
    if (request.mode === "navigate") return (await caches.match("{{offline}}")) || Response.error();
    return Response.error();
  }));
});
