// @ts-check
// The glossary's search: filters the terms as you type, in English or Italian, accents
// optional ("perche" finds "perché"); every word typed must be part of one of a term's names
// (glossary_search.js). "/" jumps to the search, Esc clears it, Enter goes to the first term found.
import { scriptReady } from './dom.js';
import { byId, field } from './elements.js';
import { matches, searchWords } from './glossary_search.js';

const input = byId('glossary-q', HTMLInputElement);
const items = [...byId('glossary-list').children].filter((node) => node instanceof HTMLLIElement);
const shownCount = field(byId('glossary-count'), 'shown');
const empty = byId('glossary-empty');

function filter() {
  const words = searchWords(input.value);
  let shown = 0;
  for (const item of items) {
    const match = matches(words, item.dataset.search ?? '');
    item.hidden = !match;
    if (match) shown += 1;
  }
  shownCount.textContent = String(shown);
  empty.hidden = shown > 0;
}

function firstShown() {
  return items.find((item) => !item.hidden)?.querySelector('a');
}

input.addEventListener('input', filter);
input.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && input.value) {
    input.value = '';
    filter();
    event.preventDefault();
  } else if (event.key === 'Enter') {
    firstShown()?.focus();
    event.preventDefault();
  }
});
document.addEventListener('keydown', (event) => {
  const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement;
  if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
    input.focus();
    input.select();
    event.preventDefault();
  }
});

// Back to where the reader came from (the game), or home when the glossary was opened directly.
const back = document.querySelector('[data-back]');
back?.addEventListener('click', (event) => {
  const cameFromHere = document.referrer && new URL(document.referrer).origin === location.origin;
  if (cameFromHere && history.length > 1) {
    event.preventDefault();
    history.back();
  }
});

filter();
scriptReady();
