// The standalone score pad: enter an untracked game's end on the tablet, get the final scoring.
// Taps on the map place structures for the chosen company; steppers set supplies and the VP
// marker. The server checks and scores (POST /api/audit/standalone); nothing is computed here.
import { api, badge, download, h, openLines, COMPANY_NAME } from './common.js';
import { scriptReady } from '../dom.js';
import { N_, t } from '../i18n.js';
import { CATALOG } from '../catalog.js';
import { buildingName } from '../names.js';

const STORAGE_KEY = 'barrage-audit-entry';
const app = document.getElementById('audit-app');
const OBJECTIVES = JSON.parse(app.dataset.objectives);
const COMPANIES = JSON.parse(app.dataset.companies);
const NEUTRAL_LEVELS = JSON.parse(app.dataset.neutral);
const GRAZIANO = 'graziano_del_monte';
// drops a dam of level 1-3 may hold, by its company's officer: the server's rule (audit.py)
const CAPACITIES = JSON.parse(app.dataset.capacities);
const capacityOf = (level, officer) => (CAPACITIES[officer || ''] || CAPACITIES[''])[level - 1] ?? level;
const LIMITS = { base: 5, elevation: 5, conduit: 5, powerhouse: 4 };
const MAX_PLAYERS = 4; // a game seats at most 4 companies, with the expansion too (its rulebook p. 2)
const $ = (id) => document.getElementById(id);

let board = null;
let map = null;
let lastResult = null;

function blankPlayer(company) {
  return {
    company, kind: 'human', name: '', officer: null, dams: [], conduits: [], powerhouses: [],
    credits: 0, excavators: 0, mixers: 0, vp_marker: 0, flipped: false, last_round_energy: 0,
    buildings: [],
  };
}

function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY));
    if (saved && Array.isArray(saved.entry?.players)) return saved;
  } catch { /* a broken save starts a fresh pad */ }
  return {
    entry: { objective: '', players: ['usa', 'germany', 'italy', 'france'].map(blankPlayer), neutral_dams: [] },
    active: 'usa',
  };
}

const ui = load();
const entry = ui.entry;

function save() {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(ui));
}

function player(company) {
  return entry.players.find((p) => p.company === company);
}

function ownerOf(space) {
  for (const p of entry.players) {
    if (p.dams.some((d) => d.space === space) || p.conduits.includes(space) || p.powerhouses.includes(space)) return p.company;
  }
  return entry.neutral_dams.some((d) => d.space === space) ? 'neutral' : null;
}

function removeEverywhere(space) {
  for (const p of entry.players) {
    p.dams = p.dams.filter((d) => d.space !== space);
    p.conduits = p.conduits.filter((x) => x !== space);
    p.powerhouses = p.powerhouses.filter((x) => x !== space);
  }
  entry.neutral_dams = entry.neutral_dams.filter((d) => d.space !== space);
}

// -- taps on the map ----------------------------------------------------------------------

function tapSpace(spaceId) {
  const space = board.spaces.find((sp) => sp.id === spaceId);
  if (!space) return;
  const active = ui.active;
  const owner = ownerOf(spaceId);
  if (active === 'neutral') {
    if (space.kind !== 'dam' || !(spaceId in NEUTRAL_LEVELS)) {
      toast(t('A neutral dam stands only on a lower dam space of basins 1–10 ({space} is not one).', { space: spaceId }));
      return;
    }
    const had = owner === 'neutral';
    removeEverywhere(spaceId);
    if (!had) entry.neutral_dams.push({ space: spaceId, level: NEUTRAL_LEVELS[spaceId], drops: 0 });
  } else if (space.kind === 'dam') {
    const p = player(active);
    const dam = p.dams.find((d) => d.space === spaceId);
    if (dam && dam.level < 3) dam.level += 1;
    else if (dam) p.dams = p.dams.filter((d) => d !== dam);
    else { removeEverywhere(spaceId); p.dams.push({ space: spaceId, level: 1, drops: 0 }); }
  } else {
    const key = space.kind === 'conduit' ? 'conduits' : 'powerhouses';
    const p = player(active);
    const had = p[key].includes(spaceId);
    removeEverywhere(spaceId);
    if (!had) p[key].push(spaceId);
  }
  changed();
}

