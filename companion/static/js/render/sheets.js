// The slide-in sheet (one at a time): table instructions, undo preview, log, correction,
// company board, ledger lines, menu. Non-modal: nothing blocks the next move.
import { el, fill, icon } from '../dom.js';
import { api } from '../api.js';
import { companyName, humanize, objectiveLabel, phaseName } from '../names.js';
import { badge } from './company.js';
import { LANG, N_, t } from '../i18n.js';
import { ruleNodes, rulesFor } from './why.js';

const dom = () => ({
  sheet: document.getElementById('sheet'),
  title: document.getElementById('sheet-title'),
  body: document.getElementById('sheet-body'),
  footer: document.getElementById('sheet-footer'),
});

let openKind = null;
// the control that opened the sheet: focus goes back to it (or to its twin, when a render
// replaced it) when the sheet closes
let opener = null;

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** What can take focus inside the sheet now, in Tab order. */
function focusables(sheet) {
  return [...sheet.querySelectorAll(FOCUSABLE)].filter((n) => n.getClientRects().length && !n.closest('[hidden]'));
}

/** A selector that finds the same control after a render replaced it (same data-* keys). */
export function twinSelector(node) {
  if (!node || node === document.body) return null;
  if (node.id) return `#${CSS.escape(node.id)}`;
  const keys = Object.keys(node.dataset || {});
  if (!keys.length) return null;
  const attr = (k) => `data-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  return keys.map((k) => `[${attr(k)}="${CSS.escape(node.dataset[k])}"]`).join('');
}

/**
 * Put focus back on `node`, or on the control that replaced it. It does not scroll: the
 * control is where it was, and a person reading elsewhere must not be moved.
 */
export function refocus(node, selector = twinSelector(node)) {
  const target = node?.isConnected ? node : selector ? document.querySelector(selector) : null;
  target?.focus?.({ preventScroll: true });
  return Boolean(target);
}

/** Open the sheet with a title, body nodes and footer buttons; returns the body element. */
export function openSheet(kind, title, body = [], footer = []) {
  const d = dom();
  const opening = d.sheet.hidden;
  if (opening) {
    const active = document.activeElement;
    opener = active && active !== document.body && !d.sheet.contains(active) ? { node: active, selector: twinSelector(active) } : null;
  }
  openKind = kind;
  d.sheet.dataset.kind = kind;
  d.title.textContent = title;
  fill(d.body, ...body);
  fill(d.footer, ...footer);
  d.footer.hidden = !footer.length;
  d.sheet.hidden = false;
  d.sheet.setAttribute('aria-label', title);
  // side by side (landscape tablet) the sheet slides in under the header, so Undo / Log /
  // Correct stay one tap away
  const header = document.querySelector('.game-header');
  d.sheet.style.top = header && SIDE_BY_SIDE.matches ? `${Math.round(header.getBoundingClientRect().bottom)}px` : '';
  if (opening || !d.sheet.contains(document.activeElement)) focusInto(d);
  return d.body;
}

const SIDE_BY_SIDE = window.matchMedia('(orientation: landscape) and (min-width: 900px)');

/**
 * Focus moves into the sheet as it opens: its first control in the body or footer (a form's
 * first field; "Keep it" before "Undo"), else its Close button.
 */
function focusInto(d) {
  const inside = focusables(d.sheet).filter((n) => n !== d.body && !n.matches('[data-close-sheet]'));
  (inside[0] || d.sheet.querySelector('header [data-close-sheet]'))?.focus();
}

export function closeSheet() {
  const d = dom();
  if (!d.sheet || d.sheet.hidden) return;
  // (a button disabled while it works, Undo, has dropped the focus to the body)
  const hadFocus = d.sheet.contains(document.activeElement) || document.activeElement === document.body;
  d.sheet.hidden = true;
  openKind = null;
  const back = opener;
  opener = null;
  if (hadFocus && back) refocus(back.node, back.selector);
}

/** Tab and Shift+Tab cycle inside the open sheet (its controls only) until it closes. */
function trapTab(event) {
  const sheet = document.getElementById('sheet');
  if (event.key !== 'Tab' || !sheet || sheet.hidden) return;
  const list = focusables(sheet);
  if (!list.length) return;
  const first = list[0];
  const last = list.at(-1);
  const inside = sheet.contains(document.activeElement);
  if (!inside) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Every panel closes with Escape and with a tap outside it (a tap on what opens a panel opens
 * that one instead). `extra` closes other panels the page has (the instruction strip stays:
 * it covers nothing).
 */
export function installDismiss() {
  document.addEventListener('keydown', trapTab);
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const sheet = document.getElementById('sheet');
    if (sheet && !sheet.hidden) {
      event.preventDefault();
      closeSheet();
    }
  });
  document.addEventListener('pointerdown', (event) => {
    const sheet = document.getElementById('sheet');
    if (!sheet || sheet.hidden || sheet.contains(event.target)) return;
    if (event.target.closest?.('[data-open], [data-open-board], [data-ledger], #toast')) return;
    closeSheet();
  });
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
  if (!preview) return [el('p', { text: t('Nothing to undo.') })];
  if (preview.would_revert) {
    const entry = preview.would_revert;
    const raw = entry.lines?.length ? entry.lines : [String(entry.command?.type || entry.kind || t('the last action')).replaceAll('_', ' ')];
    const lines = [...new Set(raw.map((line) => humanize(line)))]; // the events of a move often repeat a sentence
    const who = entry.command?.player ? t('{company}’s move', { company: companyName(entry.command.player) }) : t('The last record');
    return [el('p', {}, el('strong', { text: t('{who} (#{seq}) goes back:', { who, seq: entry.seq }) })), el('ul', { class: 'undo-lines' }, ...lines.map((tx) => el('li', { text: tx })))];
  }
  const summary = preview.summary || preview.text || preview.message;
  if (summary) nodes.push(el('p', { class: 'big-summary' }, el('strong', { text: summary })));
  const items = Array.isArray(preview) ? preview : preview.events || preview.reverts || preview.items || preview.will_revert || [];
  if (items.length) nodes.push(el('ul', {}, ...items.map((x) => el('li', { text: describe(x) })).filter((li) => li.textContent)));
  if (!nodes.length) nodes.push(el('p', { text: t('The last action will be reverted.') }));
  return nodes;
}

/** The ledger lines of one company (optionally one category) as a list. */
export function ledgerNodes(player, category) {
  const lines = (player.ledger || []).filter((l) => !category || l.category === category);
  const rules = category ? ruleNodes(rulesFor('ledger', category)) : [];
  if (!lines.length) return [...rules, el('p', { text: t('No ledger lines.') })];
  return [...rules, el('ul', {}, ...lines.map((l) => el('li', { text: `${t('Round {round}', { round: l.round })} · ${LANG === 'en' ? l.phase.replaceAll('_', ' ') : phaseName(l.phase)}: ${t('{n} VP', { n: `${l.vp > 0 ? '+' : ''}${l.vp}` })} — ${humanize(l.reason)}` })))];
}

// keys of final_scores that are not VP categories
const NOT_CATEGORIES = new Set(['total', 'rank', 'winner', 'last_round_energy']);

function scoreOrder(state) {
  const totals = {};
  for (const [company, cats] of Object.entries(state.final_scores || {})) {
    totals[company] = cats.total ?? Object.entries(cats).filter(([k]) => !NOT_CATEGORIES.has(k)).reduce((s, [, v]) => s + Number(v || 0), 0);
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
export function renderScores(root, state, gameId) {
  const { totals, order } = scoreOrder(state);
  const categories = [];
  for (const cats of Object.values(state.final_scores || {})) {
    for (const k of Object.keys(cats)) if (!NOT_CATEGORIES.has(k) && !categories.includes(k)) categories.push(k);
  }
  const known = Object.keys(SOURCE_LABELS);
  categories.sort((a, b) => (known.includes(a) ? known.indexOf(a) : 99) - (known.includes(b) ? known.indexOf(b) : 99));
  const winner = order[0];
  const tied = order.filter((c) => totals[c] === totals[winner]);
  const flagged = order.filter((c) => state.final_scores[c].winner);
  const winners = flagged.length ? flagged : [winner];
  const table = el('table', { 'aria-label': t('Final scores') });
  table.append(el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: t('Category') }),
    ...order.map((c) => el('th', { scope: 'col' }, badge(c), ' ', companyName(c), el('span', { class: 'head-total', text: t('{n} VP', { n: totals[c] }) }))))));
  const tbody = el('tbody');
  for (const cat of categories) {
    tbody.append(el('tr', {}, el('th', { scope: 'row', text: sourceLabel(cat) }),
      ...order.map((c) => el('td', {}, el('button', {
        type: 'button', 'data-ledger': c, 'data-category': cat,
        'aria-label': t('{company} {category} ({label}): {vp}. Show ledger lines', { company: companyName(c), category: cat.replaceAll('_', ' '), label: sourceLabel(cat), vp: state.final_scores[c][cat] ?? 0 }),
        text: state.final_scores[c][cat] ?? 0,
      })))));
  }
  table.append(tbody);
  table.append(el('tfoot', {}, el('tr', {}, el('th', { scope: 'row', text: t('Total') }),
    ...order.map((c) => el('td', { 'data-total': c, text: totals[c] })))));
  const energy = (c) => state.final_scores[c].last_round_energy ?? state.players[c]?.last_round_energy ?? 0;
  const nodes = [el('h2', { id: 'scores-title', text: t('Final scores') })];
  if (winners.length > 1) {
    nodes.push(el('p', { class: 'winner', 'data-testid': 'winner' }, icon('vp'), ' ', ...winners.flatMap((c) => [badge(c), ` ${companyName(c)} `]),
      t('share the victory with {n} VP', { n: totals[winner] })));
    nodes.push(el('p', { text: t('Tied on VP and on the energy of the last round ({energies}).', { energies: winners.map((c) => `${companyName(c)} ${energy(c)}`).join(', ') }) }));
  } else {
    const wins = t('{company} wins with {n} VP', { company: companyName(winner), n: totals[winner] });
    nodes.push(el('p', { class: 'winner', 'data-testid': 'winner' }, icon('vp'), ' ', badge(winner), ` ${wins}`));
    if (tied.length > 1) {
      nodes.push(el('p', { text: t('Tie on {n} VP broken by the energy of the last round: {energies}.', { n: totals[winner], energies: tied.map((c) => `${companyName(c)} ${energy(c)}`).join(' > ') }) }));
    }
  }
  const objectiveBox = el('section', { class: 'objective-ranking', 'aria-labelledby': 'objective-title' },
    el('h3', { id: 'objective-title', text: t('Objective tile: {objective}', { objective: objectiveLabel(state.objective) }) }));
  nodes.push(el('div', { class: 'table-scroll', tabindex: '0', role: 'group', 'aria-label': t('Scores by source (scrolls sideways)') }, table), objectiveBox, el('div', { class: 'row' },
    el('button', { type: 'button', 'data-print': '', text: t('Print') }),
    gameId ? el('a', { class: 'button primary', href: `/audit/games/${encodeURIComponent(gameId)}`, text: t('Full score audit') }) : '',
    gameId ? el('a', { class: 'button', href: `/api/games/${encodeURIComponent(gameId)}/log`, download: `barrage-${gameId}-log.json`, text: t('Export the log') }) : '',
    el('a', { class: 'button', href: '/', text: t('Home') })));
  fill(root, ...nodes);
  root.hidden = false;
  if (gameId) renderObjective(objectiveBox, gameId, state);
}

// the scoring table's rows in the rulebook's words (the score audit's labels, engine/audit.py)
const SOURCE_LABELS = {
  start: N_('Starting VP'),
  income: N_('Income'),
  conduit_use: N_('Conduit use'),
  contract: N_('Contracts'),
  advanced_tile: N_('Advanced Technology tiles'),
  energy_ranking: N_('Energy track 1st / 2nd'),
  energy_track: N_('Energy track (0 space, Automa Credits)'),
  bonus_tile: N_('Bonus tiles'),
  objective: N_('Objective tile'),
  resources: N_('Resources left'),
  water: N_('Drops in own dams'),
  automa_bank: N_('Automa: Bank'),
  automa_cost: N_('Automa: costs paid in VP'),
  automa_action: N_('Automa: actions (Credits as VP)'),
  construction: N_('Construction fees (Automa, in VP)'),
  officer: N_('Executive officer'),
  external_work: N_('External Works'),
  building: N_('Private buildings'),
  correction: N_('Corrections'),
};
let auditLabels = {};

export function sourceLabel(category) {
  if (LANG === 'en' && auditLabels[category]) return auditLabels[category];
  return SOURCE_LABELS[category] ? t(SOURCE_LABELS[category]) : auditLabels[category] ?? category.replaceAll('_', ' ');
}

let objectiveCache = { key: null, data: null };

/** The objective ranking with the counted elements per player, from the score audit. */
async function renderObjective(box, gameId, state) {
  const key = `${gameId}:${state.round}:${state.finished}`;
  if (objectiveCache.key !== key) {
    try {
      objectiveCache = { key, data: await api.audit(gameId) };
    } catch (error) {
      box.append(el('p', { text: t('The objective ranking is on the score audit page.') }));
      return;
    }
  }
  const { audit } = objectiveCache.data;
  auditLabels = Object.fromEntries((audit.sources || []).map((s) => [s.category, s.label]));
  const objective = audit.objective;
  if (!objective) return;
  const table = el('table', { 'aria-label': t('Objective ranking') },
    el('thead', {}, el('tr', {}, ...[t('Place'), t('Counted'), t('What was counted'), t('VP')].map((tx) => el('th', { scope: 'col', text: tx })))),
    el('tbody', {}, ...objective.rows.map((row) => el('tr', {},
      el('th', { scope: 'row' }, `${row.place}${row.tied_with.length ? '= ' : '. '}`, badge(row.company), ` ${companyName(row.company)}`),
      el('td', { class: 'count', text: row.count }),
      el('td', { class: 'elements', text: row.elements.map((x) => x).join(', ') || '—' }),
      el('td', { class: 'count', text: row.vp }),
    ))));
  box.replaceChildren(box.firstChild, table,
    el('ul', { class: 'statements' }, ...objective.statements.slice(1).map((tx) => el('li', { text: tx }))));
}
