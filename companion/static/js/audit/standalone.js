// The standalone score pad: enter an untracked game's end on the tablet, get the final scoring.
// Taps on the map place structures for the chosen company; steppers set supplies and the VP
// marker. The server checks and scores (POST /api/audit/standalone); nothing is computed here.
import { api, badge, download, h, openLines, COMPANY_LETTER, COMPANY_NAME } from './common.js';
import { keyedViews, parseCount, setAttr, setText, showNumber } from './keyed.js';
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
  // the map draws its spaces anew: a space that had the keyboard's focus gets it back
  const focused = document.activeElement?.closest?.('#audit-map [data-space]')?.dataset.space;
  map.update(mapState(), legal);
  if (focused) $('audit-map').querySelector(`[data-space="${CSS.escape(focused)}"]`)?.focus();
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
// Every part below is a keyed view (keyed.js): made once per seat or company, then updated in
// place, so a change never replaces the field a person is typing in (issue 20).

/** @type {WeakMap<object, string>} a seat's key for its whole life, whatever its company */
const SEAT_KEYS = new WeakMap();
let seatCount = 0;
const seatKey = (p) => {
  if (!SEAT_KEYS.has(p)) SEAT_KEYS.set(p, `seat-${(seatCount += 1)}`);
  return SEAT_KEYS.get(p);
};

function makeSeat(p) {
  let seat = p;
  let index = 0;
  const mark = h('span', { class: 'badge', 'aria-hidden': 'true' });
  const company = h('select', { onchange: (e) => renameCompany(seat, e.target.value) },
    ...COMPANIES.map((c) => h('option', { value: c.id, text: c.name })));
  const kind = h('select', { onchange: (e) => { seat.kind = e.target.value; if (seat.kind === 'automa') seat.credits = 0; changed(); } },
    h('option', { value: 'human', text: t('Person') }),
    h('option', { value: 'automa', text: t('Automa') }));
  const graziano = h('input', { type: 'checkbox', onchange: (e) => { seat.officer = e.target.checked ? GRAZIANO : null; changed(); } });
  const remove = h('button', { type: 'button', class: 'danger', text: '✕', onclick: () => removeSeat(seat) });
  const node = h('div', { class: 'seat-row' }, mark, company, kind, h('label', { class: 'check' }, graziano, t('Graziano (level-3 dams hold 4)')), remove);
  return {
    node,
    update(item) {
      seat = item;
      index = entry.players.indexOf(item);
      const used = new Set(entry.players.map((x) => x.company));
      const name = COMPANY_NAME[seat.company];
      setAttr(node, 'class', `seat-row co-${seat.company}`);
      setAttr(mark, 'class', `badge co-${seat.company}`);
      setText(mark, COMPANY_LETTER[seat.company] ?? '?');
      setAttr(company, 'aria-label', t('Player {n} company', { n: index + 1 }));
      for (const option of company.options) option.disabled = option.value !== seat.company && used.has(option.value);
      if (company.value !== seat.company) company.value = seat.company;
      setAttr(kind, 'aria-label', t('{company} played by', { company: name }));
      if (kind.value !== seat.kind) kind.value = seat.kind;
      graziano.checked = seat.officer === GRAZIANO;
      setAttr(remove, 'aria-label', t('Remove {company}', { company: name }));
    },
  };
}

function renderSeats() {
  keyedViews($('seats'), entry.players, seatKey, makeSeat);
  $('add-seat').disabled = entry.players.length >= 5;
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
  if (!free || entry.players.length >= 5) return;
  entry.players.push(blankPlayer(free.id));
  ui.active = free.id;
  changed();
}

function makePlaceAs() {
  let company = '';
  const mark = h('span', { class: 'badge', 'aria-hidden': 'true' });
  const word = document.createTextNode('');
  const node = h('button', { type: 'button', role: 'radio', onclick: () => { ui.active = company; changed(); } }, mark, word);
  return {
    node,
    update(item) {
      company = item;
      setAttr(node, 'class', `place-as co-${company}`);
      setAttr(node, 'aria-checked', String(ui.active === company));
      setAttr(mark, 'class', `badge co-${company}`);
      setText(mark, COMPANY_LETTER[company] ?? '?');
      setText(word, COMPANY_NAME[company]);
    },
  };
}

function renderPlacing() {
  keyedViews($('placing'), [...entry.players.map((p) => p.company), 'neutral'], (c) => c, makePlaceAs);
}

// -- the active player's supply, VP marker and dams -----------------------------------------

/**
 * What a number field shows and does: its accessible name (with the company), the words beside
 * it, the entry's number, where the +/− buttons stop, and what a new number changes.
 * @typedef {{label: string, text: string, value: number, max?: number, onValue: (n: number) => void}} StepperItem
 */

