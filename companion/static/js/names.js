// Names and short texts for ids in the state (company, contract, tile, phase): display only.
import { CATALOG } from './catalog.js';
import { LANG, N_, t } from './i18n.js';

// Names and printed words the catalogue data carries (companies, Private Buildings, areas,
// sides, colours, structures, the External Works' rewards and the Buildings' actions, what a
// Bonus tile counts): t() puts them in this device's words where a screen shows them. The
// engine says the same words in its sentences (companion/engine/words.py).
export const PRINTED_WORDS = [
  N_('3 Credits, then fulfil one of your face-up Contracts that requires 4 energy or less'),
  N_('3 Credits and rotate the wheel 2 segments'),
  N_('4 VP and build a Base in the Plains for free'),
  N_('2 Credits and build a Powerhouse for free'),
  N_('4 Credits and take a face-up Advanced Technology tile for free'),
  N_('5 Credits and produce 6 energy (usable for one Contract needing 6 or less)'),
  N_('2 VP and build 2 Elevations for free on one or two of your Dams'),
  N_('3 Credits, 3 VP and build a Conduit of value 4 or less for free'),
  N_('5 VP and 6 steps on the Energy Track (not for Contracts)'),
  N_('4 VP, 2 drops on headstreams (flow in the Water Flow phase), rotate the wheel 2'),
  N_('8 VP and rotate the wheel 3 segments'),
  N_('10 VP and 1 drop on a headstream that flows at once'),
  N_('5 VP and fulfil any one of your face-up Contracts'),
  N_('6 VP and 2 drops on headstreams that flow at once'), N_('6 VP and 3 Concrete Mixers'),
  N_('put 1 drop from the general supply on a Neutral Dam or one of your Dams that has room'),
  N_('take one Technology tile back from the wheel; Machineries in that segment stay'),
  N_('choose a wheel segment and take back half its Machineries, rounded down, your choice'),
  N_('take a face-up External Work and its reward, paying 2 Credits per Machinery printed on it'),
  N_('pay 1 Credit: Energy marker +4, not usable for Contracts'),
  N_('pay 1 Credit: gain 2 Machineries in any mix'), N_('gain 5 Credits'),
  N_('a production action with +3; company board bonuses and ability still apply'),
  N_('pay 2 Credits: produce 5 energy, usable for one Contract needing 5 or less'),
  N_('pay 3 Credits: fulfil one of your face-up Contracts without producing energy'),
  N_('Cofferdam'), N_('Development Office'), N_('Research Lab'), N_('Loan Agency'),
  N_('Energy Relay Field'), N_('Robot Factory'), N_('Financial Division'), N_('Control Station'),
  N_('Wind Farm'), N_('Customer Office'), N_('the Base tile'), N_('the Elevation tile'),
  N_('the Conduit tile'), N_('the Powerhouse tile'), N_('the Wild tile'), N_('1 Excavator'),
  N_('1 Concrete Mixer'), N_('1 Engineer'), N_('1 Credit'), N_('1 drop'), N_('take 1 Credit'),
  N_('take 1 Machinery of your choice'), N_('turn the wheel 1 segment'),
  N_('move the Energy marker 1 step'), N_('Starting Victory Points'), N_('nothing'), N_('first'),
  N_('second'), N_('third'), N_('fourth'), N_('1st'), N_('2nd'), N_('3rd'), N_('top'),
  N_('bottom'), N_('top-left'), N_('top-right'), N_('bottom-left'), N_('bottom-right'), N_('left'),
  N_('right'), N_('Mountains'), N_('Hills'), N_('Plains'), N_('green'), N_('yellow'), N_('red'),
  N_('Base'), N_('Elevation'), N_('Conduit'), N_('Powerhouse'), N_('base'), N_('elevation'),
  N_('conduit'), N_('powerhouse'), N_('wild'), N_('building'), N_('Bank'), N_('Workshop'),
  N_('Machinery Shop'), N_('Contract Office'), N_('Water Management'), N_('Turbine Station'),
  N_('Patent Office'), N_('USA'), N_('Germany'), N_('Italy'), N_('France'), N_('Netherlands'),
];

