// The Leeghwater Project's Extra Management board (expansion rulebook, "Extra Management
// board"): the face-up External Works with their cost and reward, the piles left, and the 5
// Private Buildings with their building spaces (open or closed by player count, ruling L8),
// their action spaces and who has activated them. Drawn from state.extra_management_board.
import { el, fill } from '../dom.js';
import { buildingName, companyName, externalWorkText, machineryCost, privateBuilding } from '../names.js';
import { badge } from './company.js';
import { t } from '../i18n.js';

const BLOCKED = 'blocked';

/** One face-up External Work as its tile: requirement (Machineries to discard) and reward. */
function externalTile(work, slot) {
  if (!work) {
    return el('li', { class: 'ew-tile empty', 'data-ew-slot': slot },
      el('span', { class: 'band', text: t('Slot {n}', { n: slot }) }),
      el('span', { class: 'reward', text: t('empty until the end of the round') }));
  }
  return el('li', { class: 'ew-tile', 'data-ew-slot': slot, 'data-ew': work.id },
    el('span', { class: 'band', text: t('Slot {n} · pile {pile}', { n: slot, pile: work.pile }) }),
    el('span', { class: 'need', text: t('Discard {cost}', { cost: machineryCost(work.excavators, work.mixers) }) }),
    el('span', { class: 'reward', text: `→ ${t(work.text)}` }));
}

/** A building space: closed, free (with its Credit surcharge) or the owner's Building; a free
 * space where the chosen Build may go is a button, as a legal space on the map is. */
function buildingSpace(space, index, tile, legal) {
  const n = index + 1;
  const id = `BS_${tile}_${n}`;
  if (!space.owner && legal.has(id)) {
    const label = space.credits ? t('Build here: building space {n}, {credits} Credits more', { n, credits: space.credits }) : t('Build here: building space {n}', { n });
    return el('li', {}, el('button', { type: 'button', class: `bs free legal${legal.get(id) ? ' selected' : ''}`, 'data-space': id, 'aria-label': label }, space.credits ? `${space.credits}₵` : String(n)));
  }
  if (space.owner === BLOCKED) {
    return el('li', { class: 'bs closed', 'aria-label': t('Building space {n}: closed with this number of players', { n }) }, '✕');
  }
  if (space.owner) {
    return el('li', { class: `bs built co-${space.owner}`, 'aria-label': t('Building space {n}: {company}’s Building', { n, company: companyName(space.owner) }) }, badge(space.owner));
  }
  const label = space.credits ? t('Building space {n}: free, {credits} Credits more', { n, credits: space.credits }) : t('Building space {n}: free', { n });
  return el('li', { class: 'bs free', 'aria-label': label }, space.credits ? `${space.credits}₵` : String(n));
}

/** What an action space asks, as printed (ruling L1): "1 Eng." or "2 Eng. 3₵". */
function spaceCost(printed) {
  if (!printed) return '';
  const engineers = t('{n} Eng.', { n: printed.engineers });
  return printed.credits ? `${engineers} ${printed.credits}₵` : engineers;
}

/** The action spaces of a building: left, then right; each with the Engineers' company. */
function actionSpaces(building) {
  const entries = Object.entries(building.action_spaces || {});
  const printed = privateBuilding(building.id)?.action_spaces || {};
  return el('ul', { class: 'as-row', 'aria-label': t('Action spaces') }, ...entries.map(([id, owner]) => {
    const left = id.endsWith('_L');
    const side = left ? t('left') : t('right');
    const cost = spaceCost(left ? printed.left : printed.right);
    const shown = cost ? `${side} · ${cost}` : side;
    // the spoken name says the side, what the space asks and who stands on it
    const said = (sentence) => (cost ? `${sentence} (${cost})` : sentence);
    if (left && building.left_closed) {
      return el('li', { class: 'as closed', 'aria-label': said(t('{side} action space: closed by an Automa', { side })) }, `${shown} ✕`);
    }
    if (owner && owner !== BLOCKED) {
      return el('li', { class: 'as taken', 'aria-label': said(t('{side} action space: {company}', { side, company: companyName(owner) })) }, `${shown} `, badge(owner));
    }
    return el('li', { class: 'as', 'aria-label': said(t('{side} action space: free', { side })) }, shown);
  }));
}

function buildingTile(building, index, legal) {
  const owners = (building.spaces || []).filter((s) => s.owner && s.owner !== BLOCKED).map((s) => companyName(s.owner));
  return el('li', { class: 'pb-tile', 'data-building': building.id },
    el('span', { class: 'band', text: `${index + 1}. ${buildingName(building.id)}` }),
    el('span', { class: 'need', text: t('Build: {cost} · {vp} VP at the end', { cost: machineryCost(building.excavators, building.mixers), vp: building.vp }) }),
    el('span', { class: 'reward', text: t('Action: {action}', { action: t(building.text) }) }),
    el('ol', { class: 'bs-row', 'aria-label': owners.length ? t('Building spaces; built by {companies}', { companies: owners.join(', ') }) : t('Building spaces') },
      ...(building.spaces || []).map((space, i) => buildingSpace(space, i, building.id, legal))),
    actionSpaces(building));
}

/** External Works taken so far, per company (they score with the bonus tile, X11). */
function takenLine(taken) {
  const parts = Object.entries(taken || {}).filter(([, list]) => list.length)
    .map(([company, list]) => `${companyName(company)}: ${list.map(externalWorkText).join('; ')}`);
  return parts.length ? el('p', { class: 'ew-taken', text: t('External Works done: {list}', { list: parts.join(' · ') }) }) : '';
}

/**
 * Render the board into `root`; hide it (and its heading) in a game without the expansion.
 * `legal`: building space → selected?, the spaces where the chosen Build may go.
 */
export function renderExtraBoard(root, heading, state, legal = new Map()) {
  const board = state.extra_management_board;
  const on = Boolean(board && board.external_offer);
  root.hidden = !on;
  heading.hidden = !on;
  if (!on) {
    root.replaceChildren();
    return;
  }
  const piles = board.external_piles || {};
  fill(root,
    el('h3', { text: t('External Works') }),
    el('p', { class: 'ew-piles', text: t('Face down: pile A {a}, pile B {b}, pile C {c}', { a: piles.A ?? 0, b: piles.B ?? 0, c: piles.C ?? 0 }) }),
    el('ol', { class: 'ew-row', 'aria-label': t('External Works face up') }, ...board.external_offer.map((w, i) => externalTile(w, i + 1))),
    takenLine(board.external_taken),
    el('h3', { text: t('Private Buildings') }),
    el('ol', { class: 'pb-list', 'aria-label': t('Private Buildings') }, ...(board.buildings || []).map((b, i) => buildingTile(b, i, legal))));
}

/**
 * A company's part of the expansion: the Private Buildings it built (its Buildings stand on
 * their building spaces) and the External Works it did. Null in a game without the expansion.
 */
export function companyExpansion(state, company) {
  const board = state?.extra_management_board;
  if (!board?.buildings) return null;
  const buildings = board.buildings.filter((b) => (b.spaces || []).some((s) => s.owner === company));
  return {
    buildings: buildings.map((b) => ({ id: b.id, text: b.text, vp: b.vp })),
    external: [...(board.external_taken?.[company] || [])],
  };
}
