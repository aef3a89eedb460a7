// Company cards (compact, on the tablet) and the full company board (opened by a tap).
import { el, fill, icon } from '../dom.js';
import { abilityState, buildingName, company, companyAbility, companyLetter, companyName, contract, contractGroup, externalWorkText, incomeText, officer, printed, rewardText } from '../names.js';
import { wheelSvg, describeSegment } from './wheel.js';
import { N_, t } from '../i18n.js';

const PIECES = { base: 5, elevation: 5, conduit: 5, powerhouse: 4 };
const PIECE_LETTER = { base: 'B', elevation: 'E', conduit: 'C', powerhouse: 'P' };
const PIECE_NAME = { base: N_('Bases'), elevation: N_('Elevations'), conduit: N_('Conduits'), powerhouse: N_('Powerhouses'), building: N_('Buildings') };
// The Leeghwater Project: 5 Buildings a company, one on each Private Building at most
const BUILDINGS = 5;

export function badge(companyId) {
  return el('span', { class: `badge co-${companyId}`, 'aria-hidden': 'true', text: companyLetter(companyId) });
}

function pips(kind, built) {
  const total = PIECES[kind] ?? BUILDINGS;
  const row = el('span', { class: 'pips', role: 'img', 'aria-label': t('{pieces}: {built} built, {left} left', { pieces: t(PIECE_NAME[kind]), built, left: total - built }) });
  for (let i = 0; i < total; i += 1) row.append(el('span', { class: `pip${i < built ? ' used' : ''}` }));
  return row;
}

function stat(name, value, label) {
  return el('span', { title: label }, icon(name, label), el('span', { text: value }));
}

function seatLabel(p) {
  if (p.kind === 'automa') return t('Automa L{level}', { level: p.automa_level });
  return p.name || officer(p.officer)?.name || '';
}

/**
 * The powers on the compact card, one short line each: the company ability with its state
 * (it works from the 3rd powerhouse, Appendix 2) and the officer's power (Appendix 3).
 * The full texts are on the board the card opens.
 */
function powerLines(p) {
  const ability = companyAbility(p.company);
  const state = abilityState(p);
  const off = officer(p.officer);
  const box = el('span', { class: 'powers' });
  if (ability) {
    box.append(el('span', { class: `ability${state.active ? ' on' : ''}`, 'data-testid': `ability-${p.company}` },
      `${state.active ? '★' : '☆'} ${printed(ability.short)} · `, el('span', { class: 'state', text: state.text })));
  }
  if (off) box.append(el('span', { class: 'officer-power', text: `${off.name}: ${printed(off.short ?? off.text)}` }));
  return box;
}

function powersLabel(p) {
  const ability = companyAbility(p.company);
  const off = officer(p.officer);
  const parts = [];
  if (ability) parts.push(t('Company ability {ability}: {state}', { ability: printed(ability.short), state: abilityState(p).text }));
  if (off) parts.push(t('Executive officer {name}: {power}', { name: off.name, power: printed(off.short ?? off.text) }));
  return parts.length ? ` ${parts.join('. ')}.` : '';
}

