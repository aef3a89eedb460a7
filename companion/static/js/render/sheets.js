// The slide-in sheet (one at a time): table instructions, undo preview, log, correction,
// company board, ledger lines, menu. Non-modal: nothing blocks the next move.
import { el, fill, fromTemplate } from '../dom.js';
import { companyName } from '../names.js';
import { badge } from './company.js';

const dom = () => ({
  sheet: document.getElementById('sheet'),
  title: document.getElementById('sheet-title'),
  body: document.getElementById('sheet-body'),
  footer: document.getElementById('sheet-footer'),
});

let openKind = null;

/** Open the sheet with a title, body nodes and footer buttons; returns the body element. */
export function openSheet(kind, title, body = [], footer = []) {
  const d = dom();
  openKind = kind;
  d.sheet.dataset.kind = kind;
  d.title.textContent = title;
  fill(d.body, ...body);
  fill(d.footer, ...footer);
  d.footer.hidden = !footer.length;
  d.sheet.hidden = false;
  d.sheet.setAttribute('aria-label', title);
  return d.body;
}

export function closeSheet() {
  const d = dom();
  d.sheet.hidden = true;
  openKind = null;
}

export function sheetKind() {
  return openKind;
}

function describe(item) {
  if (typeof item === 'string') return item;
  return item.text || item.reason || item.message || item.label || item.type?.replaceAll('_', ' ') || '';
}

/** The undo preview: what goes back. Accepts a list, or {summary, events, commands, text}. */
export function undoPreviewNodes(preview) {
  const nodes = [];
  if (!preview) return [el('p', { text: 'Nothing to undo.' })];
  const summary = preview.summary || preview.text || preview.message;
  if (summary) nodes.push(el('p', { class: 'big-summary' }, el('strong', { text: summary })));
  const items = Array.isArray(preview) ? preview : preview.events || preview.reverts || preview.items || preview.will_revert || [];
  if (items.length) nodes.push(el('ul', {}, ...items.map((x) => el('li', { text: describe(x) })).filter((li) => li.textContent)));
  if (!nodes.length) nodes.push(el('p', { text: 'The last action will be reverted.' }));
  return nodes;
}

/** The correction form (from <template id="tpl-correction">) filled with the game's ids. */
export function correctionForm(state, board) {
  const form = fromTemplate('tpl-correction');
  const companies = Object.keys(state.players || {});
  const options = (select, values) => select.replaceChildren(...values.map(([value, text]) => el('option', { value, text })));
  options(form.querySelector('[data-field="company"]'), companies.map((c) => [c, companyName(c)]));
  options(form.querySelector('[data-field="owner"]'), [['', 'nobody (remove)'], ...companies.map((c) => [c, companyName(c)]), ['neutral', 'Neutral']]);
  options(form.querySelector('[data-field="space"]'), (board?.spaces || []).map((s) => [s.id, `${s.id} (${s.kind})`]));
  const target = form.querySelector('[data-field="target"]');
  const sync = () => {
    for (const node of form.querySelectorAll('[data-target]')) {
      node.hidden = !node.dataset.target.split(' ').includes(target.value);
    }
  };
  target.addEventListener('change', sync);
  sync();
  return form;
}

const num = (v) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/** The `correct` command the form describes (the engine validates it). */
export function correctionCommand(form) {
  const f = new FormData(form);
  const target = f.get('target');
  const command = { type: 'correct', target, reason: String(f.get('reason') || '').trim() };
  if (target === 'player') Object.assign(command, { company: f.get('company'), field: f.get('field'), value: num(f.get('value')) });
  if (target === 'dam') Object.assign(command, { space: f.get('space'), drops: num(f.get('drops')) });
  if (target === 'headstream') Object.assign(command, { headstream: f.get('headstream'), drops: num(f.get('drops')) });
  if (target === 'structure') Object.assign(command, { space: f.get('space'), owner: f.get('owner') || null, level: num(f.get('level')) });
  if (target === 'contract') Object.assign(command, { company: f.get('company'), contract: String(f.get('contract') || '').trim(), change: f.get('change') });
  if (target === 'wheel') {
    Object.assign(command, {
      company: f.get('company'), segment: num(f.get('segment')), excavators: num(f.get('excavators')) ?? 0,
      mixers: num(f.get('mixers')) ?? 0,
      tiles: String(f.get('tiles') || '').split(',').map((t) => t.trim()).filter(Boolean),
    });
  }
  return command;
}

