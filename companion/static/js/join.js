// @ts-check
// Join: the QR code's page shows the game and a Join button; the join form takes a typed
// code. Either way the device joins with a POST from this page (never by opening a link:
// routes/pages.py join_with_code), then picks the company it plays and opens the game.
import { api } from './api.js';
import { el, scriptReady } from './dom.js';
import { byId } from './elements.js';
import { companyLetter, companyName } from './names.js';
import { t } from './i18n.js';

/**
 * The game a join answers (POST /api/join `game`: companion/store.py `_summary`).
 * @typedef {{
 *   id: string,
 *   title: string,
 *   players: Array<{ company: string, name: string, kind: string }>
 * }} JoinedGame
 */

const page = byId('join-page');
const ask = byId('join-ask');
const error = byId('join-error');
const seat = byId('join-seat');
const seatError = byId('seat-error');

/**
 * The game page to open once this device has its seat (a phone's `?view=` kept).
 * @param {string} id
 */
function gameUrl(id) {
  const view = page.dataset.view;
  return api.gamePage(id) + (view ? `?view=${encodeURIComponent(view)}` : '');
}

/**
 * @param {HTMLElement} node
 * @param {string} message
 */
function showError(node, message) {
  node.textContent = message;
  node.hidden = false;
}

/** @param {string} code */
async function join(code) {
  error.hidden = true;
  try {
    const result = await api.join(code);
    chooseSeat(result.game);
  } catch (e) {
    const status = /** @type {{ status?: number }} */ (e).status;
    const message = status === 404 ? t('No game has the code {code}. Check the code on the tablet.', { code }) : String(/** @type {Error} */ (e).message);
    showError(error, message);
  }
}

/**
 * Claim the seat (null: only follow the game), then open the game.
 * @param {JoinedGame} game
 * @param {string | null} company
 */
async function claim(game, company) {
  seatError.hidden = true;
  try {
    await api.claim(game.id, company);
  } catch (e) {
    showError(seatError, String(/** @type {Error} */ (e).message));
    return;
  }
  if (company) localStorage.setItem(`barrage:me:${game.id}`, company);
  else localStorage.removeItem(`barrage:me:${game.id}`);
  window.location.assign(gameUrl(game.id));
}

/**
 * @param {JoinedGame} game
 * @param {JoinedGame['players'][number]} player
 */
function seatButton(game, player) {
  const who = [companyName(player.company), player.name ? `(${player.name})` : '', player.kind === 'automa' ? `· ${t('Automa')}` : ''].filter(Boolean).join(' ');
  return el('button', { type: 'button', class: `seat-choice co-${player.company}`, onclick: () => claim(game, player.company) },
    el('span', { class: 'badge', 'aria-hidden': 'true', text: companyLetter(player.company) }), ` ${who}`);
}

/**
 * Joined: which company this device plays (or none: it follows the game).
 * @param {JoinedGame} game
 */
function chooseSeat(game) {
  ask.hidden = true;
  byId('seat-game').textContent = game.title ? t('You joined {game}.', { game: game.title }) : t('You joined the game.');
  byId('seat-choices').replaceChildren(
    ...(game.players || []).map((p) => seatButton(game, p)),
    el('button', { type: 'button', class: 'seat-choice', onclick: () => claim(game, null), text: t('None: just follow the game') }));
  seat.hidden = false;
  byId('seat-title').focus();
}

document.getElementById('join-this')?.addEventListener('click', () => join(ask.dataset.code ?? ''));
document.getElementById('join-form')?.addEventListener('submit', (event) => {
  event.preventDefault();
  join(byId('join-code', HTMLInputElement).value.trim().toUpperCase());
});
scriptReady();