function mapState() {
  const state = { dams: {}, conduits: {}, powerhouses: {} };
  for (const p of entry.players) {
    for (const d of p.dams) {
      const capacity = capacityOf(d.level, p.officer);
      state.dams[d.space] = { owner: p.company, level: d.level, drops: d.drops, capacity };
    }
    for (const c of p.conduits) state.conduits[c] = p.company;
    for (const x of p.powerhouses) state.powerhouses[x] = p.company;
  }
  for (const d of entry.neutral_dams) state.dams[d.space] = { owner: 'neutral', level: d.level, drops: d.drops, capacity: d.level };
  return state;
}

function renderMap() {
  if (!map) return;
  const legal = new Map(board.spaces.map((sp) => [sp.id, { text: t('tap to change (placing for {company})', { company: COMPANY_NAME[ui.active] }), chip: '' }]));
  map.update(mapState(), legal);
}

async function setupMap() {
  const root = $('audit-map');
  const response = await api('GET', '/api/board');
  board = response.data;
  try {
    // the game's map renderer when it is there (same look as the game); else a small one
    const { createMap } = await import('../render/map.js');
    if (typeof createMap !== 'function') throw new Error('no createMap');
    map = createMap(root, board);
    map.update(mapState(), new Map());
  } catch {
    const { createMiniMap } = await import('./minimap.js');
    map = createMiniMap(root, board);
  }
  renderPanel();
  root.addEventListener('click', (event) => {
    const target = event.target.closest('[data-space]');
    if (target) tapSpace(target.dataset.space);
  });
  root.addEventListener('keydown', (event) => {
    const target = event.target.closest?.('[data-space]');
    if (target && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      tapSpace(target.dataset.space);
    }
  });
  renderMap();
}

const automa = t('Automa');
const basin = (n) => t('Basin {basin}', { basin: n });
// the piece counts of a company, as the table counts them
const PIECES_WORD = { base: N_('Bases'), elevation: N_('Elevations'), conduit: N_('Conduits'), powerhouse: N_('Powerhouses') };

// -- seats and the company being placed -------------------------------------------------------

function renderSeats() {
  const used = new Set(entry.players.map((p) => p.company));
  $('seats').replaceChildren(...entry.players.map((p, i) => {
    const company = h('select', { 'aria-label': t('Player {n} company', { n: i + 1 }), onchange: (e) => renameCompany(p, e.target.value) },
      ...COMPANIES.map((c) => h('option', { value: c.id, selected: c.id === p.company, disabled: c.id !== p.company && used.has(c.id), text: c.name })));
    const kind = h('select', { 'aria-label': t('{company} played by', { company: COMPANY_NAME[p.company] }), onchange: (e) => { p.kind = e.target.value; if (p.kind === 'automa') p.credits = 0; changed(); } },
      h('option', { value: 'human', selected: p.kind === 'human', text: t('Person') }),
      h('option', { value: 'automa', selected: p.kind === 'automa', text: t('Automa') }));
    const graziano = h('label', { class: 'check' },
      h('input', { type: 'checkbox', checked: p.officer === GRAZIANO, onchange: (e) => { p.officer = e.target.checked ? GRAZIANO : null; changed(); } }),
      t('Graziano (level-3 dams hold 4)'));
    const remove = h('button', { type: 'button', class: 'danger', 'aria-label': t('Remove {company}', { company: COMPANY_NAME[p.company] }), text: '✕', onclick: () => removeSeat(p) });
    return h('div', { class: `seat-row co-${p.company}` }, badge(p.company), company, kind, graziano, remove);
  }));
  $('add-seat').disabled = entry.players.length >= MAX_PLAYERS;
}

function renameCompany(p, company) {
  if (ui.active === p.company) ui.active = company;
  p.company = company;
  changed();
}

function removeSeat(p) {
  entry.players = entry.players.filter((x) => x !== p);
  if (ui.active === p.company) ui.active = entry.players[0]?.company ?? 'neutral';
  changed();
}

function addSeat() {
  const free = COMPANIES.find((c) => !entry.players.some((p) => p.company === c.id));
  if (!free || entry.players.length >= MAX_PLAYERS) return;
  entry.players.push(blankPlayer(free.id));
  ui.active = free.id;
  changed();
}

function renderPlacing() {
  const options = [...entry.players.map((p) => p.company), 'neutral'];
  $('placing').replaceChildren(...options.map((company) => h('button', {
    type: 'button', role: 'radio', class: `place-as co-${company}`, 'aria-checked': String(ui.active === company),
    onclick: () => { ui.active = company; changed(); },
  }, badge(company), COMPANY_NAME[company])));
}