const companies = new Map(CATALOG.companies.map((c) => [c.id, c]));
const officers = new Map(CATALOG.officers.map((o) => [o.id, o]));
const officersByName = new Map(CATALOG.officers.map((o) => [o.name, o]));
const contracts = new Map(CATALOG.contracts.map((c) => [c.id, c]));
const bonusTiles = new Map([...CATALOG.bonus_tiles, ...CATALOG.expansion_bonus_tiles].map((tx) => [tx.id, tx]));
const externalWorks = new Map(CATALOG.external_works.map((w) => [w.id, w]));
const privateBuildings = new Map(CATALOG.private_buildings.map((b) => [b.id, b]));
const objectives = new Map(CATALOG.objective_tiles.map((tx) => [tx.id, tx]));
const headstreamTiles = new Map(CATALOG.headstream_tiles.map((tx) => [tx.id, tx]));

export const COMPANY_IDS = CATALOG.companies.map((c) => c.id);
/** The company boards to choose or draw: the Netherlands joins with The Leeghwater Project. */
export const companiesFor = (expansion) => CATALOG.companies.filter((c) => expansion || !c.expansion).map((c) => c.id);
/** The Executive Officers in the draw: the 4 new ones join with The Leeghwater Project. */
export const officersFor = (expansion) => CATALOG.officers.filter((o) => expansion || !o.expansion);

/**
 * A component's printed text (an ability, an officer's power, a tile's effect, a Building's
 * action) in this device's language: catalog.js holds its English, which is its catalogue key
 * (companion/engine/component_texts.py, power_words.py).
 */
export function printed(text) {
  return text ? t(text) : text;
}

/** An External Work tile as printed: its cost in Machineries and its reward. */
export function externalWork(id) {
  return externalWorks.get(id) ?? null;
}

/**
 * An External Work as its tile is printed, which carries no number (leeghwater.md §3): the pile
 * letter of its back, the Machineries to discard and the reward — "pile A: discard 1 Excavator →
 * 3 Credits, then fulfil …". The id (A1) stays in the API and the data attributes; an unknown
 * id is shown as it is.
 */
export function externalWorkText(id) {
  const w = externalWork(id);
  if (!w) return String(id ?? '');
  return t('pile {pile}: discard {cost} → {reward}', { pile: w.pile, cost: machineryCost(w.excavators, w.mixers), reward: printed(w.text) });
}

/** A Machinery cost in words: "2 Excavators + 1 Concrete Mixer". */
export function machineryCost(excavators, mixers) {
  const parts = [];
  if (excavators) parts.push(excavators === 1 ? t('1 Excavator') : t('{n} Excavators', { n: excavators }));
  if (mixers) parts.push(mixers === 1 ? t('1 Concrete Mixer') : t('{n} Concrete Mixers', { n: mixers }));
  return parts.join(' + ') || t('nothing');
}

/** A Private Building tile as printed: name, cost, VP and action. */
export function privateBuilding(id) {
  return privateBuildings.get(id) ?? null;
}

export function buildingName(id) {
  const b = privateBuilding(id);
  return b ? t(b.name) : String(id ?? '');
}

export function companyName(id) {
  if (id === 'neutral') return t('Neutral');
  const name = companies.get(id)?.name;
  return name ? t(name) : String(id ?? '');
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
  if (p?.kind === 'automa' && Number(p.automa_level) < 3) return { active: false, text: t('not at this Automa level'), detail: '' };
  const built = p?.built?.powerhouse ?? 0;
  if (built >= ABILITY_FROM_POWERHOUSES) return { active: true, text: t('active'), detail: '' };
  return { active: false, text: t('from the 3rd powerhouse'), detail: t('{built} of {needed} built', { built, needed: ABILITY_FROM_POWERHOUSES }) };
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
  O_RED_SPACES: N_('Bases and Powerhouses on red-bordered spaces'),
  O_BEST_AREA: N_('Most pieces in one area'),
  O_CONNECTED_BASES: N_('Bases connected by own conduit to own powerhouse'),
  O_WORST_AREA: N_('Pieces in the area where you have the fewest'),
  O_BASINS_1: N_('Basins with at least 1 of your pieces'),
  O_BASINS_3: N_('Basins with at least 3 of your pieces'),
};

