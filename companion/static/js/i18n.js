// The device's words (issue 13): t('Round {round}', {round: 2}) looks the English sentence up in
// the catalogue the page embeds (generated from companion/translations/*.po by tools/i18n.py),
// then fills its {named} placeholders. English is the key itself, so a missing entry still reads.

const node = typeof document !== 'undefined' ? document.getElementById('i18n-messages') : null;
const MESSAGES = node ? JSON.parse(node.textContent || '{}') : {};

/** This page's language ('en' or 'it'), as the server chose it for this device. */
export const LANG = (typeof document !== 'undefined' && document.documentElement.lang) || 'en';

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** A user-visible sentence in this device's language, its {placeholders} filled from params. */
export function t(key, params) {
  return fill(MESSAGES[key] || key, params);
}

/**
 * Marks a sentence for the catalogue without translating it now (a table of words looked up
 * with t() later).
 */
export function N_(key) {
  return key;
}