/**
 * A number field with +/− buttons. It commits on every keystroke (`input`: typing, paste,
 * dictation), so leaving it by Tab, by a tap elsewhere or by closing the page loses nothing;
 * while it has focus the entry never writes over it.
 * @param {{big?: boolean}} [options]  big: the VP marker's ±10 as well
 * @returns {import('./keyed.js').View<StepperItem>}
 */
function makeStepper({ big = false } = {}) {
  /** @type {StepperItem} */
  let item = { label: '', text: '', value: 0, onValue: () => {} };
  const bounded = (v) => Math.max(0, Math.min(item.max ?? 999, v));
  const input = h('input', { type: 'text', inputmode: 'numeric', autocomplete: 'off', enterkeyhint: 'done', class: 'count' });
  input.addEventListener('focus', () => input.select());
  input.addEventListener('input', () => item.onValue(parseCount(input.value) ?? 0));
  input.addEventListener('blur', () => showNumber(input, item.value));
  input.addEventListener('keydown', (e) => {
    // Enter ("Go" on a tablet keyboard) takes the number; it must not submit the whole entry
    if (e.key === 'Enter') { e.preventDefault(); input.blur(); }
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      item.onValue(bounded(item.value + (e.key === 'ArrowUp' ? 1 : -1)));
      input.value = String(item.value);
    }
  });
  const buttons = [];
  const step = (d, text) => {
    const button = h('button', { type: 'button', class: 'step', text, onclick: () => item.onValue(bounded(item.value + d)) });
    buttons.push([button, d]);
    return button;
  };
  const label = h('span', { class: 'stepper-label' });
  const node = h('div', { class: `stepper-field${big ? ' big' : ''}` }, label,
    h('div', { class: 'stepper' }, big ? step(-10, '−10') : null, step(-1, '−'), input, step(1, '+'), big ? step(10, '+10') : null));
  return {
    node,
    update(next) {
      item = next;
      setText(label, item.text);
      setAttr(input, 'aria-label', item.label);
      showNumber(input, item.value);
      for (const [button, d] of buttons) setAttr(button, 'aria-label', `${item.label} ${d > 0 ? 'plus' : 'minus'} ${Math.abs(d)}`);
    },
  };
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
function basinLines(p) {
  if (!board) return [];
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
  return [...byBasin.keys()].sort((a, b) => a - b).map((b) => ({ key: String(b), head: `${basin(b)}: `, text: byBasin.get(b).join(', ') }));
}

/** "Bases 3/5": a piece count of the company, marked when above what a company has. */
function makePieceCount() {
  const node = h('span');
  return {
    node,
    update([k, n]) {
      setAttr(node, 'class', n > LIMITS[k] ? 'over' : '');
      setText(node, `${t(PIECES_WORD[k] ?? k)} ${n}/${LIMITS[k]}`);
    },
  };
}

function makeLine() {
  const head = h('strong');
  const text = document.createTextNode('');
  return { node: h('li', {}, head, text), update(line) { setText(head, line.head); setText(text, line.text); } };
}

function makeDam() {
  const name = h('span', { class: 'dam-name' });
  const drops = makeStepper();
  return {
    node: h('li', {}, name, drops.node),
    update({ p, dam }) {
      const company = COMPANY_NAME[p.company];
      setText(name, t('{space} · level {level}', { space: dam.space, level: dam.level }));
      const label = t('{company} drops held by {space}', { company, space: dam.space });
      drops.update({ label, text: label.replace(/^\S+ /, ''), value: dam.drops, max: capacityOf(dam.level, p.officer), onValue: (v) => { dam.drops = v; changed(); } });
    },
  };
}

/**
 * The Leeghwater Project: the Private Buildings this company activated (one Building on each at
 * most); the server scores their VP at the end (X10). A base game leaves them all unticked.
 */
function makeBuildings() {
  let seat = null;
  const legend = h('legend');
  const boxes = CATALOG.private_buildings.map((b) => {
    const box = h('input', { type: 'checkbox', onchange: () => {
      seat.buildings = CATALOG.private_buildings.map((x) => x.id).filter((id, i) => boxes[i].box.checked);
      changed();
    } });
    return { id: b.id, box, node: h('label', { class: 'check building' }, box, t('{name} ({vp} VP)', { name: buildingName(b.id), vp: b.vp })) };
  });
  return {
    node: h('fieldset', { class: 'buildings' }, legend, ...boxes.map((b) => b.node)),
    update(p) {
      seat = p;
      setText(legend, t('{company}: Private Buildings with its Building (The Leeghwater Project)', { company: COMPANY_NAME[p.company] }));
      const owned = new Set(p.buildings || []);
      for (const b of boxes) b.box.checked = owned.has(b.id);
    },
  };
}

