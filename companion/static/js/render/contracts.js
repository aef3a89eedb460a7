// The Contract Office offer (green / yellow / red) and the national contracts still available.
import { el, fill } from '../dom.js';
import { CATALOG } from '../catalog.js';
import { contractChip } from './company.js';
import { advancedName, printed } from '../names.js';
import { t } from '../i18n.js';

const advanced = new Map(CATALOG.advanced_tiles.map((tx) => [tx.id, tx]));

function patentChip(id) {
  const tile = advanced.get(id);
  return el('span', { class: 'contract patent', title: printed(tile?.text) ?? id },
    el('strong', { text: advancedName(id) }), el('span', { text: printed(tile?.text) ?? '' }));
}

export function renderContracts(root, state) {
  const items = [];
  for (const color of ['green', 'yellow', 'red']) {
    for (const id of state.contract_offer?.[color] || []) {
      items.push(id ? contractChip(id) : el('span', { class: `contract ${color} empty`, text: t('empty') }));
    }
  }
  for (const id of state.national_contracts || []) items.push(contractChip(id));
  // the Patent Office (full game): the Advanced Technology tiles on offer
  for (const id of state.patent_offer || []) if (id) items.push(patentChip(id));
  fill(root, ...items);
}
