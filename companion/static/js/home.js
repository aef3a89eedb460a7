// @ts-check
// Home: the saved games (resume, QR for late joiners, delete with confirmation).
import { api, loadQr } from './api.js';
import { fromTemplate } from './dom.js';
import { byId, field } from './elements.js';
import { companyName } from './names.js';
import { LANG, t } from './i18n.js';

/**
 * A saved game as GET /api/games lists it (companion/store.py `_summary`, `players_summary`).
 * @typedef {{
 *   id: string,
 *   join_code: string,
 *   title: string,
 *   created_at: string,
 *   updated_at: string,
 *   round: number | null,
 *   finished: boolean,
 *   setup: { mode?: string },
 *   players: Array<{ company: string, name: string, kind: string }>
 * }} GameSummary
 */

const list = byId('games');
/** @type {Record<string, string>} */
const MODES = { full: t('full'), introductory: t('introductory') };

/** @param {GameSummary} game */
function players(game) {
  return game.players.map((s) => `${companyName(s.company)}${s.name ? ` (${s.name})` : ''}${s.kind === 'automa' && !/automa/i.test(s.name) ? ` · ${t('Automa')}` : ''}`).join(', ');
}

/** @param {GameSummary} game */
function when(game) {
  const raw = game.updated_at || game.created_at;
  if (!raw) return '';
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? raw : date.toLocaleString(LANG);
}

/** @param {GameSummary} game */
function row(game) {
  const node = /** @type {HTMLElement} */ (fromTemplate('tpl-game-row'));
  const { id } = game;
  const title = game.title || players(game) || t('Game {id}', { id });
  field(node, 'title').textContent = title;
  const mode = game.setup.mode;
  const bits = [game.title ? players(game) : '', when(game), mode && (MODES[mode] ?? mode), game.finished ? t('finished') : game.round ? t('round {round}', { round: game.round }) : ''].filter(Boolean);
  field(node, 'detail').textContent = bits.join(' · ');
  const resume = field(node, 'resume', HTMLAnchorElement);
  resume.href = api.gamePage(id);
  resume.setAttribute('aria-label', t('Resume {game}', { game: title }));
  const audit = field(node, 'audit', HTMLAnchorElement);
  audit.href = `/audit/games/${encodeURIComponent(id)}`;
  audit.setAttribute('aria-label', t('Score audit of {game}', { game: title }));
  const qr = field(node, 'qr', HTMLButtonElement);
  qr.setAttribute('aria-label', t('QR code to join {game}', { game: title }));
  qr.addEventListener('click', () => showQr(game));
  const del = field(node, 'delete', HTMLButtonElement);
  del.setAttribute('aria-label', t('Delete {game}', { game: title }));
  del.addEventListener('click', () => confirmDelete(game, title, node));
  return node;
}

/** @param {GameSummary} game */
function showQr(game) {
  const dialog = byId('qr-dialog', HTMLDialogElement);
  loadQr(field(dialog, 'img', HTMLImageElement), api.qrUrl(game.id));
  field(dialog, 'code').textContent = game.join_code || '';
  dialog.showModal();
}

/**
 * @param {GameSummary} game
 * @param {string} title
 * @param {HTMLElement} node its row
 */
function confirmDelete(game, title, node) {
  const dialog = byId('confirm-delete', HTMLDialogElement);
  field(dialog, 'what').textContent = title;
  dialog.returnValue = '';
  dialog.addEventListener('close', async function onClose() {
    dialog.removeEventListener('close', onClose);
    if (dialog.returnValue !== 'delete') return;
    await api.deleteGame(game.id);
    node.remove();
    byId('games-empty').hidden = list.children.length > 0;
  });
  dialog.showModal();
}

async function load() {
  /** @type {{ games: GameSummary[] }} */
  const data = await api.listGames();
  list.replaceChildren(...data.games.map(row));
  byId('games-empty').hidden = data.games.length > 0;
}

for (const img of document.querySelectorAll('img[data-qr]')) {
  if (img instanceof HTMLImageElement && img.dataset.qr) loadQr(img, img.dataset.qr);
}
load();
