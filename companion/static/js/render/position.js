// Start from a game in progress: the table that began on paper enters where its game stands
// (round, turn order, whose turn, who passed, each company's supplies and the structures on
// the map), sent as one `correct` command of kind `position` (one log record, one undo). From
// there the app tracks the game and plays its Automas.
import { el } from '../dom.js';
import { companyName } from '../names.js';
import { correctionPart } from './correction.js';
import { t } from '../i18n.js';

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
  return {
    type: 'correct',
    what: 'position',
    reason: t('Position of the game in progress'),
    value: { round: Number(f.get('round')), turn_order: order, active: f.get('active'), passed: f.getAll('passed'), players, map },
  };
}
