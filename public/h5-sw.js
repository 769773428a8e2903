// The residents' app's service worker (docs/residents.md, "Installed on the phone"): registered by
// src/h5/main.tsx for the scope /neptune/h5/. It keeps the app's shell so that the app opens from
// the home screen without a network, where its pages then say 网络异常，请稍后重试; it never
// keeps an answer of the API (bills, rooms, receipts are read fresh or not at all).
// - A page of the app: the network first (every deploy's page, with its new asset names); the page
//   last fetched when there is no network.
// - The build's hashed files (/neptune/assets/): from the cache once fetched (their names change
//   with their content); at most MAX_ASSETS of them, the oldest dropped first.
// - The manifest and the icon: the cache while it refreshes them.
const SHELL = "h5-shell-v1";
const PAGE = "/neptune/h5/";
const MAX_ASSETS = 60;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.add(PAGE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== SHELL).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

async function trim(cache) {
  const keys = (await cache.keys()).filter((r) => new URL(r.url).pathname.startsWith("/neptune/assets/"));
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((r) => cache.delete(r)));
}

async function pageFirstFromNetwork(request) {
  const cache = await caches.open(SHELL);
  try {
    const answer = await fetch(request);
    if (answer.ok) await cache.put(PAGE, answer.clone());
    return answer;
  } catch (err) {
    const kept = await cache.match(PAGE);
    if (kept) return kept;
    throw err;
  }
}

async function assetFromCache(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) {
    await cache.put(request, answer.clone());
    await trim(cache);
  }
  return answer;
}

async function cachedWhileRefreshed(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request);
  const fresh = fetch(request).then(async (answer) => {
    if (answer.ok) await cache.put(request, answer.clone());
    return answer;
  });
  if (!kept) return fresh;
  fresh.catch(() => undefined);
  return kept;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate" && url.pathname.startsWith(PAGE)) event.respondWith(pageFirstFromNetwork(request));
  else if (url.pathname.startsWith("/neptune/assets/")) event.respondWith(assetFromCache(request));
  else if (url.pathname === "/neptune/h5-manifest.webmanifest" || url.pathname === "/neptune/favicon.svg") event.respondWith(cachedWhileRefreshed(request));
});
