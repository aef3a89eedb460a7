// The components' texts as an Italian device shows them: names.js with the page's Italian
// catalogue (it.json, generated from the .po files) over the component texts of catalog.js.
// Appendices 2–4 of the Italian rulebook (003) give the words. Issue 13; this replaces the
// script tests/web/test_component_texts.py used to run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ITALIAN, pageIn } from './page.js';

pageIn('it', ITALIAN);
const { CATALOG } = await import('../../companion/static/js/catalog.js');
const names = await import('../../companion/static/js/names.js');

const byId = (list, text) => Object.fromEntries(list.map((x) => [x.id, text(x)]));

test('Appendix 4 (Appendice 4): the level-2 Base tile', () => {
  const advanced = byId(CATALOG.advanced_tiles, (x) => names.advancedText(x.id));
  assert.equal(advanced.L2_BASE, 'Livello 2 Base: produci Unità Energia pari al numero di Basi che hai costruito');
});

test("Appendix 3 (Appendice 3): Wilhelm Adler's power", () => {
  const officers = byId(CATALOG.officers, (x) => names.printed(x.power));
  assert.ok(officers.wilhelm_adler.startsWith('Le tue Basi costano sempre 3 Escavatori'), officers.wilhelm_adler);
});

test("Appendix 2 (Appendice 2): Italy's ability", () => {
  const abilities = byId(CATALOG.companies, (x) => names.printed(x.ability.text));
  assert.ok(abilities.italy.startsWith('Dopo ogni tua azione di produzione, muovi il tuo indicatore sul Tracciato Energia di ulteriori 3 spazi'), abilities.italy);
});

test('a bonus tile, a Private Building and an External Work', () => {
  const bonus = byId([...CATALOG.bonus_tiles, ...CATALOG.expansion_bonus_tiles], (x) => names.bonusText(x.id));
  assert.equal(bonus.B_BASES, '4 PV per Basi costruite');
  const buildings = byId(CATALOG.private_buildings, (x) => `${names.buildingName(x.id)}: ${names.printed(x.text)}`);
  assert.equal(buildings.financial_division, 'Divisione Finanziaria: prendi 5 Crediti');
  const works = byId(CATALOG.external_works, (x) => names.externalWorkText(x.id));
  assert.equal(works.C5, 'pila C: scarta 5 Escavatori → 6 PV e 3 Betoniere');
});