/** The ledger lines of one company (optionally one category) as a list. */
export function ledgerNodes(player, category) {
  const lines = (player.ledger || []).filter((l) => !category || l.category === category);
  if (!lines.length) return [el('p', { text: 'No ledger lines.' })];
  return [el('ul', {}, ...lines.map((l) => el('li', { text: `Round ${l.round} · ${l.phase.replaceAll('_', ' ')}: ${l.vp > 0 ? '+' : ''}${l.vp} VP — ${l.reason}` })))];
}

function scoreOrder(state) {
  const totals = {};
  for (const [company, cats] of Object.entries(state.final_scores || {})) {
    totals[company] = cats.total ?? Object.entries(cats).filter(([k]) => !['rank', 'total'].includes(k)).reduce((s, [, v]) => s + Number(v || 0), 0);
  }
  const order = Object.keys(totals).sort((a, b) => {
    const ra = state.final_scores[a].rank;
    const rb = state.final_scores[b].rank;
    if (ra !== undefined && rb !== undefined && ra !== rb) return ra - rb;
    if (totals[b] !== totals[a]) return totals[b] - totals[a];
    return (state.players[b]?.last_round_energy ?? 0) - (state.players[a]?.last_round_energy ?? 0);
  });
  return { totals, order };
}

/** The end-of-game scoring table (players × categories), the winner and the tiebreak. */
export function renderScores(root, state) {
  const { totals, order } = scoreOrder(state);
  const categories = [];
  for (const cats of Object.values(state.final_scores || {})) {
    for (const k of Object.keys(cats)) if (!['total', 'rank'].includes(k) && !categories.includes(k)) categories.push(k);
  }
  const winner = order[0];
  const tied = order.filter((c) => totals[c] === totals[winner]);
  const table = el('table', { 'aria-label': 'Final scores' });
  table.append(el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'Category' }),
    ...order.map((c) => el('th', { scope: 'col' }, badge(c), ' ', companyName(c))))));
  const tbody = el('tbody');
  for (const cat of categories) {
    tbody.append(el('tr', {}, el('th', { scope: 'row', text: cat.replaceAll('_', ' ') }),
      ...order.map((c) => el('td', {}, el('button', {
        type: 'button', 'data-ledger': c, 'data-category': cat,
        'aria-label': `${companyName(c)} ${cat.replaceAll('_', ' ')}: ${state.final_scores[c][cat] ?? 0}. Show ledger lines`,
        text: state.final_scores[c][cat] ?? 0,
      })))));
  }
  table.append(tbody);
  table.append(el('tfoot', {}, el('tr', {}, el('th', { scope: 'row', text: 'Total' }),
    ...order.map((c) => el('td', { 'data-total': c, text: totals[c] })))));
  const nodes = [el('h2', { id: 'scores-title', text: 'Final scores' }),
    el('p', { class: 'winner' }, '🏆 ', badge(winner), ` ${companyName(winner)} wins with ${totals[winner]} VP`)];
  if (tied.length > 1) {
    nodes.push(el('p', { text: `Tie on ${totals[winner]} VP broken by the energy of the last round: ${tied.map((c) => `${companyName(c)} ${state.players[c]?.last_round_energy ?? 0}`).join(' > ')}` }));
  }
  nodes.push(table, el('div', { class: 'row' }, el('button', { type: 'button', 'data-print': '', text: 'Print' }), el('a', { class: 'button', href: '/', text: 'Home' })));
  fill(root, ...nodes);
  root.hidden = false;
}
