// Renders engine sentences the way an Italian device does (engine_words.js with the generated
// it.json), for tests/web/test_engine_words.py: JSON lines in ({text}), JSON lines out ({said}).
// argv: the repository root, the board JSON (/api/board) for the place names.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [root, boardPath] = process.argv.slice(2);
const messages = readFileSync(`${root}/companion/static/i18n/it.json`, 'utf8');
globalThis.document = {
  getElementById: (id) => (id === 'i18n-messages' ? { textContent: messages } : null),
  documentElement: { lang: 'it' },
};
const js = (path) => pathToFileURL(`${root}/companion/static/js/${path}`).href;
const { engineText } = await import(js('engine_words.js'));
const { humanize, setPlaceNames } = await import(js('names.js'));
setPlaceNames(JSON.parse(readFileSync(boardPath, 'utf8')));
for (const line of readFileSync(0, 'utf8').split('\n').filter(Boolean)) {
  const { text } = JSON.parse(line);
  process.stdout.write(`${JSON.stringify({ said: engineText(humanize(text)) })}\n`);
}