export function objectiveLabel(id) {
  return (OBJECTIVE_LABELS[id] && t(OBJECTIVE_LABELS[id])) ?? printed(objective(id)?.measure) ?? String(id ?? '').replace(/^O_/, '').replaceAll('_', ' ').toLowerCase();
}

/** A bonus tile as printed: "5 VP per Powerhouse built" (the id when it is unknown). */
export function bonusText(id) {
  const tx = bonusTile(id);
  return tx ? t('{vp} VP per {what}', { vp: tx.vp_each, what: printed(tx.counts) }) : String(id);
}

// a tile's kind that is no structure of the map (the others read as the map's words)
const KIND_WORDS = { any: N_('any structure'), building: N_('Building') };

/** An Advanced Technology tile in words: "Level 1 Base: each own dam holding 0 drops …". */
export function advancedText(id) {
  const tx = CATALOG.advanced_tiles.find((x) => x.id === id);
  if (!tx) return String(id);
  const kind = id.replace(/^L\d_/, '').toLowerCase();
  const name = t('Level {level} {kind}', { level: tx.level, kind: KIND_WORDS[kind] ? t(KIND_WORDS[kind]) : t(kind) });
  return `${name}: ${printed(tx.text)}`;
}

const SECTIONS = {
  turbine_station: N_('Turbine Station'),
  water_management: N_('Water Management'),
  workshop: N_('Workshop'),
  machinery_shop: N_('Machinery Shop'),
  contract_office: N_('Contract Office'),
  bank: N_('Bank'),
  patent_office: N_('Patent Office'),
};
const managementSpaces = new Map((CATALOG.management_spaces || []).map((m) => [m.id, m]));

/** A Management-board space as a player finds it on the board: "Workshop row 2, right". */
export function spaceName(id) {
  const m = managementSpaces.get(id);
  if (!m) return id;
  const section = SECTIONS[m.section] ? t(SECTIONS[m.section]) : m.section.replaceAll('_', ' ');
  if (!m.side) return m.section === 'bank' ? section : t('{section} space {row}', { section, row: m.row });
  return t('{section} row {row}, {side}', { section, row: m.row, side: t(m.side) });
}

// what a bonus tile counts, in one short noun
const BONUS_NOUN = {
  B_CONTRACTS: N_('fulfilled contract'),
  B_BASES: N_('Base'),
  B_ELEVATIONS: N_('Elevation'),
  B_CONDUITS: N_('Conduit'),
  B_POWERHOUSES: N_('Powerhouse'),
  B_ADVANCED_TILES: N_('Advanced tile'),
  // The Leeghwater Project's two bonus tiles (X11, X12)
  B_EXTERNAL_WORKS: N_('External Work taken'),
  B_BUILDINGS: N_('Building built'),
};

/** A bonus tile in a few words: "4 VP per Base". */
export function bonusShort(id) {
  const tx = bonusTile(id);
  if (!tx) return String(id);
  return t('{vp} VP per {what}', { vp: tx.vp_each, what: BONUS_NOUN[id] ? t(BONUS_NOUN[id]) : tx.counts.split(' ')[0].replace(/s$/, '') });
}

/** An Advanced Technology tile's name: "Level 1 Elevation", "Level 2 any structure". */
export function advancedName(id) {
  const m = /^L(\d)_([A-Z]+)$/.exec(id);
  if (!m) return String(id);
  const kind = m[2] === 'ANY' ? t('any structure') : t(m[2].charAt(0) + m[2].slice(1).toLowerCase());
  return t('Level {level} {kind}', { level: m[1], kind });
}

