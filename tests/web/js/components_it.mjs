// The components' texts as an Italian device shows them (names.js with the generated it.json),
// for tests/web/test_component_texts.py: prints one JSON object {id: text} per kind.
// argv: the repository root.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [root] = process.argv.slice(2);
const messages = readFileSync(`${root}/companion/static/i18n/it.json`, 'utf8');
globalThis.document = {
  getElementById: (id) => (id === 'i18n-messages' ? { textContent: messages } : null),
  documentElement: { lang: 'it' },
};
const js = (path) => pathToFileURL(`${root}/companion/static/js/${path}`).href;
const { CATALOG } = await import(js('catalog.js'));
const names = await import(js('names.js'));
const out = {
  advanced: Object.fromEntries(CATALOG.advanced_tiles.map((x) => [x.id, names.advancedText(x.id)])),
  works: Object.fromEntries(CATALOG.external_works.map((x) => [x.id, names.externalWorkText(x.id)])),
  buildings: Object.fromEntries(CATALOG.private_buildings.map((x) => [x.id, `${names.buildingName(x.id)}: ${names.printed(x.text)}`])),
  officers: Object.fromEntries(CATALOG.officers.map((x) => [x.id, names.printed(x.power)])),
  abilities: Object.fromEntries(CATALOG.companies.map((x) => [x.id, names.printed(x.ability.text)])),
  bonus: Object.fromEntries([...CATALOG.bonus_tiles, ...CATALOG.expansion_bonus_tiles].map((x) => [x.id, names.bonusText(x.id)])),
};
process.stdout.write(JSON.stringify(out));
