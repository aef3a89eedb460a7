// @ts-check
// The setup wizard: mode and players, seats (person or Automa), deals; creates the game and
// ends with a checklist of what to place on the real board (read from the new game's state).
import { api } from './api.js';
import { el, fromTemplate, scriptReady } from './dom.js';
import { byId, field } from './elements.js';
import { CATALOG } from './catalog.js';
import { advancedText, bonusText, buildingName, companiesFor, companyName, externalWorkText, officersFor, contractWords, headstreamWords, objectiveLabel, officer, placeName, printed, setPlaceNames } from './names.js';
import { drawGroups, drawsPayload, renderDraws } from './setup_draws.js';
import { t } from './i18n.js';

/** @typedef {import('./setup_draws.js').Seat} Seat */
/** @typedef {import('./setup_draws.js').Mode} Mode */
/**
 * What the checklist reads of the new game's state view (companion/engine/view.py).
 * @typedef {{
 *   players?: Record<string, {
 *     company: string, name?: string, officer?: string | null, tiles?: string[], contracts?: string[],
 *     engineers: number, credits: number, excavators: number, mixers: number, vp: number
 *   }>,
 *   turn_order?: string[],
 *   headstream_tiles?: Record<string, string>,
 *   dams?: Record<string, { owner: string, drops?: number }>,
 *   bonus_tiles?: string[],
 *   objective?: string | null,
 *   contract_offer?: Record<string, Array<string | null>>,
 *   national_contracts?: string[],
 *   patent_offer?: Array<string | null>,
 *   extra_management_board?: ExtraBoard | null,
 *   leeghwater?: object | null,
 *   pending?: unknown[]
 * }} NewGameState
 */
/**
 * @typedef {{
 *   external_offer?: Array<{ id: string } | null>,
 *   external_piles?: Record<string, number>,
 *   buildings?: Array<{ id: string, spaces?: Array<{ owner: string | null }> }>
 * }} ExtraBoard
 */
/** @typedef {{ game: { id: string, join_code?: string }, state?: NewGameState }} Created */

const form = byId('setup-form', HTMLFormElement);
const seatsBox = byId('seats');
const errorBox = byId('setup-error');
const buttons = {
  back: byId('back', HTMLButtonElement),
  next: byId('next', HTMLButtonElement),
  create: byId('create', HTMLButtonElement),
  start: byId('start', HTMLAnchorElement),
};
let step = 1;

/**
 * The value of the radio button checked in a group, if any.
 * @param {string} name the group's name
 */
const value = (name) => {
  const checked = form.querySelector(`[name="${name}"]:checked`);
  return checked instanceof HTMLInputElement ? checked.value : undefined;
};
/** The Leeghwater Project is on: the Netherlands and the 4 new officers join (expansion rulebook). */
const expansion = () => byId('expansion', HTMLInputElement).checked;
// the introductory columns (p. 8) are USA, Germany, Italy and France: the Netherlands only in
// the full game
const companyPool = () => companiesFor(expansion() && value('mode') === 'full');
/** @type {Record<string, string>} */
const introOfficer = Object.fromEntries(CATALOG.introductory.map((x) => [x.company, x.officer]));
/**
 * One of a seat's lists: its company, who plays it, the Automa's level or the officer.
 * @param {ParentNode} node the seat
 * @param {string} name
 */
const seatSelect = (node, name) => field(node, name, HTMLSelectElement);

/**
 * @param {string} v
 * @param {string} text
 * @param {boolean} selected
 */
function option(v, text, selected) {
  const o = /** @type {HTMLOptionElement} */ (el('option', { value: v, text }));
  o.selected = selected;
  return o;
}