// -- the active player's supply, VP marker and dams -----------------------------------------

function stepper(label, value, onChange, { min = 0, max = 999, big = false } = {}) {
  const input = h('input', { type: 'number', inputmode: 'numeric', min, max, value, 'aria-label': label,
    onchange: (e) => onChange(clamp(parseInt(e.target.value, 10), min, max)),
    // Enter ("Go" on a tablet keyboard) takes the number; it must not submit the whole entry
    onkeydown: (e) => { if (e.key === 'Enter') { e.preventDefault(); e.target.blur(); } } });
  const step = (d, text) => h('button', { type: 'button', class: 'step', 'aria-label': `${label} ${d > 0 ? 'plus' : 'minus'} ${Math.abs(d)}`, text,
    onclick: () => onChange(clamp(value + d, min, max)) });
  return h('div', { class: `stepper-field${big ? ' big' : ''}` }, h('span', { class: 'stepper-label', text: label.replace(/^\S+ /, '') }),
    h('div', { class: 'stepper' }, big ? step(-10, '−10') : null, step(-1, '−'), input, step(1, '+'), big ? step(10, '+10') : null));
}

function clamp(v, min, max) {
  return Number.isFinite(v) ? Math.max(min, Math.min(max, v)) : min;
}

function pieceCounts(p) {
  return {
    base: p.dams.length,
    elevation: p.dams.reduce((n, d) => n + d.level - 1, 0),
    conduit: p.conduits.length,
    powerhouse: p.powerhouses.length,
  };
}

/** The company's structures basin by basin ("Basin 1: 1U level 3, C1L"), to check the map. */
function basinSummary(p) {
  if (!board) return null;
  const basinOf = new Map(board.spaces.map((sp) => [sp.id, sp.basin]));
  const byBasin = new Map();
  const add = (space, text) => {
    const basin = basinOf.get(space);
    if (!byBasin.has(basin)) byBasin.set(basin, []);
    byBasin.get(basin).push(text);
  };
  for (const d of p.dams) add(d.space, t('{space} dam level {level}', { space: d.space, level: d.level }));
  for (const c of p.conduits) add(c, t('conduit {space}', { space: c }));
  for (const x of p.powerhouses) add(x, t('powerhouse {space}', { space: x }));
  const basins = [...byBasin.keys()].sort((a, b) => a - b);
  return h('ul', { class: 'basin-summary', 'aria-label': t('Structures by basin') },
    ...basins.map((b) => h('li', {}, h('strong', { text: `${basin(b)}: ` }), byBasin.get(b).join(', '))));
}

/**
 * The Leeghwater Project: the Private Buildings this company activated (one Building on each at
 * most); the server scores their VP at the end (X10). A base game leaves them all unticked.
 */
function buildingsBox(p, name) {
  const owned = new Set(p.buildings || []);
  const toggle = (id) => (e) => {
    p.buildings = CATALOG.private_buildings.map((b) => b.id).filter((x) => (x === id ? e.target.checked : owned.has(x)));
    changed();
  };
  return h('fieldset', { class: 'buildings' },
    h('legend', { text: t('{company}: Private Buildings with its Building (The Leeghwater Project)', { company: name }) }),
    ...CATALOG.private_buildings.map((b) => h('label', { class: 'check building' },
      h('input', { type: 'checkbox', checked: owned.has(b.id), onchange: toggle(b.id) }),
      t('{name} ({vp} VP)', { name: buildingName(b.id), vp: b.vp }))));
}

