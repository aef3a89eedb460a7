// glossary_search.js: the glossary page finds terms in English or Italian, accents optional.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fold, matches, searchWords } from '../../companion/static/js/glossary_search.js';
import { ROOT } from './page.js';

const TERMS = JSON.parse(readFileSync(new URL('companion/glossary.json', ROOT), 'utf8')).terms;
/** A term's data-search as companion/glossary.py writes it: every name, folded. */
const searchOf = (entry) => ['en', 'it']
  .flatMap((lang) => [entry[lang].term, ...(entry[lang].also ?? [])]).map(fold).join(' | ');
const found = (query) => TERMS.filter((entry) => matches(searchWords(query), searchOf(entry))).map((e) => e.id);

describe('fold', () => {
  test('lower case without accents, as companion/glossary.py folds', () => {
    assert.equal(fold('Perché'), 'perche');
    assert.equal(fold('Unità Energia'), 'unita energia');
    assert.equal(fold('ÀÈÌÒÙ àèéìòù'), 'aeiou aeeiou');
  });
});

describe('searchWords', () => {
  test('the words typed, folded, without the spaces around them', () => {
    assert.deepEqual(searchWords('  Perché   Diga '), ['perche', 'diga']);
    assert.deepEqual(searchWords('   '), []);
  });
});

describe('matches', () => {
  test('nothing typed: every term shows', () => {
    assert.equal(found('').length, TERMS.length);
  });

  test('a name typed without its accent finds the Italian term', () => {
    assert.ok(found('unita').includes(TERMS.find((e) => e.it.term === 'Unità Energia').id));
  });

  test('every term is found by each of its names, in either language', () => {
    for (const entry of TERMS) {
      for (const name of ['en', 'it'].flatMap((lang) => [entry[lang].term, ...(entry[lang].also ?? [])])) {
        assert.ok(found(name).includes(entry.id), `${name} finds ${entry.id}`);
      }
    }
  });

  test('every word typed must be in the names: two terms\' words together find neither', () => {
    assert.ok(found('diga').includes('dam'));
    assert.deepEqual(found('diga zzz'), []);
  });

  test('part of a word is enough: the start of "Dighe" finds the dam', () => {
    assert.ok(found('digh').includes('dam'));
  });
});
