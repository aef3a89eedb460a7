// The audit of a tracked game: players × VP sources (each number opens its ledger lines),
// the objective ranking with counts, the history charts. Data: GET /api/audit/games/<id>.
import { api, badge, h, openLines } from './common.js';
import { energyChart, vpChart } from './charts.js';
import { LANG, t } from '../i18n.js';
import { phaseName } from '../names.js';

const root = document.getElementById('audit-game');
const gameId = root.dataset.gameId;
const $ = (id) => document.getElementById(id);

// a phase as the audit has always written it in English ("water flow"), else the rulebook's name
const phaseWords = (phase) => (LANG === 'en' ? phase.replace('_', ' ') : phaseName(phase));

/** Round, phase and VP of one ledger line ("Round 2 · actions · +3 VP"). */
function lineMeta(line) {
  const round = t('Round {round}', { round: line.round });
  const vp = t('{n} VP', { n: `${line.vp > 0 ? '+' : ''}${line.vp}` });
  return `${round} · ${phaseWords(line.phase)} · ${vp}`;
}

function lineItems(cell) {
  return (cell?.lines ?? []).map((line) => ({
    meta: lineMeta(line),
    text: line.text, // the reason in the table's words (engine/audit.py reason_text)
  }));
}

function renderTable(audit) {
  const players = audit.players;
  const head = h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('Source') }),
    ...players.map((p) => h('th', { scope: 'col' }, badge(p.company), ` ${p.name}`))));
  const rows = audit.sources.map((source) => h('tr', {},
    h('th', { scope: 'row', text: source.label }),
    ...players.map((p) => {
      const cell = p.cells[source.category];
      if (!cell) return h('td', { class: 'num empty', text: '—' });
      const items = source.category === 'unrecorded'
        ? [{ text: t('The VP marker differs from the sum of the ledger lines by this much.') }]
        : lineItems(cell);
      return h('td', { class: 'num' }, h('button', {
        type: 'button', class: 'cell', text: cell.vp,
        'aria-label': `${p.name}, ${source.label}: ${t('{n} VP', { n: cell.vp })}`,
        onclick: () => openLines(`${p.name}: ${source.label}`, items),
      }));
    })));
  const total = h('tr', { class: 'total-row' }, h('th', { scope: 'row', text: audit.finished ? t('Total') : t('Total if the game ended now') }),
    ...players.map((p) => h('td', { class: `num${audit.result.winner.includes(p.company) ? ' winner-cell' : ''}`, text: audit.totals[p.company] })));
  const rowsExtra = [];
  if (!audit.finished) {
    rowsExtra.push(h('tr', { class: 'projection' }, h('th', { scope: 'row', text: t('VP now') }), ...players.map((p) => h('td', { class: 'num', text: p.vp }))));
    const projected = [[t('+ objective (now)'), (p) => p.objective_vp], [t('+ resources (now)'), (p) => p.resources.vp], [t('+ water (now)'), (p) => p.water.vp]];
    // The Leeghwater Project: the Private Buildings' VP come at the end too (X10)
    if (players.some((p) => p.building_vp)) projected.push([t('+ Private Buildings (now)'), (p) => p.building_vp]);
    for (const [label, pick] of projected) {
      rowsExtra.push(h('tr', { class: 'projection' }, h('th', { scope: 'row', text: label }), ...players.map((p) => h('td', { class: 'num', text: pick(p) }))));
    }
  }
  $('source-table').replaceChildren(head, h('tbody', {}, ...rows, ...rowsExtra, total));
}

const automa = t('Automa');

function renderObjective(objective) {
  if (!objective) {
    $('objective-table').replaceChildren(h('caption', { text: t('No Objective tile in this game yet.') }));
    return;
  }
  $('objective-table').replaceChildren(
    h('caption', { text: objective.label }),
    h('thead', {}, h('tr', {}, ...[t('Place'), t('Company'), t('Count'), t('Counted'), t('VP')].map((tx) => h('th', { scope: 'col', text: tx })))),
    h('tbody', {}, ...objective.rows.map((r) => h('tr', {},
      h('td', { class: 'num', text: r.tied_with.length ? `${r.place}=` : r.place }),
      h('th', { scope: 'row' }, badge(r.company), ` ${r.name}${r.automa ? ` (${automa})` : ''}`),
      h('td', { class: 'num', text: r.count }),
      h('td', { class: 'elements', text: r.elements.join(' · ') || '—' }),
      h('td', { class: 'num', text: r.vp })))));
  $('objective-statements').replaceChildren(...objective.statements.map((tx) => h('li', { text: tx })));
}

const EXPANSION_COLS = ['buildings', 'building_vp', 'external_works', 'external_work_vp', 'external_work_credits', 'expansion_bonus_vp'];
const EXPANSION_LABELS = {
  buildings: t('Buildings built'),
  building_vp: t('Private Building VP this round'),
  external_works: t('External Works taken'),
  external_work_vp: t('External Works VP this round'),
  external_work_credits: t('External Works Credits this round'),
  expansion_bonus_vp: t('External Works / Buildings bonus tile VP'),
};

function renderHistory(history) {
  $('vp-chart').replaceChildren(vpChart(history));
  $('energy-chart').replaceChildren(energyChart(history));
  // The Leeghwater Project's lines come with an expansion game's history only
  const expansion = history.players.some((p) => p.by_round.some((b) => 'buildings' in b));
  const cols = ['vp', 'energy', 'produced', 'credits', 'structures', ...(expansion ? EXPANSION_COLS : [])];
  const labels = { vp: t('VP'), energy: t('Energy on the track'), produced: t('… of it produced'), credits: t('Credits'), structures: t('Structures'), ...EXPANSION_LABELS };
  $('history-table').replaceChildren(
    h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('Company') }), h('th', { scope: 'col', text: t('Figure') }),
      ...history.rounds.map((r) => h('th', { scope: 'col', text: t('Round {round}', { round: r }) })))),
    h('tbody', {}, ...history.players.flatMap((p) => cols.map((c, i) => h('tr', { class: i === 0 ? 'first' : '' },
      i === 0 ? h('th', { scope: 'row', rowspan: cols.length }, badge(p.company), ` ${p.name}`) : null,
      h('td', { text: labels[c] }),
      ...history.rounds.map((r) => {
        const row = p.by_round.find((b) => b.round === r);
        return h('td', { class: 'num', text: row?.[c] ?? '' });
      }))))));
}

async function init() {
  const { ok, data } = await api('GET', `/api/audit/games/${encodeURIComponent(gameId)}`);
  if (!ok) {
    $('status').textContent = data?.message ?? data?.error?.message ?? t('The audit could not be loaded.');
    return;
  }
  const { audit, history, game } = data;
  $('status').textContent = audit.finished
    ? t('Finished game · {n} players', { n: game.players.length })
    : t('Round {round} · {phase} · the end-of-game rows are what would be scored now', { round: audit.round, phase: phaseWords(audit.phase) });
  $('winner').textContent = audit.result.statement;
  renderTable(audit);
  renderObjective(audit.objective);
  renderHistory(history);
  root.dataset.ready = 'true';
}

init();