/** @param {number} i the seat's index */
function seatNode(i) {
  const node = /** @type {HTMLElement} */ (fromTemplate('tpl-seat'));
  field(node, 'legend').textContent = t('Seat {n}', { n: i + 1 });
  const company = seatSelect(node, 'company');
  company.append(...companyPool().map((c, k) => option(c, companyName(c), k === i)));
  company.setAttribute('aria-label', t('Seat {n} company', { n: i + 1 }));
  const kind = seatSelect(node, 'kind');
  kind.setAttribute('aria-label', t('Seat {n} played by', { n: i + 1 }));
  field(node, 'name').setAttribute('aria-label', t('Seat {n} name', { n: i + 1 }));
  field(node, 'level').setAttribute('aria-label', t('Seat {n} Automa level', { n: i + 1 }));
  field(node, 'officer').setAttribute('aria-label', t('Seat {n} executive officer', { n: i + 1 }));
  for (const input of [company, kind, seatSelect(node, 'level')]) input.addEventListener('change', () => syncSeats());
  return node;
}

/** Full game with the draft: the people's companies and officers come from the draft (p. 9). */
const drafting = () => value('mode') === 'full' && value('assign') === 'draft';

/**
 * Does this seat play an officer? A person always; the Automa only at level 4 (automa.md §2.2).
 * @param {ParentNode} node the seat
 */
function hasOfficer(node) {
  return seatSelect(node, 'kind').value === 'human' ? !drafting() : Number(seatSelect(node, 'level').value) >= 4;
}

/** The seat nodes in seat order. */
const seatNodes = () => [...seatsBox.querySelectorAll('.seat')];

/** Show each seat's inputs as its kind, level and the way companies are assigned need them. */
function syncSeats() {
  const full = value('mode') === 'full';
  byId('assign-box').hidden = !full;
  seatNodes().forEach((node, i) => {
    const automa = seatSelect(node, 'kind').value === 'automa';
    const drafted = !automa && drafting();
    field(node, 'level-label').hidden = !automa;
    field(node, 'company-label').hidden = drafted;
    field(node, 'draft-note').hidden = !drafted;
    field(node, 'officer-label').hidden = !hasOfficer(node);
    const companySelect = seatSelect(node, 'company');
    const chosenCompany = companySelect.value;
    const pool = companyPool();
    if (companySelect.options.length !== pool.length) {
      companySelect.replaceChildren(...pool.map((c, k) => option(c, companyName(c), pool.includes(chosenCompany) ? c === chosenCompany : k === i)));
    }
    const company = companySelect.value;
    const select = seatSelect(node, 'officer');
    const current = select.value;
    const introductory = officer(introOfficer[company]);
    const list = full ? officersFor(expansion()) : introductory ? [introductory] : [];
    select.replaceChildren(...list.map((o, k) => option(o.id, `${o.name} — ${printed(o.text)}`, full ? (o.id === current || (!current && k === i)) : true)));
    select.disabled = !full;
  });
}

function buildSeats() {
  const n = Number(value('players'));
  const existing = seatNodes().length;
  for (let i = existing; i < n; i += 1) seatsBox.append(seatNode(i));
  while (seatNodes().length > n) seatsBox.lastElementChild?.remove();
  syncSeats();
}

/** @returns {Seat[]} the seats as the setup payload has them */
function seats() {
  return seatNodes().map((node, i) => {
    const kind = seatSelect(node, 'kind').value;
    const drafted = kind === 'human' && drafting();
    /** @type {Seat} */
    const seat = {
      company: drafted ? null : seatSelect(node, 'company').value,
      officer: hasOfficer(node) ? seatSelect(node, 'officer').value || null : null,
      kind,
      name: field(node, 'name', HTMLInputElement).value.trim() || (kind === 'automa' ? t('Automa') : t('Player {n}', { n: i + 1 })),
    };
    if (kind === 'automa') seat.automa_level = Number(seatSelect(node, 'level').value);
    return seat;
  });
}

/** @returns {string | null} what keeps the wizard from the next step */
function problem() {
  if (step === 2) {
    const companies = seats().map((s) => s.company).filter(Boolean);
    if (new Set(companies).size !== companies.length) return t('Each seat needs a different company.');
    const officers = seats().map((s) => s.officer).filter(Boolean);
    if (value('mode') === 'full' && new Set(officers).size !== officers.length) return t('Each seat needs a different executive officer.');
    if (!seats().some((s) => s.kind === 'human')) return t('At least one seat must be played by a person.');
  }
  if (step === 3 && value('deals') === 'table') {
    const draws = drawsPayload(byId('draws'));
    if (draws.error) return draws.error;
  }
  return null;
}

