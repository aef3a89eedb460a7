// Copy the browser builds the app serves from companion/static/vendor (no CDN at the table).
// Run by `npm run vendor` (scripts/test does it after `npm ci`); the copies are committed.
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'companion', 'static', 'vendor');
const files = [['socket.io-client/dist/socket.io.esm.min.js', 'socket.io.esm.min.js']];

mkdirSync(target, { recursive: true });
for (const [from, to] of files) {
  copyFileSync(join(root, 'node_modules', from), join(target, to));
  console.log(`vendored ${from} -> companion/static/vendor/${to}`);
}