function renderPanel() {
  const panel = $('player-panel');
  if (ui.active === 'neutral') {
    panel.replaceChildren(h('h2', { text: t('Neutral dams') }),
      h('p', { class: 'hint', text: t('Neutral dams are never raised and score nobody; entering them is optional (it only stops two structures on one space).') }),
      h('ul', { class: 'dam-list' }, ...entry.neutral_dams.map((d) => h('li', { text: t('{space}: level {level}', { space: d.space, level: d.level }) }))));
    return;
  }
  const p = player(ui.active);
  if (!p) { panel.replaceChildren(); return; }
  const name = COMPANY_NAME[p.company];
  const set = (key) => (v) => { p[key] = v; changed(); };
  const counts = pieceCounts(p);
  const pieces = h('p', { class: 'pieces' }, ...Object.entries(counts).map(([k, n]) =>
    h('span', { class: n > LIMITS[k] ? 'over' : '', text: `${t(PIECES_WORD[k] ?? k)} ${n}/${LIMITS[k]}` })));
  const dams = h('ul', { class: 'dam-list' }, ...p.dams.map((d) => {
    const capacity = capacityOf(d.level, p.officer);
    return h('li', {}, h('span', { class: 'dam-name', text: t('{space} · level {level}', { space: d.space, level: d.level }) }),
      stepper(t('{company} drops held by {space}', { company: name, space: d.space }), d.drops, (v) => { d.drops = v; changed(); }, { max: capacity }));
  }));
  panel.replaceChildren(
    h('h2', {}, badge(p.company), ` ${name}`),
    pieces,
    h('div', { class: 'steppers' },
      stepper(t('{company} VP marker', { company: name }), p.vp_marker, set('vp_marker'), { max: 99, big: true }),
      h('label', { class: 'check flip' }, h('input', { type: 'checkbox', checked: p.flipped, 'aria-label': t('{company} marker on its 100 side', { company: name }), onchange: (e) => set('flipped')(e.target.checked) }), t('100 side (+100)')),
      p.kind === 'automa' ? h('p', { class: 'hint', text: t('An Automa has no Credits.') }) : stepper(t('{company} Credits', { company: name }), p.credits, set('credits')),
      stepper(t('{company} Excavators', { company: name }), p.excavators, set('excavators')),
      stepper(t('{company} Concrete Mixers', { company: name }), p.mixers, set('mixers')),
      stepper(t('{company} Energy in the last round', { company: name }), p.last_round_energy, set('last_round_energy'))),
    buildingsBox(p, name),
    p.dams.length ? h('h3', { text: t('Drops held by the dams') }) : h('p', { class: 'hint', text: t('No dam yet: tap dam spaces on the map.') }),
    dams,
    basinSummary(p),
  );
}

// -- scoring ---------------------------------------------------------------------------------

function payload() {
  return {
    objective: entry.objective,
    players: entry.players.map((p) => ({ ...p, credits: p.kind === 'automa' ? 0 : p.credits })),
    neutral_dams: entry.neutral_dams,
  };
}

/** The company an error's field points at ("players[2].dams[0]" → Italy), if any. */
function companyOfField(field) {
  const match = /^players\[(\d+)\]/.exec(field || '');
  return match ? entry.players[Number(match[1])]?.company : null;
}

function showErrors(errors) {
  $('errors').hidden = !errors.length;
  $('error-list').replaceChildren(...errors.map((e) => {
    const company = companyOfField(e.field);
    if (!company) return h('li', { text: e.message });
    // tapping an error opens that company's board, where it can be put right
    return h('li', {}, h('button', { type: 'button', class: 'link', text: e.message,
      onclick: () => { ui.active = company; changed(); $('player-panel').scrollIntoView({ block: 'nearest' }); } }));
  }));
  if (errors.length) $('errors').scrollIntoView({ block: 'nearest' });
}

async function score(event) {
  event.preventDefault();
  const { ok, data } = await api('POST', '/api/audit/standalone', payload());
  if (!ok) {
    const error = data?.error ?? data ?? {};
    showErrors(error.errors ?? [{ message: error.message ?? t('The entry could not be scored.') }]);
    return;
  }
  showErrors([]);
  lastResult = data;
  renderResults(data);
}

function cellButton(label, value, title, items) {
  return h('td', { class: 'num' }, h('button', { type: 'button', class: 'cell', 'aria-label': `${label}: ${value}`, text: value, onclick: () => openLines(title, items) }));
}

/** The VP of each Private Building the company activated, as printed on the tile (X10). */
function buildingLines(company) {
  const owned = player(company)?.buildings || [];
  if (!owned.length) return [{ text: t('No Building.') }];
  return owned.map((id) => ({ text: t('{name}: {vp} VP', { name: buildingName(id), vp: CATALOG.private_buildings.find((b) => b.id === id)?.vp ?? 0 }) }));
}