/** The compact card: VP, energy, resources, pieces, wheel, powers. A button that opens the board. */
export function companyCard(p, { active = false, mine = false, expansion = null } = {}) {
  const card = el('button', {
    class: `company-card co-${p.company}${active ? ' active' : ''}${p.passed ? ' passed' : ''}${mine ? ' mine' : ''}`,
    type: 'button',
    'data-open-board': p.company,
  });
  card.append(el('span', { class: 'title' }, badge(p.company), el('span', { text: companyName(p.company) }), el('span', { class: 'who', text: seatLabel(p) + (p.passed ? ' · passed' : '') })));
  card.append(el('span', { class: 'top-row' }, el('span', { class: 'big-numbers' },
    el('span', { class: 'big', 'data-testid': `vp-${p.company}` }, String(p.vp), el('small', { text: t('VP') })),
    el('span', { class: 'big' }, String(p.energy), el('small', { text: '⚡' }))), wheelSvg(p.wheel, { size: 34 })));
  card.append(el('span', { class: 'resources' },
    stat('credits', p.credits, t('Credits')),
    stat('excavator', p.excavators, t('Excavators')),
    stat('mixer', p.mixers, t('Concrete Mixers')),
    stat('engineer', p.engineers, t('Engineers'))));
  const pieces = el('span', { class: 'pieces' });
  for (const kind of Object.keys(PIECES)) pieces.append(el('span', {}, `${PIECE_LETTER[kind]} `, pips(kind, p.built?.[kind] ?? 0)));
  if (expansion) {
    pieces.append(el('span', {}, `${t('Bd')} `, pips('building', expansion.buildings.length)));
    // the compact card counts them; the tiles' printed words are in its title and the board sheet
    if (expansion.external.length) pieces.append(el('span', { class: 'ew-count', text: t('External Works done: {n}', { n: expansion.external.length }), title: expansion.external.map(externalWorkText).join('; ') }));
  }
  card.append(pieces);
  card.append(powerLines(p));
  // the accessible name is the card's own text, then what a tap does
  card.append(el('span', { class: 'visually-hidden', text: ` ${active ? t('Active player.') : ''} ${t('Open the company board')}` }));
  return card;
}

function incomeChips(companyId, kind, built) {
  const facts = company(companyId);
  const slots = kind === 'powerhouse' ? facts?.powerhouse_track : facts?.incomes?.[kind];
  const box = el('span', { class: 'income-slots' });
  for (const slot of slots || []) {
    const items = slot.rewards || slot.effects || [];
    // the 3rd powerhouse switches the company ability on: name it (Appendix 2)
    const ability = companyAbility(companyId);
    const text = items.map((item) => (item.type === 'company_special_ability' && ability ? t('ability: {ability}', { ability: printed(ability.short) }) : incomeText(item))).join(' + ');
    const revealed = built >= slot.slot;
    const which = kind === 'powerhouse' ? t('{n} powerhouses', { n: slot.slot }) : slot.slot;
    box.append(el('span', { class: `chip${revealed ? ' revealed' : ''}`, text: `${which}: ${text}${revealed ? ' ✓' : ''}` }));
  }
  return box;
}

const REWARD_ICONS = { credits: 'credits', vp: 'vp', excavators: 'excavator', mixers: 'mixer', energy_steps: 'energy' };

/** One reward of a tile: its icon and number where the piece has one, words otherwise. */
function rewardPart(key, value) {
  const name = REWARD_ICONS[key];
  const words = rewardText({ [key]: value });
  if (!name) return el('span', { class: 'reward', text: words });
  return el('span', { class: 'reward' }, el('span', { class: 'visually-hidden', text: words }),
    icon(name), el('span', { 'aria-hidden': 'true', text: `${key === 'energy_steps' ? '+' : ''}${value}` }));
}

/**
 * A contract drawn as its tile: the colour band (with its word: colour is never the only cue),
 * the energy it needs, the reward's icons. The printed tile carries no id, so neither does this.
 */
export function contractChip(id, extra = '') {
  const c = contract(id);
  const group = contractGroup(id);
  const colour = { green: t('green'), yellow: t('yellow'), red: t('red'), national: t('national'), starting: t('Starting') }[group] ?? group;
  return el('span', { class: `contract ${group}`, 'data-contract': id },
    el('span', { class: 'band', text: colour }),
    el('strong', { class: 'need' }, icon('energy'), el('span', { text: c ? String(c.energy_required) : '?' })),
    el('span', { class: 'rewards' }, ...Object.entries(c?.reward || {}).map(([k, v]) => rewardPart(k, v))),
    extra ? el('span', { text: extra }) : null);
}

