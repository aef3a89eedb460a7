// The glossary's search: filters the terms as you type, in English or Italian, accents
// optional ("perche" finds "perché"); every word typed must start a name or be part of one.
// "/" jumps to the search, Esc clears it, Enter goes to the first term found.
import { scriptReady } from './dom.js';

const input = document.getElementById('glossary-q');
const items = [...document.querySelectorAll('#glossary-list > li')];
const shownCount = document.querySelector('#glossary-count [data-field="shown"]');
const empty = document.getElementById('glossary-empty');

// Same folding as companion/glossary.py's fold(): the names in data-search are folded there.
const fold = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function filter() {
  const words = fold(input.value).split(/\s+/).filter(Boolean);
  let shown = 0;
  for (const item of items) {
    const match = words.every((word) => item.dataset.search.includes(word));
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
