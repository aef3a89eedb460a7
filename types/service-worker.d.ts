// The globals of the service worker script: `workbox` (workbox-sw, loaded by importScripts,
// loads each module on first use from the vendor folder) and the manifest the server writes in.

declare const workbox: {
  setConfig(config: { modulePathPrefix?: string; debug?: boolean }): void;
  core: typeof import('workbox-core');
  precaching: typeof import('workbox-precaching');
  routing: typeof import('workbox-routing');
  strategies: typeof import('workbox-strategies');
};

interface WorkerGlobalScope {
  /** Replaced by companion/routes/pwa.py with [{url, revision}, …] for every file under /static. */
  __WB_MANIFEST: Array<import('workbox-precaching').PrecacheEntry | string>;
}
