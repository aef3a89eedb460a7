// Home: the saved games (resume, QR for late joiners, delete with confirmation).
import { api, loadQr } from './api.js';
import { fromTemplate } from './dom.js';
import { companyName } from './names.js';
import { LANG, t } from './i18n.js';

const list = document.getElementById('games');

function field(node, name) {
  return node.querySelector(`[data-field="${name}"]`);
}

function gameId(game) {
  return game.game_id ?? game.id;
}

function players(game) {
  const seats = game.players || game.seats || [];
  return seats.map((s) => (typeof s === 'string' ? companyName(s) : `${companyName(s.company)}${s.name ? ` (${s.name})` : ''}${s.kind === 'automa' && !/automa/i.test(s.name || '') ? ` · ${t('Automa')}` : ''}`)).join(', ');
}

function when(game) {
  const raw = game.updated_at || game.created_at || game.created || game.date;
  if (!raw) return '';
  const date = new Date(typeof raw === 'number' && raw < 1e12 ? raw * 1000 : raw);
  return Number.isNaN(date.getTime()) ? String(raw) : date.toLocaleString(LANG);
}

function row(game) {
  const node = fromTemplate('tpl-game-row');
  const id = gameId(game);
  const title = game.title || players(game) || t('Game {id}', { id });
  field(node, 'title').textContent = title;
  const mode = game.setup?.mode ?? game.mode;
  const bits = [game.title ? players(game) : '', when(game), { full: t('full'), introductory: t('introductory') }[mode] ?? mode, game.finished ? t('finished') : game.round ? t('round {round}', { round: game.round }) : ''].filter(Boolean);
  field(node, 'detail').textContent = bits.join(' · ');
  const resume = field(node, 'resume');
  resume.href = api.gamePage(id);
  resume.setAttribute('aria-label', t('Resume {game}', { game: title }));
  const audit = field(node, 'audit');
  audit.href = `/audit/games/${encodeURIComponent(id)}`;
  audit.setAttribute('aria-label', t('Score audit of {game}', { game: title }));
  field(node, 'qr').setAttribute('aria-label', t('QR code to join {game}', { game: title }));
  field(node, 'qr').addEventListener('click', () => showQr(game));
  const del = field(node, 'delete');
  del.setAttribute('aria-label', t('Delete {game}', { game: title }));
  del.addEventListener('click', () => confirmDelete(game, title, node));
  return node;
}

function showQr(game) {
  const dialog = document.getElementById('qr-dialog');
  loadQr(field(dialog, 'img'), api.qrUrl(gameId(game)));
  field(dialog, 'code').textContent = game.join_code || '';
  dialog.showModal();
}

function confirmDelete(game, title, node) {
  const dialog = document.getElementById('confirm-delete');
  field(dialog, 'what').textContent = title;
  dialog.returnValue = '';
  dialog.addEventListener('close', async function onClose() {
    dialog.removeEventListener('close', onClose);
    if (dialog.returnValue !== 'delete') return;
    await api.deleteGame(gameId(game));
    node.remove();
    document.getElementById('games-empty').hidden = list.children.length > 0;
  });
  dialog.showModal();
}

async function load() {
  const data = await api.listGames();
  const games = Array.isArray(data) ? data : data.games || [];
  list.replaceChildren(...games.map(row));
  document.getElementById('games-empty').hidden = games.length > 0;
}

for (const img of document.querySelectorAll('img[data-qr]')) loadQr(img, img.dataset.qr);
load();
