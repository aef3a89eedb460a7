// @ts-check
// Installable and offline-tolerant: registers the service worker (served at /sw.js) with
// Workbox's window helper. Browsers without service workers, or pages not in a secure context
// (plain http on a LAN address), simply go on without it.
import { Workbox } from '/static/vendor/workbox/workbox-window.prod.mjs';

if ('serviceWorker' in navigator) {
  const worker = new Workbox('/sw.js', { scope: '/' });
  worker.register().catch((error) => console.warn('Service worker not registered:', error));
}
