// @ts-check
// The EN | IT switch of the menu (issue 13). The engine's sentences arrive already in this
// device's language (the server renders them, companion/engine/words.py), so the pages show
// them as they come; this switch only changes the language the server speaks to this device.
import { el } from './dom.js';
import { LANG, t } from './i18n.js';

/** The EN | IT switch of the menu: the server keeps the choice in this device's cookie. */
export function languageSwitch() {
  const here = `${location.pathname}${location.search}`;
  return el('nav', { class: 'language-switch', 'aria-label': t('Language') },
    ...[['en', 'EN', 'English'], ['it', 'IT', 'Italiano']].map(([code, label, name]) => el('a', {
      class: 'button', lang: code, hreflang: code,
      'aria-current': code === LANG ? 'true' : undefined,
      href: `/lang/${code}?next=${encodeURIComponent(here)}`,
    }, el('span', { 'aria-hidden': 'true', text: label }), el('span', { class: 'visually-hidden', text: name }))));
}
