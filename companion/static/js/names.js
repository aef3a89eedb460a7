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

/** The company special ability in words: {short, text} (rulebook Appendix 2). */
export function companyAbility(id) {
  return companies.get(id)?.ability ?? null;
}

const ABILITY_FROM_POWERHOUSES = 3;

/**
 * Whether a player's company ability works now (Appendix 2: from the 3rd Powerhouse built; an
 * Automa uses it only from level 3, automa.md §2): {active, text, detail} in a few words.
 */
export function abilityState(p) {
  if (p?.kind === 'automa' && Number(p.automa_level) < 3) return { active: false, text: 'not at this Automa level', detail: '' };
  const built = p?.built?.powerhouse ?? 0;
  if (built >= ABILITY_FROM_POWERHOUSES) return { active: true, text: 'active', detail: '' };
  return { active: false, text: 'from the 3rd powerhouse', detail: `${built} of ${ABILITY_FROM_POWERHOUSES} built` };
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

// the Objective tile in a player's words (as the score audit labels it)
const OBJECTIVE_LABELS = {
  O_RED_SPACES: 'Bases and Powerhouses on red-bordered spaces',
  O_BEST_AREA: 'Most pieces in one area',
  O_CONNECTED_BASES: 'Bases connected by own conduit to own powerhouse',
  O_WORST_AREA: 'Pieces in the area where you have the fewest',
  O_BASINS_1: 'Basins with at least 1 of your pieces',
  O_BASINS_3: 'Basins with at least 3 of your pieces',
};

export function objectiveLabel(id) {
  return OBJECTIVE_LABELS[id] ?? objective(id)?.measure ?? String(id ?? '').replace(/^O_/, '').replaceAll('_', ' ').toLowerCase();
}

/** A bonus tile as printed: "5 VP per Powerhouse built" (the id when it is unknown). */
export function bonusText(id) {
  const t = bonusTile(id);
  return t ? `${t.vp_each} VP per ${t.counts}` : String(id);
}

/** An Advanced Technology tile in words: "Level 1 Base: each own dam holding 0 drops …". */
export function advancedText(id) {
  const t = CATALOG.advanced_tiles.find((x) => x.id === id);
  if (!t) return String(id);
  const kind = id.replace(/^L\d_/, '').toLowerCase();
  return `Level ${t.level} ${kind === 'any' ? 'any structure' : kind}: ${t.text}`;
}

const SECTIONS = {
  turbine_station: 'Turbine Station',
  water_management: 'Water Management',
  workshop: 'Workshop',
  machinery_shop: 'Machinery Shop',
  contract_office: 'Contract Office',
  bank: 'Bank',
  patent_office: 'Patent Office',
};
const managementSpaces = new Map((CATALOG.management_spaces || []).map((m) => [m.id, m]));

/** A Management-board space as a player finds it on the board: "Workshop row 2, right". */
export function spaceName(id) {
  const m = managementSpaces.get(id);
  if (!m) return id;
  const section = SECTIONS[m.section] ?? m.section.replaceAll('_', ' ');
  if (!m.side) return m.section === 'bank' ? section : `${section} space ${m.row}`;
  return `${section} row ${m.row}, ${m.side}`;
}

// what a bonus tile counts, in one short noun
const BONUS_NOUN = {
  B_CONTRACTS: 'fulfilled contract',
  B_BASES: 'Base',
  B_ELEVATIONS: 'Elevation',
  B_CONDUITS: 'Conduit',
  B_POWERHOUSES: 'Powerhouse',
  B_ADVANCED_TILES: 'Advanced tile',
};

/** A bonus tile in a few words: "4 VP per Base". */
export function bonusShort(id) {
  const t = bonusTile(id);
  if (!t) return String(id);
  return `${t.vp_each} VP per ${BONUS_NOUN[id] ?? t.counts.split(' ')[0].replace(/s$/, '')}`;
}

/** An Advanced Technology tile's name: "Level 1 Elevation", "Level 2 any structure". */
export function advancedName(id) {
  const m = /^L(\d)_([A-Z]+)$/.exec(id);
  if (!m) return String(id);
  const kind = m[2] === 'ANY' ? 'any structure' : m[2].charAt(0) + m[2].slice(1).toLowerCase();
  return `Level ${m[1]} ${kind}`;
}

const SPACE_ID = /\b(?:TS|WM|WS|MS|CO|PO)_[A-Z0-9_]+\b|\bBANK\b/g;
const TILE_ID = /\b(?:B|O)_[A-Z0-9_]+\b|\bL[123]_[A-Z]+\b/g;

/**
 * An engine sentence in the table's words: Management-space ids become their places on the
 * board, tile ids their printed meaning (the physical tiles carry no ids).
 */
const PY_DICT = /\{((?:'\w+': \d+(?:, )?)+)\}/g;
const GAIN_WORDS = { excavators: ['Excavator', 'Excavators'], mixers: ['Concrete Mixer', 'Concrete Mixers'], machineries_any: ['Excavator or Mixer', 'Excavators or Mixers'] };

function gainWords(inner) {
  return [...inner.matchAll(/'(\w+)': (\d+)/g)].map(([, key, n]) => {
    const words = GAIN_WORDS[key];
    return words ? `${n} ${Number(n) === 1 ? words[0] : words[1]}` : `${n} ${key.replaceAll('_', ' ')}`;
  }).join(' + ');
}

const ORDINAL = ['', '1st', '2nd', '3rd', '4th', '5th'];

const placeNames = new Map();
const SPACE_REF = /\b(?:C\d{1,2}[LR]|P\d{1,2}-\d|\d{1,2}[UL])\b/g;

/** Learn the board's building spaces in board words (from /api/board: `name`). */
export function setPlaceNames(board) {
  for (const s of board?.spaces || []) if (s.name) placeNames.set(s.id, `the ${s.name.charAt(0).toLowerCase()}${s.name.slice(1)}`);
}

/** A building space in board words ("the upper dam of the 1st Mountains basin"). */
export function placeName(id) {
  return placeNames.get(id) ?? String(id ?? '');
}

const CONTRACT_REF = /(?<!rulings? )\b(?:[GYR]\d{2}|[NS]\d)\b/g;
const COLOUR_WORD = { starting: 'Starting', national: 'national' };

/** A contract as its printed tile reads: "green ⚡3: 1₵ · turn wheel 2" (no id). */
export function contractWords(id) {
  const c = contract(id);
  if (!c) return String(id ?? '');
  const colour = c.kind === 'private' ? c.pile : COLOUR_WORD[c.kind] ?? c.kind;
  return `${colour} ⚡${c.energy_required}: ${rewardText(c.reward)}`;
}

/** A headstream tile as printed: its drops in rounds 1-4 ("0·2·2·0"). */
export function headstreamWords(id) {
  const drops = headstreamTile(id)?.drops_by_round;
  return drops ? drops.join('·') : String(id ?? '');
}

export function humanize(text) {
  return String(text ?? '')
    .replace(SPACE_REF, (id) => placeNames.get(id) ?? id)
    .replace(CONTRACT_REF, (id) => (contract(id) ? `“${contractWords(id)}”` : id))
    .replace(/\bon the (upper|lower) dam on the\b/g, 'on the $1 dam of the')
    .replace(/\bthe the\b/g, 'the')
    .replace(PY_DICT, (_, inner) => gainWords(inner))
    // an income slot named by its key ("income:conduit:2")
    .replace(/\bincome:(base|elevation|conduit|powerhouse):(\d)\b/g, (_, kind, n) => `the income of the ${ORDINAL[Number(n)] ?? n} ${kind.charAt(0).toUpperCase()}${kind.slice(1)}`)
    .replace(SPACE_ID, (id) => (managementSpaces.has(id) ? spaceName(id) : id))
    .replace(TILE_ID, (id) => {
      if (bonusTile(id)) return `“${bonusShort(id)}”`;
      if (objective(id)) return `“${objectiveLabel(id)}”`;
      if (/^L\d_/.test(id) && CATALOG.advanced_tiles.some((t) => t.id === id)) return advancedName(id);
      return id;
    });
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
  // the Automa's other legal moves (legal_options: its own turn, then these groups)
  production: 'Produce',
  construction: 'Build',
  water_management: 'Water',
  contract_office: 'Contract Office',
  machinery_shop: 'Machinery Shop',
  patent_office: 'Patent Office',
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
  // company-board incomes and the powerhouse track
  machinery_any: (n) => `${n} Excavator or Mixer`,
  water_drops_headstream_flow_immediately: (n) => `${n} drops on a headstream, flowing now`,
  water_drops_headstream_flow_in_water_phase: (n) => `${n} drops on a headstream (flow in the Water Flow phase)`,
  production_bonus: (n) => `production +${n}`,
  company_special_ability: () => 'company special ability',
};

/** One income or powerhouse-track item ({type, amount}) in words. */
export function incomeText(item) {
  const word = REWARD_WORDS[item.type];
  if (word) return word(item.amount);
  return `${item.type.replaceAll('_', ' ')}${item.amount !== undefined ? ` ${item.amount}` : ''}`;
}

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
