// @ts-check
// The service worker (served at /sw.js by companion/routes/pwa.py, scope "/").
// Precaches the app shell so pages' assets load with the server unreachable; keeps the last
// copy of each page for a reload while offline. Never caches the API or Socket.IO: game state
// always comes from the server, and the pages say "Reconnecting…" until it answers.
/* global workbox -- loaded by importScripts; its type: types/service-worker.d.ts */
importScripts('/static/vendor/workbox/workbox-sw.js');
// The Workbox modules come from the app's own vendor folder, never from a CDN.
workbox.setConfig({ modulePathPrefix: '/static/vendor/workbox/', debug: false });

const { core, precaching, routing, strategies } = workbox;
/** This script's scope: a service worker's (the worker library types `self` as any worker's). */
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const NEVER_CACHED = /^\/(api|socket\.io)(\/|$)/;

core.setCacheNameDetails({ prefix: 'barrage-companion' });
// A new version takes over at once: the next reload gets the new assets.
worker.skipWaiting();
core.clientsClaim();

precaching.cleanupOutdatedCaches();
// Replaced by the server with [{url, revision}, …] for every file under /static (it looks for
// this exact text: companion/routes/pwa.py MANIFEST_TOKEN).
precaching.precacheAndRoute(self.__WB_MANIFEST);

// Only a complete page of our own is kept (not a redirect, not an error page).
/** @type {import('workbox-core').WorkboxPlugin} */
const onlyWholePages = {
  cacheWillUpdate: async ({ response }) =>
    response && response.status === 200 && response.type === 'basic' ? response : null,
};

// Pages: the server's copy when it answers, the last one seen when it does not.
routing.registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === worker.location.origin &&
    !NEVER_CACHED.test(url.pathname),
  new strategies.NetworkFirst({
    cacheName: 'barrage-companion-pages',
    networkTimeoutSeconds: 4,
    plugins: [onlyWholePages],
  }),
);
