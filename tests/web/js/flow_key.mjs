// Why a drop went where it went, as the page says it (why.js flowKey), for
// tests/web/test_rule_refs.py: JSON lines in ({path}), JSON lines out ({key}).
// argv: the repository root, the board JSON (/api/board).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [root, boardPath] = process.argv.slice(2);
const { flowKey } = await import(pathToFileURL(`${root}/companion/static/js/render/why.js`).href);
const board = JSON.parse(readFileSync(boardPath, 'utf8'));
for (const line of readFileSync(0, 'utf8').split('\n').filter(Boolean)) {
  const { path } = JSON.parse(line);
  process.stdout.write(`${JSON.stringify({ key: flowKey(path, board) })}\n`);
}
