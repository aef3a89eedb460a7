// The setup wizard: mode and players, seats (person or Automa), deals; creates the game and
// ends with a checklist of what to place on the real board (read from the new game's state).
import { api } from './api.js';
import { el, fromTemplate, scriptReady } from './dom.js';
import { CATALOG } from './catalog.js';
import { advancedText, bonusText, buildingName, companiesFor, companyName, externalWorkText, officersFor, contractWords, headstreamWords, objectiveLabel, officer, placeName, printed, setPlaceNames } from './names.js';
import { drawGroups, drawsPayload, renderDraws } from './setup_draws.js';
import { t } from './i18n.js';

const form = document.getElementById('setup-form');
const seatsBox = document.getElementById('seats');
const errorBox = document.getElementById('setup-error');
const buttons = { back: 'back', next: 'next', create: 'create', start: 'start' };
for (const key of Object.keys(buttons)) buttons[key] = document.getElementById(key);
let step = 1;

const value = (name) => form.querySelector(`[name="${name}"]:checked`)?.value;
/** The Leeghwater Project is on: the Netherlands and the 4 new officers join (expansion rulebook). */
const expansion = () => document.getElementById('expansion').checked;
// the introductory columns (p. 8) are USA, Germany, Italy and France: the Netherlands only in
// the full game
const companyPool = () => companiesFor(expansion() && value('mode') === 'full');
const field = (node, name) => node.querySelector(`[data-field="${name}"]`);
const introOfficer = Object.fromEntries(CATALOG.introductory.map((x) => [x.company, x.officer]));

function option(v, text, selected) {
  const o = el('option', { value: v, text });
  o.selected = Boolean(selected);
  return o;
}

function seatNode(i) {
  const node = fromTemplate('tpl-seat');
  field(node, 'legend').textContent = t('Seat {n}', { n: i + 1 });
  const company = field(node, 'company');
  company.append(...companyPool().map((c, k) => option(c, companyName(c), k === i)));
  company.setAttribute('aria-label', t('Seat {n} company', { n: i + 1 }));
  const kind = field(node, 'kind');
  kind.setAttribute('aria-label', t('Seat {n} played by', { n: i + 1 }));
  field(node, 'name').setAttribute('aria-label', t('Seat {n} name', { n: i + 1 }));
  field(node, 'level').setAttribute('aria-label', t('Seat {n} Automa level', { n: i + 1 }));
  field(node, 'officer').setAttribute('aria-label', t('Seat {n} executive officer', { n: i + 1 }));
  for (const input of [company, kind, field(node, 'level')]) input.addEventListener('change', () => syncSeats());
  return node;
}

/** Full game with the draft: the people's companies and officers come from the draft (p. 9). */
const drafting = () => value('mode') === 'full' && value('assign') === 'draft';

/** Does this seat play an officer? A person always; the Automa only at level 4 (automa.md §2.2). */
function hasOfficer(node) {
  return field(node, 'kind').value === 'human' ? !drafting() : Number(field(node, 'level').value) >= 4;
}

/** Show each seat's inputs as its kind, level and the way companies are assigned need them. */
function syncSeats() {
  const full = value('mode') === 'full';
  document.getElementById('assign-box').hidden = !full;
  seatsBox.querySelectorAll('.seat').forEach((node, i) => {
    const automa = field(node, 'kind').value === 'automa';
    const drafted = !automa && drafting();
    field(node, 'level-label').hidden = !automa;
    field(node, 'company-label').hidden = drafted;
    field(node, 'draft-note').hidden = !drafted;
    field(node, 'officer-label').hidden = !hasOfficer(node);
    const companySelect = field(node, 'company');
    const chosenCompany = companySelect.value;
    const pool = companyPool();
    if (companySelect.options.length !== pool.length) {
      companySelect.replaceChildren(...pool.map((c, k) => option(c, companyName(c), pool.includes(chosenCompany) ? c === chosenCompany : k === i)));
    }
    const company = companySelect.value;
    const select = field(node, 'officer');
    const current = select.value;
    const list = full ? officersFor(expansion()) : [officer(introOfficer[company])].filter(Boolean);
    select.replaceChildren(...list.map((o, k) => option(o.id, `${o.name} — ${printed(o.text)}`, full ? (o.id === current || (!current && k === i)) : true)));
    select.disabled = !full;
  });
}

function buildSeats() {
  const n = Number(value('players'));
  const existing = seatsBox.querySelectorAll('.seat').length;
  for (let i = existing; i < n; i += 1) seatsBox.append(seatNode(i));
  while (seatsBox.querySelectorAll('.seat').length > n) seatsBox.lastElementChild.remove();
  syncSeats();
}

