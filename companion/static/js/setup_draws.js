// Table deals in the setup wizard: the table enters what it drew, choosing only among tiles that
// can still be drawn (a tile picked in one list disappears from the others of its group).
// The engine checks the draws again (setup.py, `table_draw` refusals).
import { el } from './dom.js';
import { CATALOG } from './catalog.js';
import { rewardText } from './names.js';

const ids = (list) => list.map((x) => x.id);

/** The draws of a setup: key (as in the setup payload), slots with labels, the pool of tiles. */
export function drawGroups(mode, players) {
  const privates = (pile) => CATALOG.contracts.filter((c) => c.kind === 'private' && c.pile === pile);
  const bonus = CATALOG.bonus_tiles.filter((b) => mode === 'full' || b.id !== CATALOG.intro_removed_bonus);
  const contractText = (c) => `${c.id} · ${c.energy_required} energy · ${rewardText(c.reward)}`;
  const groups = [
    { key: 'headstreams', title: 'Headstream tiles', slots: ['A', 'B', 'C', 'D'].map((x) => ({ id: x, label: `Headstream ${x}` })), pool: ids(CATALOG.headstream_tiles), shape: 'map' },
    { key: 'bonus_tiles', title: 'Bonus tiles on the energy track', slots: [1, 2, 3, 4, 5].map((r) => ({ id: r, label: `Round ${r} bonus tile` })), pool: ids(bonus), text: (id) => `${id} · ${CATALOG.bonus_tiles.find((b) => b.id === id)?.vp_each} VP per ${CATALOG.bonus_tiles.find((b) => b.id === id)?.counts}` },
    { key: 'objective', title: 'Objective tile', slots: [{ id: 0, label: 'Objective tile' }], pool: ids(CATALOG.objective_tiles), shape: 'single' },
    { key: 'national_contracts', title: 'National contracts', slots: Array.from({ length: players - 1 }, (_, i) => ({ id: i, label: `National contract ${i + 1}` })), pool: ids(CATALOG.contracts.filter((c) => c.kind === 'national')), text: (id) => contractText(CATALOG.contracts.find((c) => c.id === id)) },
    { key: 'neutral_dams', title: 'Neutral dams (one tile from each pile)', slots: ['mountains', 'hills', 'plains'].map((pile) => ({ id: pile, label: `Neutral dam, ${pile}`, pool: CATALOG.neutral_dam_tiles.filter((t) => t.pile === pile).map((t) => t.id) })), pool: ids(CATALOG.neutral_dam_tiles), text: (id) => `${id} · dam on ${CATALOG.neutral_dam_tiles.find((t) => t.id === id)?.dam_space}` },
  ];
  for (const pile of ['green', 'yellow', 'red']) {
    groups.push({ key: `contract_offer.${pile}`, title: `Contract Office, ${pile}`, slots: [1, 2].map((i) => ({ id: i, label: `${pile[0].toUpperCase()}${pile.slice(1)} contract ${i}` })), pool: ids(privates(pile)), text: (id) => contractText(CATALOG.contracts.find((c) => c.id === id)) });
  }
  return groups;
}

let current = [];

function refresh(box) {
  for (const group of current) {
    const selects = [...box.querySelectorAll(`select[data-draw="${group.key}"]`)];
    const taken = new Set(selects.map((s) => s.value).filter(Boolean));
    selects.forEach((select, i) => {
      const chosen = select.value;
      const pool = group.slots[i].pool || group.pool;
      const still = pool.filter((id) => id === chosen || !taken.has(id));
      select.replaceChildren(el('option', { value: '', text: '—' }), ...still.map((id) => {
        const o = el('option', { value: id, text: group.text ? group.text(id) : id });
        o.selected = id === chosen;
        return o;
      }));
    });
  }
}

/** Build the draw lists inside `box`. */
export function renderDraws(box, groups) {
  current = groups;
  box.replaceChildren(...groups.map((group) => el('fieldset', {},
    el('legend', { text: group.title }),
    el('div', { class: 'row' }, ...group.slots.map((slot) => el('label', {}, slot.label,
      el('select', { 'data-draw': group.key, 'data-slot': slot.id, 'aria-label': slot.label })))))));
  box.onchange = () => refresh(box);
  refresh(box);
}

/** {draws} for the setup payload, or {error} when a group is only partly filled. */
export function drawsPayload(box) {
  const draws = {};
  for (const group of current) {
    const values = [...box.querySelectorAll(`select[data-draw="${group.key}"]`)].map((s) => s.value);
    const filled = values.filter(Boolean);
    if (!filled.length) continue;
    if (filled.length !== values.length) return { error: `${group.title}: choose all ${values.length} or leave them all empty.` };
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
  return { draws };
}
