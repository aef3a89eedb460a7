// i18n.js: t() looks a sentence up in the page's catalogue and fills its {placeholders}.
import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { freshImport, ITALIAN, pageIn } from './page.js';

afterEach(() => {
  delete globalThis.document;
});

describe('without a catalogue (English, the key is the sentence)', () => {
  test('a sentence reads as its key', async () => {
    const { t, LANG } = await freshImport('i18n.js');
    assert.equal(t('Start playing'), 'Start playing');
    assert.equal(LANG, 'en');
  });

  test('placeholders are filled by name, every time they occur', async () => {
    const { t } = await freshImport('i18n.js');
    assert.equal(t('Round {round}', { round: 2 }), 'Round 2');
    assert.equal(t('Board {n} + Officer {n}', { n: 3 }), 'Board 3 + Officer 3');
    assert.equal(t('{who} has {n} VP', { who: 'Italy', n: 0 }), 'Italy has 0 VP');
  });

  test('a placeholder without its parameter stays as written, extra parameters are ignored', async () => {
    const { t } = await freshImport('i18n.js');
    assert.equal(t('Seat {n} ({name})', { n: 1, extra: 'x' }), 'Seat 1 ({name})');
    assert.equal(t('Seat {n}'), 'Seat {n}');
  });

  test("a sentence named like an Object property is a sentence, not the object's property", async () => {
    const { t } = await freshImport('i18n.js');
    assert.equal(t('constructor'), 'constructor');
    assert.equal(t('{toString} and {n}', { n: 1 }), '{toString} and 1');
  });

  test('N_ marks a sentence and gives it back as it is', async () => {
    const { N_ } = await freshImport('i18n.js');
    assert.equal(N_('Mountains'), 'Mountains');
  });
});

describe('an Italian page', () => {
  test("reads the page's language and says the sentence in Italian", async () => {
    pageIn('it', ITALIAN);
    const { t, LANG } = await freshImport('i18n.js');
    assert.equal(LANG, 'it');
    assert.equal(t('Seat {n}', { n: 2 }), 'Posto 2');
    assert.equal(t('Seat {n} ({name})', { n: 1, name: 'Ann' }), 'Posto 1 (Ann)');
  });

  test('a sentence missing from the catalogue still reads, in English', async () => {
    pageIn('it', ITALIAN);
    const { t } = await freshImport('i18n.js');
    assert.equal(t('A sentence nobody translated {n}', { n: 4 }), 'A sentence nobody translated 4');
  });

  test('the catalogue fills the placeholders of the translation', async () => {
    pageIn('it', { 'Round {round}': 'Round {round} di 5' });
    const { t } = await freshImport('i18n.js');
    assert.equal(t('Round {round}', { round: 3 }), 'Round 3 di 5');
  });
});