// "Start from a game in progress" (home page): the same wizard, then the position
const IN_PROGRESS = new URLSearchParams(window.location.search).has('in-progress');
if (IN_PROGRESS) {
  byId('step1-title').textContent = t('Which game is on the table?');
  buttons.create.textContent = t('Create and enter the position');
}

/** @param {number} n the step to show (1–4) */
function show(n) {
  step = n;
  for (const s of form.querySelectorAll('section[data-step]')) {
    if (s instanceof HTMLElement) s.hidden = Number(s.dataset.step) !== n;
  }
  document.querySelectorAll('[data-step-label]').forEach((li) => {
    if (Number(li.getAttribute('data-step-label')) === n) li.setAttribute('aria-current', 'step');
    else li.removeAttribute('aria-current');
  });
  buttons.back.hidden = n === 1 || n === 4;
  buttons.next.hidden = n >= 3;
  buttons.create.hidden = n !== 3;
  buttons.start.hidden = n !== 4;
  errorBox.hidden = true;
  const title = form.querySelector(`section[data-step="${n}"] h1`);
  if (title instanceof HTMLElement) title.focus();
}

/** @param {string} message */
function fail(message) {
  errorBox.textContent = message;
  errorBox.hidden = false;
}

/**
 * @param {NewGameState} state
 * @param {Created} created
 */
function checklist(state, created) {
  /** @type {HTMLElement[]} */
  const items = [];
  /** @param {string} text */
  const add = (text) => items.push(el('li', { text }));
  const players = Object.values(state.players || {});
  for (const p of players) {
    const off = officer(p.officer);
    const who = `${companyName(p.company)}${p.name ? ` (${p.name})` : ''}`;
    const tiles = (p.tiles || []).map((tx) => t(tx.charAt(0).toUpperCase() + tx.slice(1))).join(', ') || '—';
    const board = { who, engineers: p.engineers, credits: p.credits, excavators: p.excavators, mixers: p.mixers, vp: p.vp, tiles };
    add(off ? t('{who}: company board, {engineers} Engineers, {credits} Credits, {excavators} Excavators, {mixers} Concrete Mixers, {vp} VP, officer {officer}; Technology tiles: {tiles}.', { ...board, officer: off.name })
      : t('{who}: company board, {engineers} Engineers, {credits} Credits, {excavators} Excavators, {mixers} Concrete Mixers, {vp} VP; Technology tiles: {tiles}.', board));
    for (const id of p.contracts || []) add(t('{company}: the Starting contract {contract}.', { company: companyName(p.company), contract: contractWords(id).replace(/^\S+ /, '') }));
  }
  if (state.turn_order?.length) add(t('Turn order: {order}.', { order: state.turn_order.map(companyName).join(' › ') }));
  for (const [letter, tile] of Object.entries(state.headstream_tiles || {})) add(t('Headstream {letter}: the tile with {drops} drops in rounds 1–4.', { letter, drops: headstreamWords(tile) }));
  for (const [space, dam] of Object.entries(state.dams || {})) {
    if (dam.owner !== 'neutral') continue;
    const place = placeName(space);
    if (!dam.drops) add(t('Neutral dam on {place}.', { place }));
    else add(dam.drops > 1 ? t('Neutral dam on {place} holding {n} drops.', { place, n: dam.drops }) : t('Neutral dam on {place} holding 1 drop.', { place }));
  }
  (state.bonus_tiles || []).forEach((id, i) => add(t('Energy track, round {round}: the bonus tile “{tile}”.', { round: i + 1, tile: bonusText(id) })));
  if (state.objective) add(t('Objective tile: {objective}.', { objective: objectiveLabel(state.objective) }));
  for (const color of ['green', 'yellow', 'red']) {
    const offer = (state.contract_offer?.[color] || []).filter(Boolean);
    if (offer.length) add(t('Contract Office, {colour}: {contracts}.', { colour: t(color), contracts: offer.map((id) => contractWords(id).replace(/^\S+ /, '')).join('; ') }));
  }
  if (state.national_contracts?.length) add(t('National contracts: {contracts}.', { contracts: state.national_contracts.map((id) => contractWords(id).replace(/^\S+ /, '')).join('; ') }));
  const patents = (state.patent_offer || []).filter((id) => typeof id === 'string');
  if (patents.length) add(t('Patent Office: {tiles}.', { tiles: patents.map(advancedText).join('; ') }));
  expansionChecklist(state.extra_management_board, state.leeghwater, add);
  if (state.pending?.length) add(t('The table still has draws to enter: the game view asks for each one and offers only what can still be drawn.'));
  byId('checklist').replaceChildren(...items);
  byId('created-code').textContent = created.game.join_code || '';
  buttons.start.href = api.gamePage(created.game.id);
}

