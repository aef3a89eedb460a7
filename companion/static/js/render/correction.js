// The correction sheet: set anything the table can see, opening with what the app has now, in
// board words. Each kind of line builds one `correct` command (engine/corrections.py and
// engine/table_corrections.py check it and log "USA Credits 7 → 8 — reason").
import { el } from '../dom.js';
import { CATALOG } from '../catalog.js';
import { advancedName, bonusShort, buildingName, companyName, contractWords, externalWorkText, headstreamWords, objectiveLabel, placeName, spaceName } from '../names.js';
import { t } from '../i18n.js';

const TARGETS = [
  ['player', t('A company: VP, Credits, Machineries, Engineers, energy')],
  ['structure', t('A structure on the map')],
  ['dam', t('Drops in a dam')],
  ['headstream', t('Drops on a headstream')],
  ['contract', t('A contract in a company’s hand')],
  ['wheel', t('A segment of a Construction Wheel')],
  ['turn', t('Round, whose turn, turn order, who passed')],
  ['offers', t('Contract Office and Patent Office offers')],
  ['tiles', t('Bonus, objective and headstream tiles')],
  ['occupied', t('Management spaces taken')],
];
// The Leeghwater Project: the Extra Management board, in an expansion game only
const EXTRA_TARGET = ['extra', t('Extra Management board: External Works and Buildings')];
const OFFICERS_TARGET = ['officers', t('The Leeghwater Project officers: Leslie Spencer’s tile, the Architect')];
const hasExpansionOfficer = (state) => Object.values(state.players).some((p) => ['leslie_spencer', 'tommaso_battista'].includes(p.officer));
const targets = (state) => (state.leeghwater?.buildings
  ? [...TARGETS, EXTRA_TARGET, ...(hasExpansionOfficer(state) ? [OFFICERS_TARGET] : [])] : TARGETS);
const BLOCKED = 'blocked';
const FIELDS = [['vp', t('VP')], ['credits', t('Credits')], ['excavators', t('Excavators')], ['mixers', t('Concrete Mixers')], ['engineers', t('Engineers in supply')], ['energy', t('Energy')]];
const STRUCTURES = [['base', t('Base')], ['elevation', t('Elevation')], ['conduit', t('Conduit')], ['powerhouse', t('Powerhouse')]];
const COLOURS = ['green', 'yellow', 'red'];

function select(name, label, options, value) {
  const node = el('select', { name, 'aria-label': label }, ...options.map(([v, tx]) => el('option', { value: v, text: tx })));
  if (value !== undefined && value !== null) node.value = String(value);
  return el('label', {}, label, node);
}

function number(name, label, value) {
  return el('label', {}, label, el('input', { type: 'number', name, 'aria-label': label, min: 0, step: 1, inputmode: 'numeric', value: value ?? 0 }));
}

const companyOptions = (state) => Object.keys(state.players).map((c) => [c, companyName(c)]);
const contractOptions = (filter) => CATALOG.contracts.filter(filter).map((c) => [c.id, contractWords(c.id)]);
export const SEGMENT_NAMES = [t('the open segment'), t('1 turn from the opening'), t('2 turns away'), t('3 turns away'), t('4 turns away'), t('5 turns away (next to open)')];

