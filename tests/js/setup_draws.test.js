// setup_draws.js: the lists the setup wizard offers for table deals, and the `draws` of the
// setup payload they make (docs/commands.md). The engine checks the draws again (setup.py).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CATALOG } from '../../companion/static/js/catalog.js';
import { drawGroups, offered, payloadOf } from '../../companion/static/js/setup_draws.js';

const person = (name, company = null, officer = null) => ({ kind: 'human', name, company, officer });
const automa = (name, company, officer = null) => ({ kind: 'automa', name, company, officer, automa_level: officer ? 4 : 2 });
const FOUR = [person('Ann'), person('Ben'), person('Cy'), person('Di')];

const groupsOf = (sections) => sections.flatMap((s) => s.groups);
const group = (sections, key) => groupsOf(sections).find((g) => g.key === key);
const poolOf = (g, box = listsHolding({})) => (typeof g.pool === 'function' ? g.pool(box) : g.pool);
/** The setup page's lists holding these values, by group key ('' where nothing is chosen). */
const listsHolding = (values) => ({
  querySelectorAll: (selector) => (values[selector.match(/data-draw="([^"]+)"/)[1]] ?? []).map((value) => ({ value })),
});
const ids = (list) => list.map((x) => x.id);

describe('drawGroups: the introductory game (General Setup, p. 6)', () => {
  const sections = drawGroups('introductory', FOUR);

  test('the tiles the table draws, in the order it lays them out', () => {
    assert.deepEqual(groupsOf(sections).map((g) => g.key), [
      'headstreams', 'bonus_tiles', 'objective', 'national_contracts', 'neutral_dams',
      'contract_offer.green', 'contract_offer.yellow', 'contract_offer.red',
    ]);
  });

  test('one headstream tile for each of A–D, one National contract fewer than the players', () => {
    assert.deepEqual(group(sections, 'headstreams').slots.map((s) => s.id), ['A', 'B', 'C', 'D']);
    assert.equal(group(sections, 'headstreams').slots[1].label, 'Headstream B');
    assert.equal(group(sections, 'national_contracts').slots.length, 3);
    assert.equal(group(drawGroups('introductory', FOUR.slice(0, 2)), 'national_contracts').slots.length, 1);
  });

  test('the bonus tile the introductory game leaves out is not offered', () => {
    const pool = poolOf(group(sections, 'bonus_tiles'));
    assert.ok(!pool.includes(CATALOG.intro_removed_bonus));
    assert.deepEqual(pool, ids(CATALOG.bonus_tiles).filter((id) => id !== CATALOG.intro_removed_bonus));
  });

  test('each neutral dam comes from its own pile', () => {
    for (const slot of group(sections, 'neutral_dams').slots) {
      assert.deepEqual(slot.pool, ids(CATALOG.neutral_dam_tiles.filter((tile) => tile.pile === slot.id)));
    }
  });

  test('the Contract Office offers each colour\'s private contracts', () => {
    const green = poolOf(group(sections, 'contract_offer.green'));
    assert.deepEqual(green, ids(CATALOG.contracts.filter((c) => c.kind === 'private' && c.pile === 'green')));
  });

  test('no Patent Office, no draft and no expansion in the introductory game', () => {
    assert.equal(group(sections, 'patent_offer'), undefined);
    assert.equal(group(sections, 'companies'), undefined);
    assert.equal(group(sections, 'external_offer'), undefined);
  });
});

describe('drawGroups: the full game', () => {
  test('the Patent Office draws 3 tiles of pile I, the Building tiles only with the expansion', () => {
    const base = poolOf(group(drawGroups('full', FOUR), 'patent_offer'));
    assert.equal(group(drawGroups('full', FOUR), 'patent_offer').slots.length, 3);
    assert.ok(base.length > 0 && base.every((id) => id.startsWith('L1_') && !id.endsWith('_BUILDING')));
    assert.ok(poolOf(group(drawGroups('full', FOUR, { expansion: true }), 'patent_offer')).includes('L1_BUILDING'));
  });

  test('the full game draws every bonus tile; the expansion adds its own', () => {
    assert.deepEqual(poolOf(group(drawGroups('full', FOUR), 'bonus_tiles')), ids(CATALOG.bonus_tiles));
    const withExpansion = poolOf(group(drawGroups('full', FOUR, { expansion: true }), 'bonus_tiles'));
    assert.deepEqual(withExpansion, ids([...CATALOG.bonus_tiles, ...CATALOG.expansion_bonus_tiles]));
  });

  test('chosen companies: each person enters only their Starting Contract, the Automa none', () => {
    const seats = [person('Ann', 'usa', 'wilhelm_adler'), automa('Bot', 'italy'), person('Cy', 'france', 'viktor_fiesler')];
    const contracts = group(drawGroups('full', seats), 'starting_contracts');
    assert.deepEqual(contracts.slots.map((s) => [s.id, s.label]), [
      [0, 'Seat 1 (Ann): Starting Contract'], [2, 'Seat 3 (Cy): Starting Contract'],
    ]);
    assert.deepEqual(contracts.pool, ids(CATALOG.contracts.filter((c) => c.kind === 'starting')));
  });
});

describe('drawGroups: the draft (Full Game Player Setup, p. 9)', () => {
  const seats = [person('Ann'), automa('Bot', 'italy', 'wilhelm_adler'), person('Ben')];
  const sections = drawGroups('full', seats, { draft: true });

  test('as many boards, officers and Starting Contracts laid out as people', () => {
    for (const key of ['companies', 'officers', 'starting_contracts']) assert.equal(group(sections, key).slots.length, 2, key);
    assert.equal(sections.find((s) => s.groups[0].key === 'companies').rowTitle(1), 'Board 2 + Officer 2');
  });

  test("the Automa's company and officer are set aside first (automa.md §1.2)", () => {
    assert.ok(!group(sections, 'companies').pool.includes('italy'));
    assert.ok(!group(sections, 'officers').pool.includes('wilhelm_adler'));
    assert.ok(group(sections, 'officers').pool.includes('viktor_fiesler'));
  });

  test('the picks offer nothing until the boards, officers and contracts are all laid out', () => {
    const picks = group(sections, 'picks.company');
    assert.deepEqual(picks.slots.map((s) => [s.id, s.label]), [[0, 'Seat 1 (Ann) picks a board'], [2, 'Seat 3 (Ben) picks a board']]);
    const partly = listsHolding({ companies: ['usa', ''], officers: ['viktor_fiesler', 'jill_mcdowell'], starting_contracts: ['S1', 'S2'] });
    assert.deepEqual(poolOf(picks, partly), []);
    const laidOut = listsHolding({ companies: ['usa', 'france'], officers: ['viktor_fiesler', 'jill_mcdowell'], starting_contracts: ['S1', 'S2'] });
    assert.deepEqual(poolOf(picks, laidOut), ['usa', 'france']);
    assert.deepEqual(poolOf(group(sections, 'picks.contract'), laidOut), ['S1', 'S2']);
  });

  test('a board to pick reads as its place in the row, its company and the officer beside it', () => {
    const laidOut = listsHolding({ companies: ['usa', 'france'], officers: ['viktor_fiesler', 'jill_mcdowell'], starting_contracts: ['S1', 'S2'] });
    assert.equal(group(sections, 'picks.company').text('france', laidOut), 'Board 2: France + Jill McDowell');
  });
});

describe('drawGroups: The Leeghwater Project (expansion rulebook, Setup)', () => {
  const sections = drawGroups('full', FOUR, { expansion: true });

  test('three External Works face up from pile A, five Private Buildings', () => {
    const works = group(sections, 'external_offer');
    assert.equal(works.slots.length, 3);
    assert.deepEqual(works.pool, ids(CATALOG.external_works.filter((w) => w.pile === 'A')));
    assert.equal(group(sections, 'private_buildings').slots.length, 5);
  });

  test('the Advanced tile boxed from each pile comes from that pile', () => {
    const boxed = group(sections, 'advanced_boxed');
    assert.deepEqual(boxed.slots.map((s) => s.id), ['I', 'II', 'III']);
    boxed.slots.forEach((slot, i) => {
      assert.deepEqual(slot.pool, ids(CATALOG.advanced_tiles.filter((tile) => tile.level === i + 1)));
    });
    assert.equal(group(drawGroups('introductory', FOUR, { expansion: true }), 'advanced_boxed'), undefined);
  });
});

describe('offered: a tile picked in one list leaves the others of its group', () => {
  test("the list keeps its own choice and the pool's order", () => {
    const taken = new Set(['H2', 'H5']);
    assert.deepEqual(offered(['H1', 'H2', 'H3', 'H5'], 'H2', taken), ['H1', 'H2', 'H3']);
    assert.deepEqual(offered(['H1', 'H2', 'H3', 'H5'], '', taken), ['H1', 'H3']);
  });
});

describe('payloadOf: the draws of the setup payload', () => {
  const groups = groupsOf(drawGroups('full', FOUR));
  const payload = (values) => payloadOf(groups, (key) => values[key] ?? Array(groups.find((g) => g.key === key)?.slots.length ?? 0).fill(''));

  test('nothing entered: no draws (the app draws everything)', () => {
    assert.deepEqual(payload({}), { draws: {} });
  });

  test('each group in its shape: headstreams by letter, one objective, lists, the offer by colour', () => {
    const { draws, error } = payload({
      headstreams: ['H1', 'H2', 'H3', 'H4'],
      objective: ['O_RED_SPACES'],
      national_contracts: ['N1', 'N2', 'N3'],
      'contract_offer.green': ['G01', 'G02'],
      'contract_offer.red': ['R01', 'R02'],
    });
    assert.equal(error, undefined);
    assert.deepEqual(draws, {
      headstreams: { A: 'H1', B: 'H2', C: 'H3', D: 'H4' },
      objective: 'O_RED_SPACES',
      national_contracts: ['N1', 'N2', 'N3'],
      contract_offer: { green: ['G01', 'G02'], red: ['R01', 'R02'] },
    });
  });

  test('a group filled only in part is refused, naming the group and how many it needs', () => {
    const { draws, error } = payload({ headstreams: ['H1', '', 'H3', 'H4'], objective: ['O_RED_SPACES'] });
    assert.equal(draws, undefined);
    assert.equal(error, 'Headstream tiles: choose all 4 or leave them all empty.');
  });

  test('the draft picks: all of them in selection order, or none', () => {
    const draft = groupsOf(drawGroups('full', FOUR.slice(0, 2), { draft: true }));
    const picks = (values) => payloadOf(draft, (key) => values[key] ?? ['', '']);
    assert.deepEqual(picks({ 'picks.company': ['france', 'usa'], 'picks.contract': ['S2', 'S1'] }).draws, {
      picks: [{ company: 'france', contract: 'S2' }, { company: 'usa', contract: 'S1' }],
    });
    assert.match(picks({ 'picks.company': ['france', ''], 'picks.contract': ['S2', 'S1'] }).error, /^The draft picks: choose a board/);
  });
});