const SPACE_ID = /\b(?:TS|WM|WS|MS|CO|PO)_[A-Z0-9_]+\b|\bBANK\b/g;
const TILE_ID = /\b(?:B|O)_[A-Z0-9_]+\b|\bL[123]_[A-Z]+\b/g;

/**
 * An engine sentence in the table's words: Management-space ids become their places on the
 * board, tile ids their printed meaning (the physical tiles carry no ids).
 */
const PY_DICT = /\{((?:'\w+': \d+(?:, )?)+)\}/g;
const GAIN_WORDS = {
  excavators: [N_('1 Excavator'), N_('{n} Excavators')],
  mixers: [N_('1 Concrete Mixer'), N_('{n} Concrete Mixers')],
  machineries_any: [N_('1 Excavator or Mixer'), N_('{n} Excavators or Mixers')],
};

function gainWords(inner) {
  return [...inner.matchAll(/'(\w+)': (\d+)/g)].map(([, key, n]) => {
    const words = GAIN_WORDS[key];
    return words ? t(Number(n) === 1 ? words[0] : words[1], { n }) : `${n} ${key.replaceAll('_', ' ')}`;
  }).join(' + ');
}

const ORDINAL = ['', N_('1st'), N_('2nd'), N_('3rd'), N_('4th'), N_('5th')];

const placeNames = new Map();
const SPACE_REF = /\b(?:C\d{1,2}[LR]|P\d{1,2}-\d|\d{1,2}[UL])\b/g;

/** Learn the board's building spaces in board words (from /api/board: `name`). */
export function setPlaceNames(board) {
  // an id left in an English sentence reads "on the upper dam of …"; another language's name
  // (/api/board speaks the device's language) is used as it is
  const inSentence = (name) => (LANG === 'en' ? `the ${name.charAt(0).toLowerCase()}${name.slice(1)}` : name);
  for (const s of board?.spaces || []) if (s.name) placeNames.set(s.id, inSentence(s.name));
}

/** A building space in board words ("the upper dam of the 1st Mountains basin"). */
export function placeName(id) {
  // The Leeghwater Project: a building space next to a Private Building ("BS_cofferdam_1")
  const building = /^BS_(.+)_(\d)$/.exec(String(id ?? ''));
  if (building && privateBuildings.has(building[1])) return t('{building}, building space {n}', { building: buildingName(building[1]), n: building[2] });
  return placeNames.get(id) ?? String(id ?? '');
}

const CONTRACT_REF = /(?<!rulings? )\b(?:[GYR]\d{2}|[NS]\d)\b/g;
const COLOUR_WORD = { starting: N_('Starting'), national: N_('national') };

/** A contract as its printed tile reads: "green ⚡3: 1₵ · turn wheel 2" (no id). */
export function contractWords(id) {
  const c = contract(id);
  if (!c) return String(id ?? '');
  const colour = c.kind === 'private' ? t(c.pile) : COLOUR_WORD[c.kind] ? t(COLOUR_WORD[c.kind]) : c.kind;
  return `${colour} ⚡${c.energy_required}: ${rewardText(c.reward)}`;
}

/** A headstream tile as printed: its drops in rounds 1-4 ("0·2·2·0"). */
export function headstreamWords(id) {
  const drops = headstreamTile(id)?.drops_by_round;
  return drops ? drops.join('·') : String(id ?? '');
}

/** An income slot named by its key ("income:conduit:2"): "the income of the 2nd Conduit". */
function incomeSlot(kind, n) {
  const ordinal = ORDINAL[Number(n)] ? t(ORDINAL[Number(n)]) : n;
  const structure = t(kind.charAt(0).toUpperCase() + kind.slice(1));
  const words = t('the income of the {ordinal} {structure}', { ordinal, structure });
  return `“${words}”`;
}

