// Names and short texts for ids in the state (company, contract, tile, phase): display only.
import { CATALOG } from './catalog.js';

const companies = new Map(CATALOG.companies.map((c) => [c.id, c]));
const officers = new Map(CATALOG.officers.map((o) => [o.id, o]));
const officersByName = new Map(CATALOG.officers.map((o) => [o.name, o]));
const contracts = new Map(CATALOG.contracts.map((c) => [c.id, c]));
const bonusTiles = new Map(CATALOG.bonus_tiles.map((t) => [t.id, t]));
const objectives = new Map(CATALOG.objective_tiles.map((t) => [t.id, t]));
const headstreamTiles = new Map(CATALOG.headstream_tiles.map((t) => [t.id, t]));

export const COMPANY_IDS = CATALOG.companies.map((c) => c.id);
export const BASE_COMPANIES = CATALOG.companies.filter((c) => !c.expansion).map((c) => c.id);
export const OFFICERS = CATALOG.officers;

export function companyName(id) {
  if (id === 'neutral') return 'Neutral';
  return companies.get(id)?.name ?? String(id ?? '');
}

export function companyLetter(id) {
  if (id === 'neutral') return '·';
  return companies.get(id)?.letter ?? String(id ?? '?').slice(0, 1).toUpperCase();
}

export function company(id) {
  return companies.get(id);
}

export function officer(idOrName) {
  return officers.get(idOrName) ?? officersByName.get(idOrName) ?? null;
}

export function contract(id) {
  return contracts.get(id) ?? null;
}

export function bonusTile(id) {
  return bonusTiles.get(id) ?? null;
}

export function objective(id) {
  return objectives.get(id) ?? null;
}

export function headstreamTile(id) {
  return headstreamTiles.get(id) ?? null;
}

export const PHASES = {
  income: 'Income & headstreams',
  actions: 'Actions',
  water_flow: 'Water flow',
  scoring: 'Scoring',
  end_of_round: 'End of round',
  game_over: 'Game over',
};

export function phaseName(phase) {
  return PHASES[phase] ?? String(phase ?? '').replaceAll('_', ' ');
}

export const ACTION_LABELS = {
  build: 'Build',
  produce: 'Produce',
  water: 'Water',
  bank: 'Bank',
  workshop: 'Workshop',
  buy_machinery: 'Shop',
  take_contracts: 'Contracts',
  patent: 'Patent',
  pass: 'Pass',
  automa_turn: 'Automa turn',
  mahiri: 'Mahiri',
};

export function actionLabel(type) {
  return ACTION_LABELS[type] ?? String(type).replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
}

const REWARD_WORDS = {
  credits: (n) => `${n}₵`,
  vp: (n) => `${n} VP`,
  rotate_wheel: (n) => `turn wheel ${n}`,
  machineries_any: (n) => `${n} machinery`,
  excavators: (n) => `${n} Excavator${n === 1 ? '' : 's'}`,
  mixers: (n) => `${n} Mixer${n === 1 ? '' : 's'}`,
  energy_steps: (n) => `+${n} energy`,
  drops_headstream: (n) => `${n} drops on a headstream`,
  drops_flow_now: (n) => `${n} drops flow now`,
  free_elevation: () => 'free Elevation',
  free_powerhouse: () => 'free powerhouse',
  free_base_areas: () => 'free Base',
  free_conduit_max_value: (n) => `free conduit ≤${n}`,
};

/** "3₵ · turn wheel 1" for a contract reward dict. */
export function rewardText(reward) {
  return Object.entries(reward || {})
    .map(([key, value]) => (REWARD_WORDS[key] ? REWARD_WORDS[key](value) : `${key.replaceAll('_', ' ')} ${value}`))
    .join(' · ');
}

/** The colour group of a contract id ("green", "yellow", "red", "national", "starting"). */
export function contractGroup(id) {
  const c = contract(id);
  if (!c) return 'starting';
  return c.kind === 'private' ? c.pile : c.kind;
}
