// Table deals in the setup wizard: the table enters what it drew, choosing only among tiles that
// can still be drawn (a tile picked in one list disappears from the others of its group).
// The engine checks the draws again (setup.py, `table_draw` and `draft` refusals).
import { el } from './dom.js';
import { CATALOG } from './catalog.js';
import { advancedText, bonusText as bonusWords, buildingName, companiesFor, companyName, contractWords, externalWorkText, headstreamWords, machineryCost, officer, officersFor, privateBuilding } from './names.js';
import { t } from './i18n.js';

const ids = (list) => list.map((x) => x.id);
const numbered = (n, label) => Array.from({ length: n }, (_, i) => ({ id: i, label: label(i + 1) }));
// a tile as printed (it carries no id): energy needed and reward
const contractText = (id) => contractWords(id);
const neutralDamText = (id) => {
  const where = t('dam on {space}', { space: CATALOG.neutral_dam_tiles.find((tx) => tx.id === id)?.dam_space });
  return `${id} · ${where}`;
};
const headstreamText = (id) => t('{drops} drops in rounds 1–4', { drops: headstreamWords(id) });
// the name is printed on the tile: enough to find it in the list, and short enough for a phone
const officerText = (id) => officer(id)?.name ?? id;
const seatLabel = (seat) => `Seat ${seat.index + 1} (${seat.name})`;
const STARTING = ids(CATALOG.contracts.filter((c) => c.kind === 'starting'));
// Patent Office: three face-up tiles of pile I (General Setup, p. 7); the Building tiles belong
// to the Leeghwater Project expansion
const isBuildingTile = (tx) => tx.id.endsWith('_BUILDING');
const advancedPile = (level, expansion) => ids(CATALOG.advanced_tiles.filter((tx) => tx.level === level && (expansion || !isBuildingTile(tx))));
// a Private Building tile as printed: name, cost, end-game VP
const buildingText = (id) => {
  const b = privateBuilding(id);
  return b ? `${buildingName(id)} · ${machineryCost(b.excavators, b.mixers)} · ${t('{n} VP', { n: b.vp })}` : id;
};

/** The values of a group's selects in slot order ('' where nothing is chosen). */
const valuesOf = (box, key) => [...box.querySelectorAll(`select[data-draw="${key}"]`)].map((s) => s.value);
const complete = (box, key) => valuesOf(box, key).every(Boolean);

function boardSections(mode, players, expansion) {
  const privates = (pile) => CATALOG.contracts.filter((c) => c.kind === 'private' && c.pile === pile);
  const allBonus = expansion ? [...CATALOG.bonus_tiles, ...CATALOG.expansion_bonus_tiles] : CATALOG.bonus_tiles;
  const bonus = allBonus.filter((b) => mode === 'full' || b.id !== CATALOG.intro_removed_bonus);
  const bonusText = (id) => `${id} · ${bonusWords(id)}`;
  const groups = [
    { key: 'headstreams', title: t('Headstream tiles'), slots: ['A', 'B', 'C', 'D'].map((x) => ({ id: x, label: `Headstream ${x}` })), pool: ids(CATALOG.headstream_tiles), shape: 'map', text: headstreamText },
    { key: 'bonus_tiles', title: t('Bonus tiles on the energy track'), slots: [1, 2, 3, 4, 5].map((r) => ({ id: r, label: t('Round {round} bonus tile', { round: r }) })), pool: ids(bonus), text: bonusText },
    { key: 'objective', title: t('Objective tile'), slots: [{ id: 0, label: t('Objective tile') }], pool: ids(CATALOG.objective_tiles), shape: 'single' },
    { key: 'national_contracts', title: t('National contracts'), slots: numbered(players - 1, (i) => t('National contract {n}', { n: i })), pool: ids(CATALOG.contracts.filter((c) => c.kind === 'national')), text: contractText },
    { key: 'neutral_dams', title: t('Neutral dams (one tile from each pile)'), slots: ['mountains', 'hills', 'plains'].map((pile) => ({ id: pile, label: t('Neutral dam, {pile}', { pile: t(pile) }), pool: CATALOG.neutral_dam_tiles.filter((tx) => tx.pile === pile).map((tx) => tx.id) })), pool: ids(CATALOG.neutral_dam_tiles), text: neutralDamText },
  ];
  for (const pile of ['green', 'yellow', 'red']) {
    groups.push({ key: `contract_offer.${pile}`, title: t('Contract Office, {colour}', { colour: t(pile) }), slots: [1, 2].map((i) => ({ id: i, label: t('{colour} contract {n}', { colour: t(pile), n: i }) })), pool: ids(privates(pile)), text: contractText });
  }
  if (mode === 'full') {
    groups.push({ key: 'patent_offer', title: t('Patent Office: three face-up tiles of pile I'), slots: numbered(3, (i) => t('Patent Office tile {n}', { n: i })), pool: advancedPile(1, expansion), text: advancedText });
  }
  if (expansion) groups.push(...expansionGroups(mode));
  return groups.map((group) => ({ title: group.title, groups: [group] }));
}

