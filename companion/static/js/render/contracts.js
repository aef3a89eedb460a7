// The Contract Office offer (green / yellow / red) and the national contracts still available.
import { el, fill } from '../dom.js';
import { contractChip } from './company.js';

export function renderContracts(root, state) {
  const items = [];
  for (const color of ['green', 'yellow', 'red']) {
    for (const id of state.contract_offer?.[color] || []) {
      items.push(id ? contractChip(id) : el('span', { class: `contract ${color} empty`, text: 'empty' }));
    }
  }
  for (const id of state.national_contracts || []) items.push(contractChip(id));
  fill(root, ...items);
}