/** The fieldset of one kind of line, pre-filled from the state. */
export function correctionPart(target, state, board) {
  const companies = companyOptions(state);
  const first = companies[0][0];
  const p = state.players[first];
  if (target === 'player') {
    const box = el('div', { class: 'row' }, select('company', t('Company'), companies, first), select('field', t('What'), FIELDS, 'credits'), number('value', t('Now'), p.credits));
    const refill = () => {
      const c = box.querySelector('[name=company]').value;
      const f = box.querySelector('[name=field]').value;
      box.querySelector('[name=value]').value = state.players[c][f];
    };
    box.addEventListener('change', (event) => { if (event.target.name !== 'value') refill(); });
    return box;
  }
  if (target === 'structure') {
    const spaces = (board?.spaces || []).map((s) => [s.id, s.name || s.id]);
    return el('div', { class: 'row' }, select('space', t('Where'), spaces), select('structure', t('Piece'), STRUCTURES),
      select('owner', t('Whose'), [...companies, ['', t('Neutral')]]), select('present', t('Change'), [['add', t('add it')], ['remove', t('remove it')]]));
  }
  if (target === 'dam') {
    const dams = Object.keys(state.dams || {}).map((id) => [id, `${placeName(id)} (${companyName(state.dams[id].owner)})`]);
    if (!dams.length) return el('p', { text: t('No dam stands on the map yet: add a Base first.') });
    const box = el('div', { class: 'row' }, select('space', t('Dam'), dams), number('drops', t('Drops held'), state.dams[dams[0][0]].drops));
    box.addEventListener('change', (event) => {
      if (event.target.name === 'space') box.querySelector('[name=drops]').value = state.dams[event.target.value].drops;
    });
    return box;
  }
  if (target === 'headstream') {
    const box = el('div', { class: 'row' }, select('headstream', t('Headstream'), ['A', 'B', 'C', 'D'].map((x) => [x, x])), number('drops', t('Drops waiting'), state.headstreams?.A ?? 0));
    box.addEventListener('change', (event) => {
      if (event.target.name === 'headstream') box.querySelector('[name=drops]').value = state.headstreams?.[event.target.value] ?? 0;
    });
    return box;
  }
  if (target === 'contract') {
    return el('div', { class: 'row' }, select('company', t('Company'), companies, first), select('contract', t('Contract tile'), contractOptions(() => true)),
      select('change', t('Change'), [['add', t('add to hand')], ['remove', t('remove from hand')], ['fulfil', t('mark fulfilled')]]));
  }
  if (target === 'wheel') {
    const box = el('div', { class: 'row' }, select('company', t('Company'), companies, first), select('segment', t('Segment'), SEGMENT_NAMES.map((tx, i) => [i, tx]), 0),
      number('excavators', t('Excavators'), 0), number('mixers', t('Concrete Mixers'), 0),
      el('label', {}, t('Technology tiles (Base, Elevation, …)'), el('input', { name: 'tiles', 'aria-label': t('Technology tiles'), autocomplete: 'off' })));
    const refill = () => {
      const c = box.querySelector('[name=company]').value;
      const seg = state.players[c].wheel?.[Number(box.querySelector('[name=segment]').value)] || {};
      box.querySelector('[name=excavators]').value = seg.excavators ?? 0;
      box.querySelector('[name=mixers]').value = seg.mixers ?? 0;
      box.querySelector('[name=tiles]').value = (seg.tiles || []).join(', ');
    };
    box.addEventListener('change', (event) => { if (['company', 'segment'].includes(event.target.name)) refill(); });
    refill();
    return box;
  }
  if (target === 'turn') {
    const n = companies.length;
    return el('div', {},
      el('div', { class: 'row' }, select('round', t('Round'), [1, 2, 3, 4, 5].map((r) => [r, String(r)]), state.round),
        select('active', t('Whose turn'), companies, state.active ?? first)),
      el('fieldset', {}, el('legend', { text: t('Turn order') }), el('div', { class: 'row' },
        ...Array.from({ length: n }, (_, i) => select(`order${i}`, `${i + 1}.`, companies, state.turn_order?.[i])))),
      el('fieldset', {}, el('legend', { text: t('Passed') }), el('div', { class: 'row' },
        ...companies.map(([c, name]) => el('label', {}, el('input', { type: 'checkbox', name: 'passed', value: c, checked: state.players[c].passed }), name)))));
  }
  if (target === 'offers') {
    const offer = state.contract_offer || {};
    const none = [['', t('empty')]];
    return el('div', {},
      ...COLOURS.map((colour) => el('div', { class: 'row' }, ...[0, 1].map((i) => select(`offer-${colour}-${i}`, t('Contract Office, {colour} {n}', { colour: t(colour), n: i + 1 }),
        [...none, ...contractOptions((c) => c.pile === colour).map(([id, tx]) => [id, tx.replace(/^\S+ /, '')])], offer[colour]?.[i] ?? '')))),
      (state.patent_offer || []).length ? el('div', { class: 'row' }, ...[0, 1, 2].map((i) => select(`patent-${i}`, t('Patent Office {n}', { n: i + 1 }),
        [...none, ...CATALOG.advanced_tiles.map((tx) => [tx.id, advancedName(tx.id)])], state.patent_offer[i] ?? ''))) : '');
  }
  if (target === 'tiles') {
    // The Leeghwater Project adds its 2 bonus tiles to the draw (X11, X12)
    const bonusPool = state.leeghwater?.buildings ? [...CATALOG.bonus_tiles, ...CATALOG.expansion_bonus_tiles] : CATALOG.bonus_tiles;
    const bonus = bonusPool.map((tx) => [tx.id, bonusShort(tx.id)]);
    const heads = CATALOG.headstream_tiles.map((tx) => [tx.id, t('{n} drops', { n: headstreamWords(tx.id) })]);
    return el('div', {},
      el('div', { class: 'row' }, ...[0, 1, 2, 3, 4].map((i) => select(`bonus${i}`, t('Bonus tile, round {round}', { round: i + 1 }), bonus, state.bonus_tiles?.[i]))),
      el('div', { class: 'row' }, select('objective', t('Objective tile'), CATALOG.objective_tiles.map((tx) => [tx.id, objectiveLabel(tx.id)]), state.objective)),
      el('div', { class: 'row' }, ...['A', 'B', 'C', 'D'].map((x) => select(`head${x}`, t('Headstream {letter}', { letter: x }), heads, state.headstream_tiles?.[x]))));
  }
  if (target === 'extra') return extraPart(state, companies);
  if (target === 'officers') return officersPart(state);
  // occupied: every Management space in play, with who stands on it
  const rows = (CATALOG.management_spaces || []).filter((m) => state.occupied?.[m.id] !== 'blocked' && (m.section !== 'patent_office' || (state.patent_offer || []).length));
  return el('div', { class: 'occupied-grid' }, ...rows.map((m) => select(`occ-${m.id}`, spaceName(m.id), [['', t('free')], ...companies], state.occupied?.[m.id] ?? '')));
}