/**
 * The Leeghwater Project's components as the table lays them out (expansion rulebook, Setup).
 * @param {ExtraBoard | null | undefined} board
 * @param {object | null | undefined} data the state's `leeghwater` (set when the expansion is on)
 * @param {(text: string) => void} add
 */
function expansionChecklist(board, data, add) {
  if (!board || !data) return;
  const offer = (board.external_offer || []).filter((w) => w !== null);
  if (offer.length) add(t('Extra Management board, External Works face up: {tiles}.', { tiles: offer.map((w) => externalWorkText(w.id)).join('; ') }));
  const piles = board.external_piles || {};
  add(t('External Works face down: pile A {a}, pile B {b}, pile C {c} tiles.', { a: piles.A ?? 0, b: piles.B ?? 0, c: piles.C ?? 0 }));
  (board.buildings || []).forEach((b, i) => {
    const closed = (b.spaces || []).filter((s) => s.owner === 'blocked').length;
    add(closed
      ? t('Private Building {n}: {name}; put a Building of an unused colour on each of its {closed} closed building space(s).', { n: i + 1, name: buildingName(b.id), closed })
      : t('Private Building {n}: {name}.', { n: i + 1, name: buildingName(b.id) }));
  });
  add(t('Every company takes its Building Technology tile.'));
}

async function create() {
  /** @type {{ mode?: string, seats: Seat[], deals?: string, expansion?: boolean, seed?: number, draws?: object }} */
  const payload = { mode: value('mode'), seats: seats(), deals: value('deals') };
  if (expansion()) payload.expansion = true;
  const seed = byId('seed', HTMLInputElement).value;
  if (seed !== '') payload.seed = Number(seed);
  if (payload.deals === 'table') payload.draws = drawsPayload(byId('draws')).draws;
  buttons.create.disabled = true;
  try {
    /** @type {[Created, object]} */
    const [created, board] = await Promise.all([api.createGame(payload), api.board()]);
    if (IN_PROGRESS) {
      // a game begun on paper: its pieces are on the table already; enter where it stands
      window.location.assign(`${api.gamePage(created.game.id)}#position`);
      return;
    }
    setPlaceNames(board);
    checklist(created.state || {}, created);
    show(4);
  } catch (error) {
    // an ApiError carries the server's refusal in its body (api.js); anything else its message
    const refused = /** @type {{ body?: { message?: string }, message?: string }} */ (error);
    fail(refused.body?.message || refused.message || String(error));
  } finally {
    buttons.create.disabled = false;
  }
}

buttons.next.addEventListener('click', () => {
  const p = problem();
  if (p) return fail(p);
  if (step === 1) buildSeats();
  if (step === 2) renderDraws(byId('draws'), drawGroups(/** @type {Mode} */ (value('mode')), seats(), { draft: drafting(), expansion: expansion() }));
  return show(step + 1);
});
buttons.back.addEventListener('click', () => show(Math.max(1, step - 1)));
buttons.create.addEventListener('click', () => {
  const p = problem();
  return p ? fail(p) : create();
});
form.addEventListener('change', (event) => {
  errorBox.hidden = true; // the table is fixing what the message was about
  const name = event.target instanceof HTMLInputElement ? event.target.name : '';
  if (['mode', 'assign', 'expansion'].includes(name)) syncSeats();
  if (name === 'deals') {
    byId('table-draws').hidden = value('deals') !== 'table';
  }
});
form.addEventListener('submit', (event) => event.preventDefault());
scriptReady();
show(1);