/** One company's board: made once per seat, shown while its company is the one placed. */
function makePanel() {
  let seat = null;
  const mark = h('span', { class: 'badge', 'aria-hidden': 'true' });
  const title = document.createTextNode('');
  const pieces = h('p', { class: 'pieces' });
  const set = (key) => (v) => { seat[key] = v; changed(); };
  const marker = makeStepper({ big: true });
  const flipBox = h('input', { type: 'checkbox', onchange: (e) => set('flipped')(e.target.checked) });
  const credits = makeStepper();
  const noCredits = h('p', { class: 'hint', text: t('An Automa has no Credits.') });
  const excavators = makeStepper();
  const mixers = makeStepper();
  const energy = makeStepper();
  const buildings = makeBuildings();
  const damsTitle = h('h3', { text: t('Drops held by the dams') });
  const noDam = h('p', { class: 'hint', text: t('No dam yet: tap dam spaces on the map.') });
  const dams = h('ul', { class: 'dam-list' });
  const summary = h('ul', { class: 'basin-summary', 'aria-label': t('Structures by basin') });
  const node = h('div', { class: 'company-panel' },
    h('h2', {}, mark, ' ', title), pieces,
    h('div', { class: 'steppers' }, marker.node,
      h('label', { class: 'check flip' }, flipBox, t('100 side (+100)')),
      credits.node, noCredits, excavators.node, mixers.node, energy.node),
    buildings.node, damsTitle, noDam, dams, summary);
  return {
    node,
    update(p) {
      seat = p;
      const name = COMPANY_NAME[p.company];
      setAttr(mark, 'class', `badge co-${p.company}`);
      setText(mark, COMPANY_LETTER[p.company] ?? '?');
      setText(title, name);
      const counts = pieceCounts(p);
      keyedViews(pieces, Object.entries(counts), ([k]) => k, makePieceCount);
      // the words beside a field: its accessible name without the company in front
      const beside = (label) => label.replace(/^\S+ /, '');
      const field = (key, label, max) => ({ label, text: beside(label), value: p[key], max, onValue: set(key) });
      marker.update(field('vp_marker', t('{company} VP marker', { company: name }), 99));
      setAttr(flipBox, 'aria-label', t('{company} marker on its 100 side', { company: name }));
      flipBox.checked = Boolean(p.flipped);
      credits.node.hidden = p.kind === 'automa';
      noCredits.hidden = p.kind !== 'automa';
      credits.update(field('credits', t('{company} Credits', { company: name })));
      excavators.update(field('excavators', t('{company} Excavators', { company: name })));
      mixers.update(field('mixers', t('{company} Concrete Mixers', { company: name })));
      energy.update(field('last_round_energy', t('{company} Energy in the last round', { company: name })));
      buildings.update(p);
      damsTitle.hidden = !p.dams.length;
      noDam.hidden = Boolean(p.dams.length);
      keyedViews(dams, p.dams.map((dam) => ({ p, dam })), ({ dam }) => dam.space, makeDam);
      keyedViews(summary, basinLines(p), (line) => line.key, makeLine);
    },
  };
}

function makeNeutralPanel() {
  const list = h('ul', { class: 'dam-list' });
  const node = h('div', { class: 'company-panel' }, h('h2', { text: t('Neutral dams') }),
    h('p', { class: 'hint', text: t('Neutral dams are never raised and score nobody; entering them is optional (it only stops two structures on one space).') }),
    list);
  return {
    node,
    update() {
      keyedViews(list, entry.neutral_dams, (d) => d.space, () => {
        const li = h('li');
        return { node: li, update: (d) => setText(li, t('{space}: level {level}', { space: d.space, level: d.level })) };
      });
    },
  };
}

/** @type {Map<string, import('./keyed.js').View<any>>} each seat's board, kept while not shown */
const PANELS = new Map();

/** Only the board of the company being placed is on the page; the others wait, kept as they are. */
function renderPanel() {
  const shown = ui.active === 'neutral' ? 'neutral' : player(ui.active);
  const keyOf = (x) => (x === 'neutral' ? 'neutral' : seatKey(x));
  const seats = new Set(['neutral', ...entry.players.map(keyOf)]);
  for (const key of PANELS.keys()) if (!seats.has(key)) PANELS.delete(key);
  const items = shown ? [shown] : [];
  keyedViews($('player-panel'), items, keyOf, (x) => {
    const key = keyOf(x);
    if (!PANELS.has(key)) PANELS.set(key, x === 'neutral' ? makeNeutralPanel() : makePanel());
    return PANELS.get(key);
  });
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