/**
 * The Extra Management board as the table sees it: the 3 face-up External Works, the External
 * Works each company took, each Private Building's open building spaces and the left action
 * spaces an Automa's Building closed (table_corrections.py checks every line).
 */
function extraPart(state, companies) {
  const lw = state.leeghwater;
  const none = [['', t('empty')]];
  const works = CATALOG.external_works.map((w) => [w.id, externalWorkText(w.id)]);
  const taken = lw.external_taken || {};
  // only an Automa's Building closes a left action space (leeghwater.md §10)
  const withAutoma = Object.values(state.players || {}).some((p) => p.kind === 'automa');
  const closable = (b) => withAutoma || (lw.left_closed || []).includes(b);
  return el('div', {},
    el('div', { class: 'row' }, ...[0, 1, 2].map((i) => select(`ew-${i}`, t('External Work, slot {n}', { n: i + 1 }), [...none, ...works], lw.external_offer?.[i] ?? ''))),
    ...companies.map(([c, name]) => el('fieldset', {}, el('legend', { text: t('External Works taken by {company}', { company: name }) }),
      el('div', { class: 'row' }, ...CATALOG.external_works.map((w) => el('label', {},
        el('input', { type: 'checkbox', name: `taken-${c}`, value: w.id, checked: (taken[c] || []).includes(w.id) }), externalWorkText(w.id)))))),
    ...lw.buildings.map((b) => el('fieldset', {}, el('legend', { text: buildingName(b) }),
      el('div', { class: 'row' },
        ...lw.building_spaces[b].map((owner, i) => (owner === BLOCKED ? ''
          : select(`bs-${b}-${i}`, t('{building}, building space {n}', { building: buildingName(b), n: i + 1 }), [['', t('free')], ...companies], owner ?? ''))),
        closable(b) ? el('label', {}, el('input', { type: 'checkbox', name: 'left-closed', value: b, checked: (lw.left_closed || []).includes(b) }), t('left action space closed by an Automa')) : ''))));
}

const LESLIE = 'leslie_spencer';
const TOMMASO = 'tommaso_battista';
const LESLIE_TILE = 'leslie_tile';

/** Where Leslie Spencer's special tile is now: 'supply' or the wheel segment's index. */
function leslieAt(p) {
  if ((p.tiles || []).includes(LESLIE_TILE)) return 'supply';
  const i = (p.wheel || []).findIndex((s) => (s.tiles || []).includes(LESLIE_TILE));
  return i < 0 ? 'supply' : String(i);
}

/** The expansion officers' pieces: Leslie Spencer's tile, Tommaso Battista's Architect. */
export function officersPart(state) {
  const out = [];
  const lw = state.leeghwater || {};
  for (const [c, p] of Object.entries(state.players)) {
    if (p.officer === LESLIE) {
      const label = t("{company}: Leslie Spencer's special tile", { company: companyName(c) });
      const where = el('select', { name: `leslie-${c}`, 'aria-label': label },
        el('option', { value: 'supply', text: t('in the personal supply') }),
        ...SEGMENT_NAMES.map((n, i) => el('option', { value: String(i), text: t('on the wheel: {segment}', { segment: n }) })));
      where.value = leslieAt(p);
      out.push(el('input', { type: 'hidden', name: 'leslie-of', value: c }), el('label', {}, label, where));
    }
    if (p.officer === TOMMASO) {
      const label = t('{company}: the Architect is on an action space this round', { company: companyName(c) });
      out.push(el('input', { type: 'hidden', name: 'architect-of', value: c }), el('label', {}, el('input', { type: 'checkbox', name: `architect-${c}`, 'aria-label': label, checked: (lw.architect_out || []).includes(c) }), label));
    }
  }
  return out.length ? el('fieldset', {}, el('legend', { text: t('The Leeghwater Project officers') }), el('div', { class: 'row' }, ...out)) : '';
}

