// The standalone score pad (issues 6 and 20): enter an untracked game's end, get its final
// scoring. A tap on the map places a structure for the company chosen above it; that company's
// board, under the map, sets each dam's level and the drops it holds, the VP marker, the
// supplies and (The Leeghwater Project) its Private Buildings. The server checks and scores
// (POST /api/audit/standalone): nothing is computed here.
//
// Rendering is by keyed views (keyed.js): each part is made once and updated in place, so a
// change never replaces the field a person is typing in, and a number field commits on every
// keystroke (issue 20: "type, tap the next field" once lost every second number).
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
const NETHERLANDS = 'netherlands'; // its board comes with The Leeghwater Project
// drops a dam of level 1-3 may hold, by its company's officer: the server's rule (audit.py)
const CAPACITIES = JSON.parse(app.dataset.capacities);
const capacityOf = (level, officer) => (CAPACITIES[officer || ''] || CAPACITIES[''])[level - 1] ?? level;
const LIMITS = { base: 5, elevation: 5, conduit: 5, powerhouse: 4 };
const LEVELS = [1, 2, 3];
const MAX_PLAYERS = 4; // a game seats at most 4 companies, with the expansion too (its rulebook p. 2)
const $ = (id) => document.getElementById(id);

/**
 * One company at the end of the game, as the server's entry has it (routes/audit.py).
 * @typedef {{space: string, level: number, drops: number}} DamEntry
 * @typedef {{company: string, kind: string, name: string, officer: string | null,
 *   dams: DamEntry[], conduits: string[], powerhouses: string[], credits: number,
 *   excavators: number, mixers: number, vp_marker: number, flipped: boolean,
 *   last_round_energy: number, buildings: string[]}} PlayerEntry
 */

/** @type {{spaces: {id: string, kind: string, basin: number, name: string, value: number | null}[]} | null} */
let board = null;
let map = null;