function seats() {
  return [...seatsBox.querySelectorAll('.seat')].map((node, i) => {
    const kind = field(node, 'kind').value;
    const drafted = kind === 'human' && drafting();
    const seat = {
      company: drafted ? null : field(node, 'company').value,
      officer: hasOfficer(node) ? field(node, 'officer').value || null : null,
      kind,
      name: field(node, 'name').value.trim() || (kind === 'automa' ? t('Automa') : t('Player {n}', { n: i + 1 })),
    };
    if (kind === 'automa') seat.automa_level = Number(field(node, 'level').value);
    return seat;
  });
}

function problem() {
  if (step === 2) {
    const companies = seats().map((s) => s.company).filter(Boolean);
    if (new Set(companies).size !== companies.length) return t('Each seat needs a different company.');
    const officers = seats().map((s) => s.officer).filter(Boolean);
    if (value('mode') === 'full' && new Set(officers).size !== officers.length) return t('Each seat needs a different executive officer.');
    if (!seats().some((s) => s.kind === 'human')) return t('At least one seat must be played by a person.');
  }
  if (step === 3 && value('deals') === 'table') {
    const draws = drawsPayload(document.getElementById('draws'));
    if (draws.error) return draws.error;
  }
  return null;
}

// "Start from a game in progress" (home page): the same wizard, then the position
const IN_PROGRESS = new URLSearchParams(window.location.search).has('in-progress');
if (IN_PROGRESS) {
  document.getElementById('step1-title').textContent = t('Which game is on the table?');
  buttons.create.textContent = t('Create and enter the position');
}

function show(n) {
  step = n;
  form.querySelectorAll('section[data-step]').forEach((s) => { s.hidden = Number(s.dataset.step) !== n; });
  document.querySelectorAll('[data-step-label]').forEach((li) => {
    if (Number(li.dataset.stepLabel) === n) li.setAttribute('aria-current', 'step');
    else li.removeAttribute('aria-current');
  });
  buttons.back.hidden = n === 1 || n === 4;
  buttons.next.hidden = n >= 3;
  buttons.create.hidden = n !== 3;
  buttons.start.hidden = n !== 4;
  errorBox.hidden = true;
  form.querySelector(`section[data-step="${n}"] h1`)?.focus?.();
}

function fail(message) {
  errorBox.textContent = message;
  errorBox.hidden = false;
}

function checklist(state, created) {
  const items = [];
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
  if ((state.patent_offer || []).some(Boolean)) add(t('Patent Office: {tiles}.', { tiles: state.patent_offer.filter(Boolean).map(advancedText).join('; ') }));
  expansionChecklist(state.extra_management_board, state.leeghwater, add);
  if (state.pending?.length) add(t('The table still has draws to enter: the game view asks for each one and offers only what can still be drawn.'));
  document.getElementById('checklist').replaceChildren(...items);
  document.getElementById('created-code').textContent = created.game?.join_code || '';
  buttons.start.href = api.gamePage(created.game.id);
}

/** The Leeghwater Project's components as the table lays them out (expansion rulebook, Setup). */
function expansionChecklist(board, data, add) {
  if (!board || !data) return;
  const offer = (board.external_offer || []).filter(Boolean);
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
  const payload = { mode: value('mode'), seats: seats(), deals: value('deals') };
  if (expansion()) payload.expansion = true;
  const seed = document.getElementById('seed').value;
  if (seed !== '') payload.seed = Number(seed);
  if (payload.deals === 'table') payload.draws = drawsPayload(document.getElementById('draws')).draws;
  buttons.create.disabled = true;
  try {
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
    fail(error.body?.message || error.message);
  } finally {
    buttons.create.disabled = false;
  }
}

buttons.next.addEventListener('click', () => {
  const p = problem();
  if (p) return fail(p);
  if (step === 1) buildSeats();
  if (step === 2) renderDraws(document.getElementById('draws'), drawGroups(value('mode'), seats(), { draft: drafting(), expansion: expansion() }));
  return show(step + 1);
});
buttons.back.addEventListener('click', () => show(Math.max(1, step - 1)));
buttons.create.addEventListener('click', () => {
  const p = problem();
  return p ? fail(p) : create();
});
form.addEventListener('change', (event) => {
  errorBox.hidden = true; // the table is fixing what the message was about
  if (['mode', 'assign', 'expansion'].includes(event.target.name)) syncSeats();
  if (event.target.name === 'deals') {
    document.getElementById('table-draws').hidden = value('deals') !== 'table';
  }
});
form.addEventListener('submit', (event) => event.preventDefault());
scriptReady();
show(1);