function renderResults(result) {
  const order = result.result.standings;
  const byCompany = Object.fromEntries(result.players.map((p) => [p.company, p]));
  const objRows = Object.fromEntries(result.objective.rows.map((r) => [r.company, r]));
  $('winner').textContent = result.result.statement;
  // The Leeghwater Project: a column for the Private Buildings when any was entered
  const withBuildings = result.players.some((p) => p.building_vp);
  const columns = [t('Place'), t('Company'), t('VP marker'), t('Objective'), t('Resources'), t('Water'), ...(withBuildings ? [t('Private Buildings')] : []), t('Total')];
  const head = h('thead', {}, h('tr', {}, ...columns.map((tx) => h('th', { scope: 'col', text: tx }))));
  const body = h('tbody', {}, ...order.map((company, i) => {
    const p = byCompany[company];
    const name = COMPANY_NAME[company];
    const obj = objRows[company];
    return h('tr', { class: result.result.winner.includes(company) ? 'winner-row' : '' },
      h('td', { class: 'num', text: i + 1 }),
      h('th', { scope: 'row' }, badge(company), ` ${name}${p.kind === 'automa' ? ` (${automa})` : ''}`),
      cellButton(t('{company} VP marker', { company: name }), p.marker_vp, `${name}: ${t('VP marker')}`, [{ text: p.marker_vp >= 100 ? t('The VP marker reads {vp} (on its 100 side).', { vp: p.marker_vp }) : t('The VP marker reads {vp}.', { vp: p.marker_vp }) }]),
      cellButton(t('{company} objective', { company: name }), p.objective_vp, `${name}: ${t('Objective tile')}`, [
        { meta: t('{n} counted', { n: obj.count }), text: obj.elements.join(' · ') || t('Nothing counted.') },
        ...result.objective.statements.filter((tx) => tx.includes(name)).map((tx) => ({ text: tx }))]),
      cellButton(t('{company} resources', { company: name }), p.resources.vp, `${name}: ${t('resources')}`, [{ text: p.resources.statement }]),
      cellButton(t('{company} water', { company: name }), p.water.vp, `${name}: ${t('water')}`, [{ text: p.water.statement }]),
      withBuildings ? cellButton(t('{company} Private Buildings', { company: name }), p.building_vp, `${name}: ${t('Private Buildings')}`, buildingLines(company)) : null,
      cellButton(t('{company} total', { company: name }), p.total, `${name}: ${t('total')}`, result.statements.filter((st) => st.step === 'total' && st.text.startsWith(name)).map((st) => ({ text: st.text }))));
  }));
  $('result-table').replaceChildren(h('caption', { text: t('Objective: {objective}', { objective: OBJECTIVES.find((o) => o.id === result.objective.tile)?.label ?? result.objective.tile }) }), head, body);
  $('objective-table').replaceChildren(
    h('thead', {}, h('tr', {}, ...[t('Place'), t('Company'), t('Count'), t('Counted'), t('VP')].map((tx) => h('th', { scope: 'col', text: tx })))),
    h('tbody', {}, ...result.objective.rows.map((r) => h('tr', {},
      h('td', { class: 'num', text: r.tied_with.length ? `${r.place}=` : r.place }),
      h('th', { scope: 'row' }, badge(r.company), ` ${COMPANY_NAME[r.company]}`),
      h('td', { class: 'num', text: r.count }),
      h('td', { class: 'elements', text: r.elements.join(' · ') || '—' }),
      h('td', { class: 'num', text: r.vp })))));
  $('statements').replaceChildren(...result.statements.map((st) => h('li', { class: `step-${st.step}`, text: st.text })));
  $('entry').hidden = true;
  $('results').hidden = false;
  $('results').scrollIntoView({ block: 'start' });
}

async function exportCsv() {
  const response = await fetch('/api/audit/standalone/export.csv', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload()),
  });
  if (!response.ok) { toast(t('The export failed: score the game first.')); return; }
  download('barrage-audit.csv', await response.text(), 'text/csv');
}

function toast(message) {
  const box = $('toast');
  if (!box) return;
  box.textContent = message;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 4000);
}

function changed() {
  save();
  renderSeats();
  renderPlacing();
  renderPanel();
  renderMap();
}

function init() {
  $('objective').value = entry.objective;
  $('objective').addEventListener('change', (e) => { entry.objective = e.target.value; save(); });
  $('add-seat').addEventListener('click', addSeat);
  $('clear-entry').addEventListener('click', () => {
    if (!window.confirm(t('Clear the whole entry?'))) return;
    localStorage.removeItem(STORAGE_KEY);
    Object.assign(ui, load());
    Object.assign(entry, ui.entry);
    ui.entry = entry;
    $('objective').value = '';
    changed();
  });
  $('entry').addEventListener('submit', score);
  $('edit-entry').addEventListener('click', () => { $('results').hidden = true; $('entry').hidden = false; });
  $('export-csv').addEventListener('click', exportCsv);
  $('print').addEventListener('click', () => window.print());
  scriptReady();
  changed();
  setupMap();
}

init();
