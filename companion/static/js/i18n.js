// @ts-check
// The device's words (issue 13): t('Round {round}', {round: 2}) looks the English sentence up in
// the catalogue the page embeds (generated from companion/translations/*.po by
// tools/i18n_catalogues.py), then fills its {named} placeholders. English is the key itself,
// so a missing entry still reads.

/** @typedef {Record<string, string | number | boolean | null | undefined>} Params */

const node = typeof document !== 'undefined' ? document.getElementById('i18n-messages') : null;
/** @type {Record<string, string>} */
const MESSAGES = node ? JSON.parse(node.textContent || '{}') : {};

/** This page's language ('en' or 'it'), as the server chose it for this device. */
export const LANG = (typeof document !== 'undefined' && document.documentElement.lang) || 'en';

/**
 * @param {string} text
 * @param {Params} [params]
 * @returns {string}
 */
function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/**
 * A user-visible sentence in this device's language, its {placeholders} filled from params.
 * @param {string} key the English sentence
 * @param {Params} [params]
 * @returns {string}
 */
export function t(key, params) {
  // own entries only: a key such as "constructor" is a sentence, not Object's property
  return fill((Object.hasOwn(MESSAGES, key) && MESSAGES[key]) || key, params);
}

/**
 * Marks a sentence for the catalogue without translating it now (a table of words looked up
 * with t() later).
 * @template {string} K
 * @param {K} key
 * @returns {K}
 */
export function N_(key) {
  return key;
}