/** What `officersPart` says, per company: {leslie_tile} and {architect_out}. */
export function officersValue(f) {
  const out = {};
  for (const c of f.getAll('leslie-of')) out[c] = { leslie_tile: f.get(`leslie-${c}`) === 'supply' ? 'supply' : Number(f.get(`leslie-${c}`)) };
  for (const c of f.getAll('architect-of')) out[c] = { ...out[c], architect_out: f.has(`architect-${c}`) };
  return out;
}

/** The sheet's form: a choice of what to correct, its pre-filled line, the reason. */
export function correctionForm(state, board) {
  const form = el('form', { class: 'correction', id: 'correction-form' });
  const slot = el('div', { class: 'correction-part' });
  const target = select('target', t('What to correct'), targets(state), 'player');
  const show = () => slot.replaceChildren(correctionPart(target.querySelector('select').value, state, board));
  target.addEventListener('change', show);
  form.append(el('p', { text: t('Set what the table shows. The correction is logged with the value before and after, and can be undone like any move.') }),
    target, slot,
    el('label', {}, t('Reason (required)'), el('input', { name: 'reason', 'aria-label': t('Reason (required)'), required: true, autocomplete: 'off', placeholder: t('The table built it last turn') })));
  show();
  return form;
}

/** The Extra Management board lines of a form holding `extraPart` (the position form too). */
export function extraValue(f) {
  const g = (k) => f.get(k);
  const companies = [...new Set([...f.keys()].filter((k) => k.startsWith('taken-')).map((k) => k.slice(6)))];
  const spaces = {};
  for (const key of f.keys()) {
    const match = /^bs-(.+)-(\d)$/.exec(key);
    if (!match) continue;
    spaces[match[1]] ??= [null, null, null, null];
    spaces[match[1]][Number(match[2])] = g(key) || null;
  }
  return {
    external_offer: [0, 1, 2].map((i) => g(`ew-${i}`) || null),
    external_taken: Object.fromEntries(companies.map((c) => [c, f.getAll(`taken-${c}`)])),
    building_spaces: spaces,
    left_closed: f.getAll('left-closed'),
  };
}

const num = (v) => (v === '' || v === null || v === undefined ? undefined : Number(v));

/** The `correct` command the form describes. */
export function correctionCommand(form) {
  const f = new FormData(form);
  const g = (k) => f.get(k);
  const reason = String(g('reason') || '').trim();
  const command = { type: 'correct', reason };
  const target = g('target');
  if (target === 'player') return { ...command, what: g('field'), company: g('company'), value: num(g('value')) };
  if (target === 'dam') return { ...command, what: 'dam_drops', space: g('space'), value: num(g('drops')) };
  if (target === 'headstream') return { ...command, what: 'headstream_drops', space: g('headstream'), value: num(g('drops')) };
  if (target === 'structure') {
    return { ...command, what: 'structure', space: g('space'), company: g('owner') || null, value: { structure: g('structure'), present: g('present') !== 'remove' } };
  }
  if (target === 'contract') {
    const change = g('change');
    return { ...command, what: 'contract', company: g('company'), value: { contract: g('contract'), present: change !== 'remove', fulfilled: change === 'fulfil' } };
  }
  if (target === 'wheel') {
    return {
      ...command, what: 'wheel_segment', company: g('company'), space: num(g('segment')),
      value: {
        excavators: num(g('excavators')) ?? 0, mixers: num(g('mixers')) ?? 0,
        tiles: String(g('tiles') || '').split(',').map((tx) => tx.trim().toLowerCase()).filter(Boolean),
      },
    };
  }
  const value = {};
  if (target === 'turn') {
    const order = [];
    for (let i = 0; f.has(`order${i}`); i += 1) order.push(g(`order${i}`));
    Object.assign(value, { round: num(g('round')), turn_order: order, active: g('active'), passed: f.getAll('passed') });
  } else if (target === 'offers') {
    value.contract_offer = Object.fromEntries(COLOURS.map((c) => [c, [0, 1].map((i) => g(`offer-${c}-${i}`) || null)]));
    if (f.has('patent-0')) value.patent_offer = [0, 1, 2].map((i) => g(`patent-${i}`) || null);
  } else if (target === 'tiles') {
    Object.assign(value, {
      bonus_tiles: [0, 1, 2, 3, 4].map((i) => g(`bonus${i}`)),
      objective: g('objective'),
      headstream_tiles: Object.fromEntries(['A', 'B', 'C', 'D'].map((x) => [x, g(`head${x}`)])),
    });
  } else if (target === 'extra') {
    Object.assign(value, extraValue(f));
  } else if (target === 'officers') {
    value.players = officersValue(f);
  } else if (target === 'occupied') {
    value.occupied = Object.fromEntries([...f.keys()].filter((k) => k.startsWith('occ-') && g(k)).map((k) => [k.slice(4), g(k)]));
  }
  // several table-wide lines at once: one `position` command (one log record, one undo)
  return { ...command, what: 'position', value };
}