export function humanize(text) {
  return String(text ?? '')
    .replace(SPACE_REF, (id) => placeNames.get(id) ?? id)
    .replace(CONTRACT_REF, (id) => (contract(id) ? `“${contractWords(id)}”` : id))
    .replace(/\bon the (upper|lower) dam on the\b/g, 'on the $1 dam of the')
    .replace(/\bthe the\b/g, 'the')
    .replace(PY_DICT, (_, inner) => gainWords(inner))
    // an income slot named by its key ("income:conduit:2")
    .replace(/\bincome:(base|elevation|conduit|powerhouse):(\d)\b/g, (_, kind, n) => incomeSlot(kind, n))
    .replace(SPACE_ID, (id) => (managementSpaces.has(id) ? spaceName(id) : id))
    .replace(TILE_ID, (id) => {
      if (bonusTile(id)) return `“${bonusShort(id)}”`;
      if (objective(id)) return `“${objectiveLabel(id)}”`;
      if (/^L\d_/.test(id) && CATALOG.advanced_tiles.some((tx) => tx.id === id)) return advancedName(id);
      return id;
    });
}

export function headstreamTile(id) {
  return headstreamTiles.get(id) ?? null;
}

export const PHASES = {
  income: N_('Income & headstreams'),
  actions: N_('Actions'),
  water_flow: N_('Water flow'),
  scoring: N_('Scoring'),
  end_of_round: N_('End of round'),
  game_over: N_('Game over'),
};

export function phaseName(phase) {
  return PHASES[phase] ? t(PHASES[phase]) : String(phase ?? '').replaceAll('_', ' ');
}

export const ACTION_LABELS = {
  build: N_('Build'),
  produce: N_('Produce'),
  water: N_('Water'),
  bank: N_('Bank'),
  workshop: N_('Workshop'),
  buy_machinery: N_('Shop'),
  take_contracts: N_('Contracts'),
  patent: N_('Patent'),
  external_work: N_('External Works'),
  building_action: N_('Private Buildings'),
  pass: N_('Pass'),
  automa_turn: N_('Automa turn'),
  mahiri: N_('Mahiri'),
  // the Automa's other legal moves (legal_options: its own turn, then these groups)
  production: N_('Produce'),
  construction: N_('Build'),
  water_management: N_('Water'),
  contract_office: N_('Contract Office'),
  machinery_shop: N_('Machinery Shop'),
  patent_office: N_('Patent Office'),
};

export function actionLabel(type) {
  return ACTION_LABELS[type] ? t(ACTION_LABELS[type]) : String(type).replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
}

const REWARD_WORDS = {
  credits: (n) => `${n}₵`,
  vp: (n) => t('{n} VP', { n }),
  rotate_wheel: (n) => t('turn wheel {n}', { n }),
  machineries_any: (n) => t('{n} machinery', { n }),
  excavators: (n) => (n === 1 ? t('1 Excavator') : t('{n} Excavators', { n })),
  mixers: (n) => (n === 1 ? t('1 Mixer') : t('{n} Mixers', { n })),
  energy_steps: (n) => t('+{n} energy', { n }),
  drops_headstream: (n) => t('{n} drops on a headstream', { n }),
  drops_flow_now: (n) => t('{n} drops flow now', { n }),
  free_elevation: () => t('free Elevation'),
  free_powerhouse: () => t('free powerhouse'),
  free_base_areas: () => t('free Base'),
  free_conduit_max_value: (n) => t('free conduit ≤{n}', { n }),
  // company-board incomes and the powerhouse track
  machinery_any: (n) => t('{n} Excavator or Mixer', { n }),
  water_drops_headstream_flow_immediately: (n) => t('{n} drops on a headstream, flowing now', { n }),
  water_drops_headstream_flow_in_water_phase: (n) => t('{n} drops on a headstream (flow in the Water Flow phase)', { n }),
  production_bonus: (n) => t('production +{n}', { n }),
  company_special_ability: () => t('company special ability'),
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
