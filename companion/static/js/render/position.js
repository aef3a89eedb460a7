// Start from a game in progress: the table that began on paper enters where its game stands
// (round, turn order, whose turn, who passed, each company's supplies and the structures on
// the map; with The Leeghwater Project also the game's Private Building tiles, the Buildings,
// the External Works face up and taken, and the expansion officers' pieces), sent as one
// `correct` command of kind `position` (one log record, one undo). From there the app tracks
// the game and plays its Automas.
import { el } from '../dom.js';
import { CATALOG } from '../catalog.js';
import { buildingName, companyName } from '../names.js';
import { correctionPart, extraValue, officersPart, officersValue } from './correction.js';
import { t } from '../i18n.js';

const BLOCKED = 'blocked';

const FIELDS = [['vp', t('VP')], ['credits', t('Credits')], ['excavators', t('Excavators')], ['mixers', t('Concrete Mixers')], ['engineers', t('Engineers in supply')], ['energy', t('Energy')]];
const PIECES = [['base', t('Base (a dam)')], ['elevation', t('Elevation on a dam')], ['conduit', t('Conduit')], ['powerhouse', t('Powerhouse')]];
const KIND_OF = { base: 'dam', elevation: 'dam', conduit: 'conduit', powerhouse: 'powerhouse' };

function numberField(name, label, value) {
  return el('label', {}, label, el('input', { type: 'number', name, 'aria-label': label, min: 0, step: 1, inputmode: 'numeric', value }));
}

function structureRow(state, board) {
  const companies = Object.keys(state.players).map((c) => [c, companyName(c)]);
  const where = el('select', { name: 's-space', 'aria-label': t('Where') });
  const piece = el('select', { name: 's-piece', 'aria-label': t('Piece') }, ...PIECES.map(([v, tx]) => el('option', { value: v, text: tx })));
  const fillWhere = () => where.replaceChildren(...board.spaces.filter((s) => s.kind === KIND_OF[piece.value])
    .map((s) => el('option', { value: s.id, text: s.name || s.id })));
  piece.addEventListener('change', fillWhere);
  fillWhere();
  const row = el('div', { class: 'row position-structure', role: 'group', 'aria-label': t('A structure on the map') },
    el('label', {}, t('Whose'), el('select', { name: 's-company', 'aria-label': t('Whose') }, ...companies.map(([v, tx]) => el('option', { value: v, text: tx })))),
    el('label', {}, t('Piece'), piece), el('label', {}, t('Where'), where),
    numberField('s-drops', t('Drops it holds (a dam)'), 0),
    el('button', { type: 'button', class: 'danger', 'aria-label': t('Remove this structure'), text: '✕', onclick: () => row.remove() }));
  return row;
}

/**
 * The Extra Management board: the game's 5 Private Building tiles first (the table's own draw;
 * changing one redraws the building spaces below), then the External Works and Buildings.
 */
function extraBoard(state, board) {
  const lw = state.leeghwater;
  const pattern = lw.building_spaces[lw.buildings[0]].map((o) => (o === BLOCKED ? BLOCKED : null));
  const below = el('div', { class: 'position-extra' });
  let current = lw;
  const draw = () => below.replaceChildren(correctionPart('extra', { ...state, leeghwater: current }, board));
  const tiles = CATALOG.private_buildings.map((b) => el('option', { value: b.id, text: buildingName(b.id) }));
  const slots = el('div', { class: 'row' }, ...lw.buildings.map((b, i) => {
    const label = t('Private Building, slot {n} (top to bottom)', { n: i + 1 });
    const node = el('select', { name: `pb-${i}`, 'aria-label': label }, ...tiles.map((o) => o.cloneNode(true)));
    node.value = b;
    return el('label', {}, label, node);
  }));
  slots.addEventListener('change', () => {
    const chosen = [...slots.querySelectorAll('select')].map((node) => node.value);
    const spaces = Object.fromEntries(chosen.map((b) => [b, current.building_spaces[b] ?? [...pattern]]));
    current = { ...current, buildings: chosen, building_spaces: spaces, left_closed: (current.left_closed || []).filter((b) => chosen.includes(b)) };
    draw();
  });
  draw();
  return el('fieldset', {}, el('legend', { text: t('Extra Management board') }),
    el('p', { text: t('Choose the Private Building tiles first: the building spaces follow them.') }), slots, below);
}

/** The position form, pre-filled with the app's state (a fresh game). */
export function positionForm(state, board) {
  const form = el('form', { class: 'correction position', id: 'position-form' });
  const companies = Object.keys(state.players);
  const structures = el('div', { class: 'position-structures' });
  form.append(
    el('p', { text: t('Enter where your game stands; the app tracks it from here and plays its Automas. Wheels, contracts in hand and offers can be set afterwards with Correct.') }),
    el('fieldset', {}, el('legend', { text: t('Round and turns') }), correctionPart('turn', state, board)),
    ...companies.map((c) => el('fieldset', {}, el('legend', { text: companyName(c) }), el('div', { class: 'row' },
      ...FIELDS.map(([f, label]) => numberField(`${c}:${f}`, `${companyName(c)} ${label}`, state.players[c][f]))))),
    el('fieldset', {}, el('legend', { text: t('Structures on the map') }), structures,
      el('button', { type: 'button', 'data-add-structure': '', text: t('Add a structure'), onclick: () => structures.append(structureRow(state, board)) })),
  );
  if (state.leeghwater?.buildings) form.append(extraBoard(state, board), officersPart(state));
  return form;
}

/** The `correct` command of kind `position` the form describes. */
export function positionCommand(form, state) {
  const f = new FormData(form);
  const order = [];
  for (let i = 0; f.has(`order${i}`); i += 1) order.push(f.get(`order${i}`));
  const players = {};
  for (const c of Object.keys(state.players)) {
    players[c] = Object.fromEntries(FIELDS.map(([field]) => [field, Number(f.get(`${c}:${field}`))]));
  }
  const map = [];
  for (const row of form.querySelectorAll('.position-structure')) {
    const get = (name) => row.querySelector(`[name="${name}"]`).value;
    const space = get('s-space');
    map.push({ what: 'structure', company: get('s-company'), space, value: { structure: get('s-piece'), present: true } });
    const drops = Number(get('s-drops'));
    if (drops && KIND_OF[get('s-piece')] === 'dam') map.push({ what: 'dam_drops', space, value: drops });
  }
  const value = { round: Number(f.get('round')), turn_order: order, active: f.get('active'), passed: f.getAll('passed'), players, map };
  if (f.has('pb-0')) {
    value.buildings = [0, 1, 2, 3, 4].map((i) => f.get(`pb-${i}`));
    Object.assign(value, extraValue(f));
    for (const [c, officer] of Object.entries(officersValue(f))) Object.assign(players[c], officer);
  }
  return { type: 'correct', what: 'position', reason: t('Position of the game in progress'), value };
}
