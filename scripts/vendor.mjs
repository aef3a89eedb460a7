// Copy the browser builds the app serves from companion/static/vendor (no CDN at the table).
// Run by `npm run vendor` (scripts/test does it after `npm ci`); the copies are committed.
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'companion', 'static', 'vendor');
const files = [
  ['socket.io-client/dist/socket.io.esm.min.js', 'socket.io.esm.min.js'],
  // The service worker: workbox-sw loads the production builds of the modules it uses from
  // the same folder (modulePathPrefix), never from Workbox's CDN.
  ['workbox-sw/build/workbox-sw.js', 'workbox/workbox-sw.js'],
  ...['core', 'precaching', 'routing', 'strategies'].map((name) => [
    `workbox-${name}/build/workbox-${name}.prod.js`,
    `workbox/workbox-${name}.prod.js`,
  ]),
  // The page side: registers the worker and tells when a new version took over.
  ['workbox-window/build/workbox-window.prod.mjs', 'workbox/workbox-window.prod.mjs'],
];

mkdirSync(target, { recursive: true });
for (const [from, to] of files) {
  mkdirSync(dirname(join(target, to)), { recursive: true });
  copyFileSync(join(root, 'node_modules', from), join(target, to));
  console.log(`vendored ${from} -> companion/static/vendor/${to}`);
}