/** The company ability in full, with whether it works yet (Appendix 2). */
function abilityParagraph(p) {
  const ability = companyAbility(p.company);
  if (!ability) return null;
  const state = abilityState(p);
  const heading = t('Company ability, {state}', { state: state.text });
  return el('p', { class: `ability-full${state.active ? ' on' : ''}` },
    el('strong', { text: `${heading}${state.detail ? ` (${state.detail})` : ''}: ` }), printed(ability.text));
}

function officerText(p, off) {
  if (off) return `${off.name} — ${printed(off.power ?? off.text)}`;
  if (p.officer) return p.officer;
  return p.kind === 'automa' ? t('none (the Automa plays without one)') : t('not chosen yet');
}

/** The Leeghwater Project on the company board: its Buildings (with their actions) and the
 * External Works it did. */
function expansionRows(expansion) {
  const built = expansion.buildings.length;
  const names = expansion.buildings.map((b) => t('{name} ({vp} VP): {action}', { name: buildingName(b.id), vp: b.vp, action: printed(b.text) }));
  return [
    el('div', { class: 'structure-row', 'data-testid': 'buildings-row' },
      el('strong', { text: `${t(PIECE_NAME.building)} ${built}/${BUILDINGS}` }),
      el('span', {}, pips('building', built), ' ', ...names.map((text) => el('span', { class: 'chip revealed', text })))),
    el('div', { class: 'structure-row' },
      el('strong', { text: t('External Works done: {n}', { n: expansion.external.length }) }),
      el('span', {}, ...expansion.external.map((id) => el('span', { class: 'chip', text: externalWorkText(id) })))),
  ];
}

/** The full board inside `body`: structures with incomes, wheel, contracts, officer, tiles. */
export function renderBoard(body, p, expansion = null) {
  const rows = el('div', { class: 'rows' });
  for (const kind of Object.keys(PIECES)) {
    const built = p.built?.[kind] ?? 0;
    rows.append(el('div', { class: 'structure-row' },
      el('strong', { text: `${t(PIECE_NAME[kind])} ${built}/${PIECES[kind]}` }),
      el('span', {}, pips(kind, built), ' ', incomeChips(p.company, kind, built))));
  }
  if (expansion) rows.append(...expansionRows(expansion));
  const off = officer(p.officer);
  const hand = el('div', { class: 'contracts' }, ...(p.contracts || []).map((id) => contractChip(id)));
  if (!p.contracts?.length) hand.append(el('span', { text: t('No contracts in hand') }));
  body.className = `body co-${p.company}`; // pips and the wheel take the company colour
  fill(body,
    el('div', { class: 'big-numbers' },
      el('span', { class: 'big' }, String(p.vp), el('small', { text: t('VP') })),
      el('span', { class: 'big' }, String(p.energy), el('small', { text: t('energy') })),
      el('span', { class: 'big' }, String(p.credits), el('small', { text: t('Credits') }))),
    el('p', { class: 'resources' },
      stat('excavator', p.excavators, t('Excavators')), stat('mixer', p.mixers, t('Concrete Mixers')), stat('engineer', p.engineers, t('Engineers in supply'))),
    abilityParagraph(p),
    el('p', { class: 'officer-full' }, el('strong', { text: `${t('Executive officer:')} ` }), officerText(p, off)),
    el('h3', { text: t('Structures and incomes') }), rows,
    el('h3', { text: t('Construction wheel') }),
    el('div', { class: `co-${p.company}` }, wheelSvg(p.wheel, { full: true })),
    el('ul', {}, ...(p.wheel || []).map((seg, i) => el('li', { text: describeSegment(seg, i) }))),
    el('p', {}, el('strong', { text: `${t('Technology tiles in supply:')} ` }), (p.tiles || []).map((tile) => t(tile)).join(', ') || '—'),
    el('h3', { text: t('Contracts in hand') }), hand,
    el('h3', { text: t('Fulfilled (face down)') }),
    p.fulfilled?.length ? el('div', { class: 'contracts' }, ...p.fulfilled.map((id) => contractChip(id))) : el('p', { text: '—' }));
}
