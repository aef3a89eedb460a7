// Join: the QR code's page shows the game and a Join button; the join form takes a typed
// code. Either way the device joins with a POST from this page (never by opening a link:
// routes/pages.py join_with_code), then picks the company it plays and opens the game.
import { api } from './api.js';
import { el, scriptReady } from './dom.js';
import { companyLetter, companyName } from './names.js';
import { t } from './i18n.js';

const page = document.getElementById('join-page');
const ask = document.getElementById('join-ask');
const error = document.getElementById('join-error');
const seat = document.getElementById('join-seat');

/** The game page to open once this device has its seat (a phone's `?view=` kept). */
function gameUrl(id) {
  const view = page.dataset.view;
  return api.gamePage(id) + (view ? `?view=${encodeURIComponent(view)}` : '');
}

function showError(node, message) {
  node.textContent = message;
  node.hidden = false;
}

async function join(code) {
  error.hidden = true;
  try {
    const result = await api.join(code);
    chooseSeat(result.game);
  } catch (e) {
    showError(error, e.status === 404 ? t('No game has the code {code}. Check the code on the tablet.', { code }) : e.message);
  }
}

async function claim(game, company) {
  document.getElementById('seat-error').hidden = true;
  try {
    await api.claim(game.id, company);
  } catch (e) {
    showError(document.getElementById('seat-error'), e.message);
    return;
  }
  if (company) localStorage.setItem(`barrage:me:${game.id}`, company);
  else localStorage.removeItem(`barrage:me:${game.id}`);
  window.location.assign(gameUrl(game.id));
}

function seatButton(game, player) {
  const who = [companyName(player.company), player.name ? `(${player.name})` : '', player.kind === 'automa' ? `· ${t('Automa')}` : ''].filter(Boolean).join(' ');
  return el('button', { type: 'button', class: `seat-choice co-${player.company}`, onclick: () => claim(game, player.company) },
    el('span', { class: 'badge', 'aria-hidden': 'true', text: companyLetter(player.company) }), ` ${who}`);
}

/** Joined: which company this device plays (or none: it follows the game). */
function chooseSeat(game) {
  ask.hidden = true;
  document.getElementById('seat-game').textContent = game.title ? t('You joined {game}.', { game: game.title }) : t('You joined the game.');
  document.getElementById('seat-choices').replaceChildren(
    ...(game.players || []).map((p) => seatButton(game, p)),
    el('button', { type: 'button', class: 'seat-choice', onclick: () => claim(game, null), text: t('None: just follow the game') }));
  seat.hidden = false;
  document.getElementById('seat-title').focus();
}

document.getElementById('join-this')?.addEventListener('click', () => join(ask.dataset.code));
document.getElementById('join-form')?.addEventListener('submit', (event) => {
  event.preventDefault();
  join(document.getElementById('join-code').value.trim().toUpperCase());
});
scriptReady();