/**
 * The Leeghwater Project's draws (expansion rulebook, Setup; docs/commands.md): the 3 External
 * Works face up from pile A, the 5 Private Buildings top to bottom and, in the full game, the
 * Advanced tile each pile sends back to the box (if the table looked at it).
 */
function expansionGroups(mode) {
  const pileA = ids(CATALOG.external_works.filter((w) => w.pile === 'A'));
  const groups = [
    { key: 'external_offer', title: t('External Works: three face-up tiles of pile A'), slots: numbered(3, (i) => t('External Work {n}', { n: i })), pool: pileA, text: externalWorkText },
    { key: 'private_buildings', title: t('Private Buildings, top to bottom'), slots: numbered(5, (i) => t('Private Building {n}', { n: i })), pool: ids(CATALOG.private_buildings), text: buildingText },
  ];
  if (mode === 'full') {
    const slots = ['I', 'II', 'III'].map((pile, i) => ({ id: pile, label: t('Boxed from pile {pile}', { pile }), pool: advancedPile(i + 1, true) }));
    groups.push({ key: 'advanced_boxed', title: t('Advanced tile put back in the box from each pile (optional)'), slots, pool: advancedPile(1, true), text: advancedText });
  }
  return groups;
}

/**
 * The draft (Full Game Player Setup, p. 9): as many company boards as people (the Automas'
 * boards are set aside first, automa.md §1.2), each paired with the officer laid next to it,
 * the Starting Contracts face up, then optionally the picks in selection (seat) order.
 */
function draftSections(seats, expansion) {
  const humans = seats.filter((s) => s.kind === 'human');
  const automaCompanies = new Set(seats.filter((s) => s.kind === 'automa').map((s) => s.company));
  const automaOfficers = new Set(seats.filter((s) => s.kind === 'automa' && s.officer).map((s) => s.officer));
  const n = humans.length;
  const boards = { key: 'companies', title: t('Company boards'), slots: numbered(n, (i) => t('Company board {n}', { n: i })), pool: companiesFor(expansion).filter((c) => !automaCompanies.has(c)), text: companyName };
  const officers = { key: 'officers', title: t('Executive Officers'), slots: numbered(n, (i) => t('Executive Officer {n}', { n: i })), pool: ids(officersFor(expansion).filter((o) => !automaOfficers.has(o.id))), text: officerText };
  const contracts = { key: 'starting_contracts', title: t('Starting Contracts'), slots: numbered(n, (i) => t('Starting Contract {n}', { n: i })), pool: STARTING, text: contractText };
  // a pick names a board laid out above (with its officer) and a Starting Contract laid out
  const laidOut = (box) => (['companies', 'officers', 'starting_contracts'].every((k) => complete(box, k)));
  const pairText = (id, box) => {
    const at = valuesOf(box, 'companies').indexOf(id);
    const board = t('Board {n}', { n: at + 1 });
    return `${board}: ${companyName(id)} + ${officer(valuesOf(box, 'officers')[at])?.name}`;
  };
  const pickSlots = (what) => humans.map((h) => ({ id: h.index, label: t('{seat} picks {what}', { seat: seatLabel(h), what }) }));
  const pickBoards = { key: 'picks.company', title: t('The draft picks'), slots: pickSlots(t('a board')), pool: (box) => (laidOut(box) ? valuesOf(box, 'companies') : []), text: pairText };
  const pickContracts = { key: 'picks.contract', title: t('The draft picks'), slots: pickSlots(t('a Starting Contract')), pool: (box) => (laidOut(box) ? valuesOf(box, 'starting_contracts') : []), text: contractText };
  return [
    { title: t('Company boards laid out, each with its Executive Officer'), groups: [boards, officers], rowTitle: (i) => `Board ${i + 1} + Officer ${i + 1}` },
    { title: t('Starting Contracts laid out face up'), groups: [contracts] },
    {
      title: t('The draft picks (optional), in selection order'),
      note: t('Only boards and Starting Contracts entered above and not yet picked are offered. Leave the picks empty to make them in the game view.'),
      groups: [pickBoards, pickContracts],
      rowTitle: (i) => `${i + 1}. ${seatLabel(humans[i])}`,
    },
  ];
}

