// @ts-check
// Table deals in the setup wizard: the table enters what it drew, choosing only among tiles that
// can still be drawn (a tile picked in one list disappears from the others of its group).
// The engine checks the draws again (setup.py, `table_draw` and `draft` refusals).
// drawGroups(), offered() and payloadOf() read no page: tests/js/setup_draws.test.js.
import { el } from './dom.js';
import { CATALOG } from './catalog.js';
import { advancedText, bonusText as bonusWords, buildingName, companiesFor, companyName, contractWords, externalWorkText, headstreamWords, machineryCost, officer, officersFor, privateBuilding } from './names.js';
import { t } from './i18n.js';

/**
 * One list the table fills: the tile drawn for one slot (a round, a headstream, a seat).
 * @typedef {{ id: string | number, label: string, pool?: string[] }} Slot
 */
/**
 * A group of lists drawing from one pool without repeats; `key` names it in the setup payload,
 * `shape` says how its values go there (a list by default).
 * @typedef {{
 *   key: string,
 *   title: string,
 *   slots: Slot[],
 *   pool: string[] | ((box: ParentNode) => string[]),
 *   text?: (id: string, box: ParentNode) => string,
 *   shape?: 'map' | 'single'
 * }} Group
 */
/** @typedef {{ title: string, groups: Group[], note?: string, rowTitle?: (i: number) => string }} Section */
/**
 * A seat as the wizard's seat step has it (setup.js `seats()`).
 * @typedef {{ company: string | null, officer: string | null, kind: string, name: string, automa_level?: number }} Seat
 */
/** @typedef {Seat & { index: number }} IndexedSeat */
/**
 * The `draws` of the setup payload (docs/commands.md, table deals).
 * @typedef {{
 *   contract_offer?: Record<string, string[]>,
 *   picks?: Array<{ company: string, contract: string }>,
 *   [key: string]: unknown
 * }} Draws
 */
/** @typedef {{ draws: Draws, error?: undefined } | { error: string, draws?: undefined }} DrawsOrError */
/** @typedef {'full' | 'introductory'} Mode */

/** @param {Array<{ id: string }>} list */
const ids = (list) => list.map((x) => x.id);
/**
 * @param {number} n
 * @param {(n: number) => string} label from the slot's number (1, 2, …)
 * @returns {Slot[]}
 */
const numbered = (n, label) => Array.from({ length: n }, (_, i) => ({ id: i, label: label(i + 1) }));
// a tile as printed (it carries no id): energy needed and reward
/** @param {string} id */
const contractText = (id) => contractWords(id);
/** @param {string} id */
const neutralDamText = (id) => {
  const where = t('dam on {space}', { space: CATALOG.neutral_dam_tiles.find((tx) => tx.id === id)?.dam_space });
  return `${id} · ${where}`;
};
/** @param {string} id */
const headstreamText = (id) => t('{drops} drops in rounds 1–4', { drops: headstreamWords(id) });
// the name is printed on the tile: enough to find it in the list, and short enough for a phone
/** @param {string} id */
const officerText = (id) => officer(id)?.name ?? id;
/** @param {IndexedSeat} seat */
const seatLabel = (seat) => t('Seat {n} ({name})', { n: seat.index + 1, name: seat.name });
const STARTING = ids(CATALOG.contracts.filter((c) => c.kind === 'starting'));
// Patent Office: three face-up tiles of pile I (General Setup, p. 7); the Building tiles belong
// to the Leeghwater Project expansion
/** @param {{ id: string }} tx */
const isBuildingTile = (tx) => tx.id.endsWith('_BUILDING');
/**
 * @param {number} level
 * @param {boolean} expansion
 */
const advancedPile = (level, expansion) => ids(CATALOG.advanced_tiles.filter((tx) => tx.level === level && (expansion || !isBuildingTile(tx))));
// a Private Building tile as printed: name, cost, end-game VP
/** @param {string} id */
const buildingText = (id) => {
  const b = privateBuilding(id);
  return b ? `${buildingName(id)} · ${machineryCost(b.excavators, b.mixers)} · ${t('{n} VP', { n: b.vp })}` : id;
};

