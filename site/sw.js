// pygames offline service worker (build.py fills in the cache name and the precache list).
// - install: precache every file of the build under a content-hashed cache name;
// - activate: delete the caches of older builds, take control of open pages;
// - fetch: same-origin GETs cache-first, then the network.
// A new build waits (no skipWaiting) until the page asks for it ("skip-waiting"
// after the user clicks Update), so an open tab never loses the files it runs on.
const CACHE = "__CACHE_NAME__";
const PRECACHE = __PRECACHE__;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key !== CACHE && key.startsWith("pygames-")) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // the page may carry a query (?botdelay=0): our files never depend on one
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (error) {
      if (request.mode === "navigate") {
        const page = await cache.match("./");
        if (page) return page;
      }
      throw error;
    }
  })());
});