/** Companies and officers chosen in the seat step: only each person's Starting Contract. */
function chosenSections(seats) {
  const humans = seats.filter((s) => s.kind === 'human');
  const slots = humans.map((h) => ({ id: h.index, label: t('{seat}: Starting Contract', { seat: seatLabel(h) }) }));
  return [{ title: t('Starting Contracts'), groups: [{ key: 'starting_contracts', title: t('Starting Contracts'), slots, pool: STARTING, text: contractText }] }];
}

/**
 * The draws of a setup as sections of groups: key (as in the setup payload), slots with labels,
 * the pool of tiles. `seats` are the wizard's seats; `draft`: the people draft their companies.
 */
export function drawGroups(mode, seats, { draft = false, expansion = false } = {}) {
  const indexed = seats.map((s, index) => ({ ...s, index }));
  const sections = boardSections(mode, seats.length, expansion);
  if (mode === 'full') sections.push(...(draft ? draftSections(indexed, expansion) : chosenSections(indexed)));
  return sections;
}

let current = [];

function refresh(box) {
  for (const group of current) {
    const selects = [...box.querySelectorAll(`select[data-draw="${group.key}"]`)];
    const taken = new Set(selects.map((s) => s.value).filter(Boolean));
    const groupPool = typeof group.pool === 'function' ? group.pool(box) : group.pool;
    selects.forEach((select, i) => {
      const chosen = select.value;
      const pool = group.slots[i].pool || groupPool;
      const still = pool.filter((id) => id === chosen || !taken.has(id));
      select.replaceChildren(el('option', { value: '', text: '—' }), ...still.map((id) => {
        const o = el('option', { value: id, text: group.text ? group.text(id, box) : id });
        o.selected = id === chosen;
        return o;
      }));
      select.disabled = !pool.length;
    });
  }
}

function drawSelect(group, slot) {
  return el('label', {}, slot.label,
    el('select', { 'data-draw': group.key, 'data-slot': slot.id, 'aria-label': slot.label }));
}

function sectionNode(section) {
  const [first] = section.groups;
  const rows = section.groups.length === 1
    ? [el('div', { class: 'row' }, ...first.slots.map((slot) => drawSelect(first, slot)))]
    : first.slots.map((slot, i) => el('div', { class: 'row draw-pair' },
      el('span', { class: 'draw-pair-title', text: section.rowTitle(i) }),
      ...section.groups.map((group) => drawSelect(group, group.slots[i]))));
  return el('fieldset', {}, el('legend', { text: section.title }),
    section.note && el('p', { class: 'draw-note', text: section.note }), ...rows);
}

/** Build the draw lists inside `box`. */
export function renderDraws(box, sections) {
  current = sections.flatMap((section) => section.groups);
  box.replaceChildren(...sections.map(sectionNode));
  box.onchange = () => refresh(box);
  refresh(box);
}

/** The table's draft picks [{company, contract}] in selection order, or {error} if partial. */
function picksPayload(box) {
  const boards = valuesOf(box, 'picks.company');
  const contracts = valuesOf(box, 'picks.contract');
  const filled = [...boards, ...contracts].filter(Boolean).length;
  if (!filled) return {};
  if (filled !== boards.length + contracts.length) {
    return { error: t('The draft picks: choose a board and a Starting Contract for every person, or leave all the picks empty.') };
  }
  return { picks: boards.map((company, i) => ({ company, contract: contracts[i] })) };
}

/** {draws} for the setup payload, or {error} when a group is only partly filled. */
export function drawsPayload(box) {
  const draws = {};
  for (const group of current) {
    if (group.key.startsWith('picks.')) continue;
    const values = valuesOf(box, group.key);
    const filled = values.filter(Boolean);
    if (!filled.length) continue;
    if (filled.length !== values.length) return { error: t('{group}: choose all {n} or leave them all empty.', { group: group.title, n: values.length }) };
    if (group.key.startsWith('contract_offer.')) {
      draws.contract_offer = { ...(draws.contract_offer || {}), [group.key.split('.')[1]]: values };
    } else if (group.shape === 'map') {
      draws[group.key] = Object.fromEntries(group.slots.map((slot, i) => [slot.id, values[i]]));
    } else if (group.shape === 'single') {
      draws[group.key] = values[0];
    } else {
      draws[group.key] = values;
    }
  }
  const picks = picksPayload(box);
  if (picks.error) return picks;
  if (picks.picks) draws.picks = picks.picks;
  return { draws };
}