/**
 * The values of a group's selects in slot order ('' where nothing is chosen).
 * @param {ParentNode} box
 * @param {string} key
 * @returns {string[]}
 */
const valuesOf = (box, key) => [...box.querySelectorAll(`select[data-draw="${key}"]`)].map((s) => /** @type {HTMLSelectElement} */ (s).value);
/**
 * @param {ParentNode} box
 * @param {string} key
 */
const complete = (box, key) => valuesOf(box, key).every(Boolean);

/**
 * The tiles laid out on the boards (General Setup, pp. 6–7), one group per section.
 * @param {Mode} mode
 * @param {number} players
 * @param {boolean} expansion
 * @returns {Section[]}
 */
function boardSections(mode, players, expansion) {
  /** @param {string} pile */
  const privates = (pile) => CATALOG.contracts.filter((c) => c.kind === 'private' && c.pile === pile);
  const allBonus = expansion ? [...CATALOG.bonus_tiles, ...CATALOG.expansion_bonus_tiles] : CATALOG.bonus_tiles;
  const bonus = allBonus.filter((b) => mode === 'full' || b.id !== CATALOG.intro_removed_bonus);
  /** @param {string} id */
  const bonusText = (id) => `${id} · ${bonusWords(id)}`;
  // literal keys, so the catalogue gives this page their words (t(pile) alone would not)
  /** @type {Record<string, string>} */
  const pileNames = { mountains: t('mountains'), hills: t('hills'), plains: t('plains') };
  /** @type {Group[]} */
  const groups = [
    { key: 'headstreams', title: t('Headstream tiles'), slots: ['A', 'B', 'C', 'D'].map((x) => ({ id: x, label: t('Headstream {letter}', { letter: x }) })), pool: ids(CATALOG.headstream_tiles), shape: 'map', text: headstreamText },
    { key: 'bonus_tiles', title: t('Bonus tiles on the energy track'), slots: [1, 2, 3, 4, 5].map((r) => ({ id: r, label: t('Round {round} bonus tile', { round: r }) })), pool: ids(bonus), text: bonusText },
    { key: 'objective', title: t('Objective tile'), slots: [{ id: 0, label: t('Objective tile') }], pool: ids(CATALOG.objective_tiles), shape: 'single' },
    { key: 'national_contracts', title: t('National contracts'), slots: numbered(players - 1, (i) => t('National contract {n}', { n: i })), pool: ids(CATALOG.contracts.filter((c) => c.kind === 'national')), text: contractText },
    { key: 'neutral_dams', title: t('Neutral dams (one tile from each pile)'), slots: ['mountains', 'hills', 'plains'].map((pile) => ({ id: pile, label: t('Neutral dam, {pile}', { pile: pileNames[pile] }), pool: CATALOG.neutral_dam_tiles.filter((tx) => tx.pile === pile).map((tx) => tx.id) })), pool: ids(CATALOG.neutral_dam_tiles), text: neutralDamText },
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
 * @param {Mode} mode
 * @returns {Group[]}
 */
function expansionGroups(mode) {
  const pileA = ids(CATALOG.external_works.filter((w) => w.pile === 'A'));
  /** @type {Group[]} */
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
 * @param {IndexedSeat[]} seats
 * @param {boolean} expansion
 * @returns {Section[]}
 */
function draftSections(seats, expansion) {
  const humans = seats.filter((s) => s.kind === 'human');
  /** @type {Set<string | null>} */
  const automaCompanies = new Set(seats.filter((s) => s.kind === 'automa').map((s) => s.company));
  /** @type {Set<string | null>} */
  const automaOfficers = new Set(seats.filter((s) => s.kind === 'automa' && s.officer).map((s) => s.officer));
  const n = humans.length;
  /** @type {Group} */
  const boards = { key: 'companies', title: t('Company boards'), slots: numbered(n, (i) => t('Company board {n}', { n: i })), pool: companiesFor(expansion).filter((c) => !automaCompanies.has(c)), text: companyName };
  /** @type {Group} */
  const officers = { key: 'officers', title: t('Executive Officers'), slots: numbered(n, (i) => t('Executive Officer {n}', { n: i })), pool: ids(officersFor(expansion).filter((o) => !automaOfficers.has(o.id))), text: officerText };
  /** @type {Group} */
  const contracts = { key: 'starting_contracts', title: t('Starting Contracts'), slots: numbered(n, (i) => t('Starting Contract {n}', { n: i })), pool: STARTING, text: contractText };
  // a pick names a board laid out above (with its officer) and a Starting Contract laid out
  /** @param {ParentNode} box */
  const laidOut = (box) => (['companies', 'officers', 'starting_contracts'].every((k) => complete(box, k)));
  /**
   * @param {string} id
   * @param {ParentNode} box
   */
  const pairText = (id, box) => {
    const at = valuesOf(box, 'companies').indexOf(id);
    const board = t('Board {n}', { n: at + 1 });
    return `${board}: ${companyName(id)} + ${officer(valuesOf(box, 'officers')[at])?.name}`;
  };
  /**
   * @param {string} what
   * @returns {Slot[]}
   */
  const pickSlots = (what) => humans.map((h) => ({ id: h.index, label: t('{seat} picks {what}', { seat: seatLabel(h), what }) }));
  /** @type {Group} */
  const pickBoards = { key: 'picks.company', title: t('The draft picks'), slots: pickSlots(t('a board')), pool: (box) => (laidOut(box) ? valuesOf(box, 'companies') : []), text: pairText };
  /** @type {Group} */
  const pickContracts = { key: 'picks.contract', title: t('The draft picks'), slots: pickSlots(t('a Starting Contract')), pool: (box) => (laidOut(box) ? valuesOf(box, 'starting_contracts') : []), text: contractText };
  return [
    { title: t('Company boards laid out, each with its Executive Officer'), groups: [boards, officers], rowTitle: (i) => t('Board {n} + Officer {n}', { n: i + 1 }) },
    { title: t('Starting Contracts laid out face up'), groups: [contracts] },
    {
      title: t('The draft picks (optional), in selection order'),
      note: t('Only boards and Starting Contracts entered above and not yet picked are offered. Leave the picks empty to make them in the game view.'),
      groups: [pickBoards, pickContracts],
      rowTitle: (i) => `${i + 1}. ${seatLabel(humans[i])}`,
    },
  ];
}

/**
 * Companies and officers chosen in the seat step: only each person's Starting Contract.
 * @param {IndexedSeat[]} seats
 * @returns {Section[]}
 */
function chosenSections(seats) {
  const humans = seats.filter((s) => s.kind === 'human');
  const slots = humans.map((h) => ({ id: h.index, label: t('{seat}: Starting Contract', { seat: seatLabel(h) }) }));
  return [{ title: t('Starting Contracts'), groups: [{ key: 'starting_contracts', title: t('Starting Contracts'), slots, pool: STARTING, text: contractText }] }];
}

/**
 * The draws of a setup as sections of groups: key (as in the setup payload), slots with labels,
 * the pool of tiles. `seats` are the wizard's seats; `draft`: the people draft their companies.
 * @param {Mode} mode
 * @param {Seat[]} seats
 * @param {{ draft?: boolean, expansion?: boolean }} [options]
 * @returns {Section[]}
 */
export function drawGroups(mode, seats, { draft = false, expansion = false } = {}) {
  const indexed = seats.map((s, index) => ({ ...s, index }));
  const sections = boardSections(mode, seats.length, expansion);
  if (mode === 'full') sections.push(...(draft ? draftSections(indexed, expansion) : chosenSections(indexed)));
  return sections;
}

/**
 * What one list offers: the tiles of its pool not chosen in another list of its group (its own
 * choice stays), in the pool's order.
 * @param {string[]} pool
 * @param {string} chosen this list's value ('' when none)
 * @param {Set<string>} taken the values of every list of the group, this one's included
 * @returns {string[]}
 */
export function offered(pool, chosen, taken) {
  return pool.filter((id) => id === chosen || !taken.has(id));
}

/** @type {Group[]} the groups drawn by renderDraws() */
let current = [];

/** @param {ParentNode} box */
function refresh(box) {
  for (const group of current) {
    /** @type {HTMLSelectElement[]} */
    const selects = [...box.querySelectorAll(`select[data-draw="${group.key}"]`)].filter((s) => s instanceof HTMLSelectElement);
    const taken = new Set(selects.map((s) => s.value).filter(Boolean));
    const groupPool = typeof group.pool === 'function' ? group.pool(box) : group.pool;
    selects.forEach((select, i) => {
      const chosen = select.value;
      const pool = group.slots[i].pool || groupPool;
      select.replaceChildren(el('option', { value: '', text: '—' }), ...offered(pool, chosen, taken).map((id) => {
        const o = el('option', { value: id, text: group.text ? group.text(id, box) : id });
        o.selected = id === chosen;
        return o;
      }));
      select.disabled = !pool.length;
    });
  }
}

/**
 * @param {Group} group
 * @param {Slot} slot
 */
function drawSelect(group, slot) {
  return el('label', {}, slot.label,
    el('select', { 'data-draw': group.key, 'data-slot': slot.id, 'aria-label': slot.label }));
}

/** @param {Section} section */
function sectionNode(section) {
  const [first] = section.groups;
  const rowTitle = section.rowTitle ?? (() => '');
  const rows = section.groups.length === 1
    ? [el('div', { class: 'row' }, ...first.slots.map((slot) => drawSelect(first, slot)))]
    : first.slots.map((slot, i) => el('div', { class: 'row draw-pair' },
      el('span', { class: 'draw-pair-title', text: rowTitle(i) }),
      ...section.groups.map((group) => drawSelect(group, group.slots[i]))));
  return el('fieldset', {}, el('legend', { text: section.title }),
    section.note && el('p', { class: 'draw-note', text: section.note }), ...rows);
}

/**
 * Build the draw lists inside `box`.
 * @param {HTMLElement} box
 * @param {Section[]} sections from drawGroups()
 */
export function renderDraws(box, sections) {
  current = sections.flatMap((section) => section.groups);
  box.replaceChildren(...sections.map(sectionNode));
  box.onchange = () => refresh(box);
  refresh(box);
}

/**
 * The table's draft picks [{company, contract}] in selection order, or {error} if partial.
 * @param {(key: string) => string[]} valuesOf
 * @returns {{ picks?: Array<{ company: string, contract: string }>, error?: string }}
 */
function picksOf(valuesOf) {
  const boards = valuesOf('picks.company');
  const contracts = valuesOf('picks.contract');
  const filled = [...boards, ...contracts].filter(Boolean).length;
  if (!filled) return {};
  if (filled !== boards.length + contracts.length) {
    return { error: t('The draft picks: choose a board and a Starting Contract for every person, or leave all the picks empty.') };
  }
  return { picks: boards.map((company, i) => ({ company, contract: contracts[i] })) };
}

/**
 * The setup payload's draws from the values the table chose in each group's lists, or {error}
 * when a group is only partly filled (an empty group is left to the app's draw).
 * @param {Group[]} groups
 * @param {(key: string) => string[]} valuesOf a group's values in slot order ('' where none)
 * @returns {DrawsOrError}
 */
export function payloadOf(groups, valuesOf) {
  /** @type {Draws} */
  const draws = {};
  for (const group of groups) {
    if (group.key.startsWith('picks.')) continue;
    const values = valuesOf(group.key);
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
  const picks = picksOf(valuesOf);
  if (picks.error) return { error: picks.error };
  if (picks.picks) draws.picks = picks.picks;
  return { draws };
}

/**
 * {draws} for the setup payload from the lists renderDraws() drew, or {error}.
 * @param {ParentNode} box
 * @returns {DrawsOrError}
 */
export function drawsPayload(box) {
  return payloadOf(current, (key) => valuesOf(box, key));
}
