// @ts-check
// The glossary's search without the page (tests/js/glossary_search.test.js): terms are found in
// English or Italian, accents optional ("perche" finds "perché"), every word typed anywhere in
// one of the term's names.

/**
 * Lower case without accents: the same folding as companion/glossary.py's fold(), which
 * writes each term's data-search.
 * @param {string} text
 * @returns {string}
 */
export function fold(text) {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The words typed, folded: 'Perché  Diga ' → ['perche', 'diga'].
 * @param {string} query
 * @returns {string[]}
 */
export function searchWords(query) {
  return fold(query).split(/\s+/).filter(Boolean);
}

/**
 * Does a term match? Every word typed must be part of its (folded) names; no word matches all.
 * @param {string[]} words from searchWords()
 * @param {string} search the term's data-search
 * @returns {boolean}
 */
export function matches(words, search) {
  return words.every((word) => search.includes(word));
}