/** @returns {PlayerEntry} */
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
    if (saved && Array.isArray(saved.entry?.players)) return { expansion: false, ...saved };
  } catch { /* a broken save starts a fresh pad */ }
  return {
    // four players, the base game's companies: a table of 2, 3 or 5 removes or adds a seat
    entry: { objective: '', players: ['usa', 'germany', 'italy', 'france'].map(blankPlayer), neutral_dams: [] },
    active: 'usa',
    expansion: false,
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

/** The Leeghwater Project is on when ticked, or when the Netherlands (its company) plays. */
function expansionOn() {
  return Boolean(ui.expansion) || entry.players.some((p) => p.company === NETHERLANDS);
}

function spaceName(id) {
  return board?.spaces.find((sp) => sp.id === id)?.name ?? '';
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

/**
 * A dam's level, its drops kept within what that level holds (the drop choices shown are the
 * capacities the server gave: a lower dam cannot show more drops than it holds).
 * @param {DamEntry} dam
 * @param {PlayerEntry} p
 * @param {number} level
 */
function setLevel(dam, p, level) {
  dam.level = level;
  dam.drops = Math.min(dam.drops, capacityOf(level, p.officer));
}

// -- taps on the map ----------------------------------------------------------------------

function tapSpace(spaceId) {
  const space = board.spaces.find((sp) => sp.id === spaceId);
  if (!space) return;
  const active = ui.active;
  const owner = ownerOf(spaceId);
  if (active === 'neutral') {
    if (space.kind !== 'dam' || !(spaceId in NEUTRAL_LEVELS)) {
      toast(t('A neutral dam stands only on a lower dam space; {space} is not one.', { space: space.name }));
      return;
    }
    const had = owner === 'neutral';
    removeEverywhere(spaceId);
    if (!had) entry.neutral_dams.push({ space: spaceId, level: NEUTRAL_LEVELS[spaceId], drops: 0 });
  } else if (space.kind === 'dam') {
    // a tap places the Base, the next ones raise it to level 3 and then take it off; the
    // company's board also sets the level in one tap
    const p = player(active);
    const dam = p.dams.find((d) => d.space === spaceId);
    if (dam && dam.level < 3) setLevel(dam, p, dam.level + 1);
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

/**
 * What a tap on each space does, for its accessible name. A built conduit is drawn as its
 * owner's letter and its value ("U5"): its name says that mark too, so a person who says what
 * they see, or reads it, finds the same words (WCAG 2.5.3, axe label-content-name-mismatch).
 */
function tapWords(state) {
  const company = COMPANY_NAME[ui.active];
  const plain = { text: t('tap to change (placing for {company})', { company }), chip: '' };
  return new Map(board.spaces.map((sp) => {
    const owner = sp.kind === 'conduit' ? state.conduits[sp.id] : null;
    if (!owner) return [sp.id, plain];
    const mark = `${COMPANY_LETTER[owner] ?? ''}${sp.value ?? ''}`;
    return [sp.id, { text: t('marked {mark}; tap to change (placing for {company})', { mark, company }), chip: '' }];
  }));
}

let drawn = '';

/** Draw the pieces on the map when they, or the company placing, changed (not per keystroke). */
function renderMap() {
  if (!map) return;
  const state = mapState();
  const signature = JSON.stringify([state, ui.active]);
  if (signature === drawn) return;
  drawn = signature;
  // the map draws its spaces anew: a space that had the keyboard's focus gets it back
  const focused = document.activeElement?.closest?.('#audit-map [data-space]')?.dataset.space;
  map.update(state, tapWords(state));
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
  } catch {
    const { createMiniMap } = await import('./minimap.js');
    map = createMiniMap(root, board);
  }
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
  changed();
}

const automa = t('Automa');
// the piece counts of a company, as the table counts them
const PIECES_WORD = { base: N_('Bases'), elevation: N_('Elevations'), conduit: N_('Conduits'), powerhouse: N_('Powerhouses') };

// -- seats and the company being placed -------------------------------------------------------

/** @type {WeakMap<object, string>} a seat's key for its whole life, whatever its company */
const SEAT_KEYS = new WeakMap();
let seatCount = 0;
const seatKey = (p) => {
  if (!SEAT_KEYS.has(p)) SEAT_KEYS.set(p, `seat-${(seatCount += 1)}`);
  return SEAT_KEYS.get(p);
};

/** @returns {import('./keyed.js').View<PlayerEntry>} */
function makeSeat() {
  /** @type {PlayerEntry} */
  let seat;
  const mark = h('span', { class: 'badge', 'aria-hidden': 'true' });
  const company = h('select', { onchange: (e) => renameCompany(seat, e.target.value) },
    ...COMPANIES.map((c) => h('option', { value: c.id, text: c.name })));
  const kind = h('select', { onchange: (e) => { seat.kind = e.target.value; changed(); } },
    h('option', { value: 'human', text: t('Person') }),
    h('option', { value: 'automa', text: automa }));
  const remove = h('button', { type: 'button', class: 'danger', text: '✕', onclick: () => removeSeat(seat) });
  const node = h('div', { class: 'seat-row' }, mark, company, kind, remove);
  return {
    node,
    update(item) {
      seat = item;
      const index = entry.players.indexOf(item);
      const used = new Set(entry.players.map((x) => x.company));
      const name = COMPANY_NAME[seat.company];
      node.className = `seat-row co-${seat.company}`;
      mark.className = `badge co-${seat.company}`;
      setText(mark, COMPANY_LETTER[seat.company] ?? '?');
      setAttr(company, 'aria-label', t('Player {n} company', { n: index + 1 }));
      for (const option of company.options) option.disabled = option.value !== seat.company && used.has(option.value);
      if (company.value !== seat.company) company.value = seat.company;
      setAttr(kind, 'aria-label', t('{company} played by', { company: name }));
      if (kind.value !== seat.kind) kind.value = seat.kind;
      setAttr(remove, 'aria-label', t('Remove {company}', { company: name }));
    },
  };
}

function renderSeats() {
  keyedViews($('seats'), entry.players, seatKey, makeSeat);
  $('add-seat').disabled = entry.players.length >= MAX_PLAYERS;
  const box = $('expansion');
  box.checked = expansionOn();
  // the Netherlands' board is the expansion's: it cannot play without it
  box.disabled = entry.players.some((p) => p.company === NETHERLANDS);
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

function makePlaceAs() {
  let company = '';
  const mark = h('span', { class: 'badge', 'aria-hidden': 'true' });
  const word = document.createTextNode('');
  const node = h('button', { type: 'button', role: 'radio', onclick: () => { ui.active = company; changed(); } }, mark, word);
  return {
    node,
    update(item) {
      company = item;
      node.className = `place-as co-${company}`;
      setAttr(node, 'aria-checked', String(ui.active === company));
      mark.className = `badge co-${company}`;
      setText(mark, COMPANY_LETTER[company] ?? '?');
      setText(word, COMPANY_NAME[company]);
    },
  };
}

function renderPlacing() {
  keyedViews($('placing'), [...entry.players.map((p) => p.company), 'neutral'], (c) => c, makePlaceAs);
}

// -- a company's board: VP marker, supplies, dams, structures, Private Buildings -------------

/**
 * What a number field shows and does: its accessible name (with the company), the words beside
 * it, the entry's number, where the +/− buttons stop, and what a new number changes.
 * @typedef {{label: string, text: string, value: number, max?: number, onValue: (n: number) => void}} StepperItem
 */

/**
 * A number field with +/− buttons. It commits on every keystroke (`input`: typing, paste,
 * dictation), so leaving it by Tab, by a tap elsewhere or by closing the page loses nothing;
 * while it has focus the entry never writes over it. A tap on it selects its number, so
 * typing replaces it.
 * @param {{big?: boolean}} [options]  big: the VP marker's ±10 as well
 * @returns {import('./keyed.js').View<StepperItem>}
 */
function makeStepper({ big = false } = {}) {
  /** @type {StepperItem} */
  let item = { label: '', text: '', value: 0, onValue: () => {} };
  const bounded = (v) => Math.max(0, Math.min(item.max ?? 999, v));
  const input = h('input', { type: 'text', inputmode: 'numeric', autocomplete: 'off', enterkeyhint: 'done', class: 'count' });
  // a tap selects the number, so the digits typed replace it (the mouseup that ends the tap
  // would put a caret in the selection: the first one after focusing is kept from doing so)
  let justFocused = false;
  input.addEventListener('focus', () => { input.select(); justFocused = true; });
  input.addEventListener('mouseup', (e) => { if (justFocused) e.preventDefault(); justFocused = false; });
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
      for (const [button, d] of buttons) {
        const words = d > 0 ? t('{label} plus {n}', { label: item.label, n: d }) : t('{label} minus {n}', { label: item.label, n: -d });
        setAttr(button, 'aria-label', words);
      }
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

/** "Bases 3/5": a piece count of the company, marked when above what a company has. */
function makePieceCount() {
  const node = h('span');
  return {
    node,
    update([k, n]) {
      node.className = n > LIMITS[k] ? 'over' : '';
      setText(node, `${t(PIECES_WORD[k] ?? k)} ${n}/${LIMITS[k]}`);
    },
  };
}

/**
 * A row of choices, one tap each (a dam's level, the drops it holds): radio buttons in a
 * group named after the dam.
 * @param {string} name  the radio group's form name (unique on the page)
 * @param {(n: number) => void} choose
 */
function makeChoices(name, choose) {
  const legend = h('legend');
  const list = h('div', { class: 'chip-row' });
  const node = h('fieldset', { class: 'chips' }, legend, list);
  return {
    node,
    /** @param {{words: string, label: string, options: number[], value: number}} item */
    update(item) {
      setText(legend, item.words);
      setAttr(node, 'aria-label', item.label);
      const views = keyedViews(list, item.options, String, (n) => {
        const radio = h('input', { type: 'radio', name, value: String(n), onchange: () => choose(n) });
        return { node: h('label', { class: 'chip' }, radio, String(n)), radio, update() {} };
      });
      for (const view of views) view.radio.checked = Number(view.radio.value) === item.value;
    },
  };
}

/** A dam of the company: its place in board words, its level and its drops, one tap each. */
function makeDam({ key }) {
  let current = null;
  const name = h('span', { class: 'dam-name' });
  const level = makeChoices(`${key}-level`, (n) => { setLevel(current.dam, current.p, n); changed(); });
  const drops = makeChoices(`${key}-drops`, (n) => { current.dam.drops = n; changed(); });
  return {
    node: h('li', { class: 'dam' }, name, h('div', { class: 'dam-choices' }, level.node, drops.node)),
    update(item) {
      current = item;
      const { dam, p } = item;
      const where = spaceName(dam.space);
      setText(name, where);
      level.update({ words: t('Level'), label: t('{space}: level', { space: where }), options: LEVELS, value: dam.level });
      const capacity = capacityOf(dam.level, p.officer);
      const options = Array.from({ length: capacity + 1 }, (_, n) => n);
      drops.update({ words: t('Drops held'), label: t('{space}: drops held', { space: where }), options, value: dam.drops });
    },
  };
}

function makeListItem() {
  const node = h('li');
  return { node, update: (text) => setText(node, text) };
}

/**
 * The Leeghwater Project: the Private Buildings this company activated (one Building on each at
 * most); the server scores their VP at the end (X10).
 */
function makeBuildings() {
  let seat = null;
  const legend = h('legend');
  const boxes = CATALOG.private_buildings.map((b) => {
    const box = h('input', { type: 'checkbox', onchange: () => {
      seat.buildings = boxes.filter((x) => x.box.checked).map((x) => x.id);
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

/** One company's board: made once per seat, on the page while its company is the one placed. */
function makePanel(p) {
  /** @type {PlayerEntry} */
  let seat = p;
  const key = seatKey(p);
  const mark = h('span', { class: 'badge', 'aria-hidden': 'true' });
  const title = document.createTextNode('');
  const pieces = h('p', { class: 'pieces' });
  const set = (field) => (v) => { seat[field] = v; changed(); };
  const marker = makeStepper({ big: true });
  const flipBox = h('input', { type: 'checkbox', onchange: (e) => set('flipped')(e.target.checked) });
  const credits = makeStepper();
  const noCredits = h('p', { class: 'hint', text: t('An Automa has no Credits.') });
  const excavators = makeStepper();
  const mixers = makeStepper();
  const energy = makeStepper();
  // Graziano Del Monte's level-3 dams hold 4 (ruling R11): the drops a dam may hold
  const graziano = h('input', { type: 'checkbox', onchange: (e) => {
    seat.officer = e.target.checked ? GRAZIANO : null;
    for (const dam of seat.dams) setLevel(dam, seat, dam.level);
    changed();
  } });
  const damsTitle = h('h3', { text: t('Dams: level and drops held') });
  const noDam = h('p', { class: 'hint', text: t('No dam yet: tap dam spaces on the map.') });
  const dams = h('ul', { class: 'dam-list' });
  const othersTitle = h('h3', { text: t('Conduits and Powerhouses') });
  const others = h('ul', { class: 'structure-list' });
  const buildings = makeBuildings();
  const node = h('div', { class: 'company-panel' },
    h('h2', { id: 'panel-title' }, mark, ' ', title), pieces,
    h('div', { class: 'steppers' }, marker.node,
      h('label', { class: 'check flip' }, flipBox, t('100 side (+100)')),
      credits.node, noCredits, excavators.node, mixers.node, energy.node),
    damsTitle, noDam, dams, h('label', { class: 'check officer' }, graziano, t('Graziano (level-3 dams hold 4)')),
    othersTitle, others, buildings.node);
  return {
    node,
    update(item) {
      seat = item;
      const name = COMPANY_NAME[seat.company];
      mark.className = `badge co-${seat.company}`;
      setText(mark, COMPANY_LETTER[seat.company] ?? '?');
      setText(title, seat.kind === 'automa' ? `${name} (${automa})` : name);
      keyedViews(pieces, Object.entries(pieceCounts(seat)), ([k]) => k, makePieceCount);
      const field = (f, label, text, max) => ({ label, text, value: seat[f], max, onValue: set(f) });
      marker.update(field('vp_marker', t('{company} VP marker', { company: name }), t('VP marker'), 99));
      setAttr(flipBox, 'aria-label', t('{company} marker on its 100 side', { company: name }));
      flipBox.checked = Boolean(seat.flipped);
      credits.node.hidden = seat.kind === 'automa';
      noCredits.hidden = seat.kind !== 'automa';
      credits.update(field('credits', t('{company} Credits', { company: name }), t('Credits')));
      excavators.update(field('excavators', t('{company} Excavators', { company: name }), t('Excavators')));
      mixers.update(field('mixers', t('{company} Concrete Mixers', { company: name }), t('Concrete Mixers')));
      energy.update(field('last_round_energy', t('{company} Energy in the last round', { company: name }), t('Energy in the last round (breaks a tie)')));
      graziano.checked = seat.officer === GRAZIANO;
      damsTitle.hidden = !seat.dams.length;
      noDam.hidden = Boolean(seat.dams.length);
      keyedViews(dams, seat.dams.map((dam) => ({ p: seat, dam, key: `${key}-${dam.space}` })), (x) => x.key, makeDam);
      const built = [...seat.conduits, ...seat.powerhouses];
      othersTitle.hidden = !built.length;
      keyedViews(others, built.map(spaceName), String, makeListItem);
      buildings.node.hidden = !expansionOn();
      buildings.update(seat);
    },
  };
}

function makeNeutralPanel() {
  const list = h('ul', { class: 'structure-list' });
  const node = h('div', { class: 'company-panel' }, h('h2', { id: 'panel-title', text: t('Neutral dams') }),
    h('p', { class: 'hint', text: t('Neutral dams are never raised and score nobody; entering them is optional (it only stops two structures on one space).') }),
    list);
  return {
    node,
    update() {
      const lines = entry.neutral_dams.map((d) => t('{space}: level {level}', { space: spaceName(d.space), level: d.level }));
      keyedViews(list, lines, String, makeListItem);
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
  keyedViews($('player-panel'), shown ? [shown] : [], keyOf, (x) => {
    const key = keyOf(x);
    if (!PANELS.has(key)) PANELS.set(key, x === 'neutral' ? makeNeutralPanel() : makePanel(x));
    return PANELS.get(key);
  });
}

// -- scoring ---------------------------------------------------------------------------------

function payload() {
  const expansion = expansionOn();
  return {
    objective: entry.objective,
    players: entry.players.map((p) => ({
      ...p,
      credits: p.kind === 'automa' ? 0 : p.credits,
      buildings: expansion ? p.buildings : [],
    })),
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
  let answer;
  try {
    answer = await api('POST', '/api/audit/standalone', payload());
  } catch {
    // the server scores: without it a tap must still say something (the entry stays here)
    showErrors([{ message: t('The server cannot be reached: the entry is kept on this device; score again once it is back.') }]);
    return;
  }
  const { ok, data } = answer;
  if (!ok) {
    const error = data?.error ?? data ?? {};
    showErrors(error.errors ?? [{ message: error.message ?? t('The entry could not be scored.') }]);
    return;
  }
  showErrors([]);
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

const PLACES = [N_('1st'), N_('2nd'), N_('3rd'), N_('4th'), N_('5th')];

/**
 * The result as the game's score pad: a column per company (in the order they finished), a
 * row per VP source and the Total at the bottom. Each number opens how it was scored.
 */
function scorePad(result) {
  const order = result.result.standings;
  const byCompany = Object.fromEntries(result.players.map((p) => [p.company, p]));
  const objRows = Object.fromEntries(result.objective.rows.map((r) => [r.company, r]));
  const winners = new Set(result.result.winner);
  const nameOf = (company) => COMPANY_NAME[company];
  const withBuildings = result.players.some((p) => p.building_vp);
  const head = h('thead', {}, h('tr', {}, h('th', { scope: 'col', class: 'source', text: t('Source') }),
    ...order.map((company, i) => h('th', { scope: 'col', class: `company${winners.has(company) ? ' winner-cell' : ''}` },
      badge(company), h('span', { class: 'name', text: nameOf(company) }),
      // a shared victory: every winner is 1st
      h('span', { class: 'place', text: winners.has(company) ? `${t(PLACES[0])} ★` : (PLACES[i] ? t(PLACES[i]) : '') }),
      byCompany[company].kind === 'automa' ? h('span', { class: 'place', text: automa }) : null))));
  // on a phone the source's name stands on a line of its own above its numbers (label-row),
  // so the companies' columns have the screen's width
  const row = (words, cell, className = '') => [
    h('tr', { class: `label-row ${className}` }, h('td', { colspan: order.length, text: words })),
    h('tr', { class: className }, h('th', { scope: 'row', text: words }), ...order.map(cell))];
  const rows = [
    row(t('VP marker'), (company) => {
      const p = byCompany[company];
      return cellButton(t('{company} VP marker', { company: nameOf(company) }), p.marker_vp, `${nameOf(company)}: ${t('VP marker')}`,
        [{ text: p.marker_vp >= 100 ? t('The VP marker reads {vp} (on its 100 side).', { vp: p.marker_vp }) : t('The VP marker reads {vp}.', { vp: p.marker_vp }) }]);
    }),
    row(t('Objective'), (company) => {
      const obj = objRows[company];
      return cellButton(t('{company} objective', { company: nameOf(company) }), byCompany[company].objective_vp, `${nameOf(company)}: ${t('Objective tile')}`, [
        { meta: t('{n} counted', { n: obj.count }), text: obj.elements.join(' · ') || t('Nothing counted.') },
        ...result.objective.statements.filter((tx) => tx.includes(nameOf(company))).map((tx) => ({ text: tx }))]);
    }),
    row(t('Resources'), (company) => cellButton(t('{company} resources', { company: nameOf(company) }), byCompany[company].resources.vp,
      `${nameOf(company)}: ${t('resources')}`, [{ text: byCompany[company].resources.statement }])),
    row(t('Water'), (company) => cellButton(t('{company} water', { company: nameOf(company) }), byCompany[company].water.vp,
      `${nameOf(company)}: ${t('water')}`, [{ text: byCompany[company].water.statement }])),
    withBuildings ? row(t('Private Buildings'), (company) => cellButton(t('{company} Private Buildings', { company: nameOf(company) }),
      byCompany[company].building_vp, `${nameOf(company)}: ${t('Private Buildings')}`, buildingLines(company))) : null,
    row(t('Total'), (company) => cellButton(t('{company} total', { company: nameOf(company) }), byCompany[company].total, `${nameOf(company)}: ${t('total')}`,
      result.statements.filter((st) => st.step === 'total' && st.text.startsWith(nameOf(company))).map((st) => ({ text: st.text }))), 'total-row'),
  ];
  const objective = OBJECTIVES.find((o) => o.id === result.objective.tile)?.label ?? '';
  return [h('caption', { text: t('Objective: {objective}', { objective }) }), head, h('tbody', {}, ...rows.flat())];
}

function renderResults(result) {
  $('winner').textContent = result.result.statement;
  // a tie the last round's Energy did not break: it may not have been entered
  $('tie-hint').hidden = result.result.winner.length < 2;
  $('result-table').replaceChildren(...scorePad(result));
  $('objective-table').replaceChildren(
    h('thead', {}, h('tr', {}, ...[t('Place'), t('Company'), t('Count'), t('Counted'), t('VP')].map((tx, i) => h('th', { scope: 'col', class: i === 3 ? 'elements' : '', text: tx })))),
    h('tbody', {}, ...result.objective.rows.map((r) => h('tr', {},
      h('td', { class: 'num', text: r.tied_with.length ? `${r.place}=` : r.place }),
      // on a phone what was counted goes under the company (its own column is hidden there)
      h('th', { scope: 'row' }, badge(r.company), ` ${COMPANY_NAME[r.company]}`,
        h('span', { class: 'counted', text: r.elements.join(' · ') || '—' })),
      h('td', { class: 'num', text: r.count }),
      h('td', { class: 'elements', text: r.elements.join(' · ') || '—' }),
      h('td', { class: 'num', text: r.vp })))));
  $('statements').replaceChildren(...result.statements.map((st) => h('li', { class: `step-${st.step}`, text: st.text })));
  $('entry').hidden = true;
  $('results').hidden = false;
  app.classList.add('scored');
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

/** The entry changed: keep it, and bring every part of the page up to date in place. */
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
  $('expansion').addEventListener('change', (e) => { ui.expansion = e.target.checked; changed(); });
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
  $('edit-entry').addEventListener('click', () => {
    $('results').hidden = true;
    $('entry').hidden = false;
    app.classList.remove('scored');
  });
  $('export-csv').addEventListener('click', exportCsv);
  $('print').addEventListener('click', () => window.print());
  scriptReady();
  changed();
  setupMap();
}

init();
