// The engine's sentences in this device's language (issue 13). The engine says its sentences
// as catalogue keys with their parts (companion/engine/words.py) and the server renders them in
// the device's language, so they arrive ready and `engineText` passes them through. The shapes
// below are the English the engine still writes in code, until it says them as keys too: the
// Automa's words (automa/), the score audit (audit/) and the refusals of illegal moves. On a
// device that reads another language such a sentence is matched against the shapes, its parts
// are put in words the same way, and the catalogue's sentence is filled in. A sentence that
// matches no shape (every sentence the server rendered) is shown as it came.
import { el } from './dom.js';
import { LANG, N_, t } from './i18n.js';

// Most specific first: the first shape that matches the whole sentence wins.
const SHAPES = [
  // ---- table instructions (instructions.py TEXT) ----
  N_('Then 1 drop leaves the map.'),
  N_('Then {n} drops leave the map.'),
  N_('Put {n} Automa Engineer(s) on {space} ({section}).'),
  N_('Put {n} Automa Engineer(s) on {space}.'),
  // ---- the General Setup (instructions.setup_lines) ----
  // ---- places (places.py): a building space the way the printed board shows it ----
  N_('the upper dam of the bottom-{side} Plains basin'),
  N_('the lower dam of the bottom-{side} Plains basin'),
  N_('the left conduit (value {value}) of the bottom-{side} Plains basin'),
  N_('the right conduit (value {value}) of the bottom-{side} Plains basin'),
  N_('the {position} powerhouse space of the bottom-{side} Plains basin'),
  N_('the upper dam of the {ordinal} {area} basin'),
  N_('the lower dam of the {ordinal} {area} basin'),
  N_('the left conduit (value {value}) of the {ordinal} {area} basin'),
  N_('the right conduit (value {value}) of the {ordinal} {area} basin'),
  N_('the {position} powerhouse space of the {ordinal} {area} basin'),
  N_('the powerhouse space of the {ordinal} {area} basin'),
  N_('the bottom-{side} Plains basin'),
  N_('the {ordinal} {area} basin'),
  N_('headstream {letter}'),
  N_('basin {basin}'),
  // ---- refusals and why an action is not open (management.py, options.py) ----
  N_('Contract Office spaces are taken.'),
  N_('Water Management spaces are taken.'),
  N_('The Automa cannot do this now.'),
  N_('You hold {n} face-up contracts: discard {k} (at most 3).'),
  N_('Income revealed by your {ordinal} {structure}: choose {n} Machineries (Excavators or Concrete Mixers)'),
  N_('Put at least 1 Engineer on the Bank.'),
  N_('You still have {n} Engineer(s): you must place them (the Bank is always open; ruling {ruling}).'),
  N_('You have {n} Engineer(s) in your supply, not {k}.'),
  N_('Choose an Excavator or a Concrete Mixer.'),
  N_('It is {active}\'s turn, not {company}\'s.'),
  N_('Actions can only be taken in the Actions phase (now: {phase}).'),
  // ---- costs shown with a choice ----
  // ---- the legal choices (options.py labels) ----
  N_('{section} row {row}, {side} ({cost})'),
  N_('{section} row {row}, {side}'),
  N_('Build {structure} on {space} (tile {tile})'),
  N_('chosen by the table'),
  // ---- the Automa (automa/plain.py, decision.py) ----
  N_('Tile {tile} (criteria of tile {criteria}).'),
  N_('skipped'),
  N_('{n} drop(s) on headstream {letter} (they flow at once)'),
  N_('Your {structure} costs {n} Excavators'),
  N_('Your {structure} costs {n} Concrete Mixers'),
  N_('Energy Track: {n} Credits for {energy} Energy (Automa: Credits become VP)'),
  N_('{place} with {n} drop(s)'),
  N_('Produces {energy} energy with {n} drop(s) from {place}, fulfilling the {colour} contract {contract} ({reward})'),
  N_('Water: {n} drops on headstreams: {letters}'),
  N_('Water: 1 drop flowing at once: {letters}'),
  N_('Automa turn'),
  N_('Turn Automa tile {tile} over onto the discard pile: its criteria side is used this turn'),
  N_("Overruled by the table: {move} instead of the Automa's decision; its tile {tile} is in the trace."),
  N_('Build {structure} in the {area}'),
  N_('Build {structure}'),
  N_('Build conduit value 4+'),
  N_('Water: 1 drop flowing at once'),
  N_('Water: {n} drops on headstreams'),
  N_('Produce {bonus} ({colour} contract)'),
  N_('remove {colour} contracts, +2 energy'),
  N_('removes {contracts}'),
  N_('External work'),
  N_('rotate {n}'),
  N_('{tile} tile'),
  N_('takes {excavators} Excavator(s), {mixers} Concrete Mixer(s) ({vp} VP)'),
  N_('no production system ready (dam with water, conduit, own powerhouse)'),
  N_('no drop would reach an own dam with room'),
  N_('no technology tile for a {structure} in the supply'),
  N_('Leeghwater Project action (not in this game)'),
  N_('not enough machinery for any {structure} space'),
  N_('no Patent Office in the introductory game'),
  N_('no free space for an {structure}'),
  N_('no free space for a {structure}'),
  N_('no {colour} contract ≤ {n} energy (the easiest needs {need})'),
  N_('criterion {criterion}'),
  N_('only one space'),
  N_('nobody, skipped'),
  N_('all tied'),
  N_('completes a production system'),
  // ---- The Leeghwater Project (external_works.py, private_buildings.py, production.py,
  // rounds.py): option labels, decisions, and the tiles' printed rewards and actions ----
  // an External Work is named by its printed face, the tiles carry no number (table_words.py)
  N_('External Work: discard {cost} → {reward} (Machineries on the wheel: Leslie Spencer)'),
  N_('External Work: discard {cost} → {reward}'),
  N_('External Work: discard {cost}: its Machineries on the wheel (Leslie Spencer)'),
  N_('External Work: discard {cost} (Leslie Spencer)'),
  N_('Automa: External Work: discard {cost} on the wheel (Leslie Spencer)'),
  N_('External Work: discard {cost}: fulfil one contract (or decline)'),
  N_('External Work: discard {cost}: take a face-up Advanced Technology tile for free (or decline)'),
  N_('External Work: discard {cost}: {n} energy produced'),
  N_('External Work: discard {cost} (Automa: Credits become VP)'),
  N_('External Work: discard {cost}'),
  N_('Loan Agency (External Work: discard {cost})'),
  N_('slot {n} — {work}'),
  N_('1 Excavator and 1 Concrete Mixer'),
  N_('1 Excavator and {m} Concrete Mixers'),
  N_('{n} Excavators and 1 Concrete Mixer'),
  N_('{n} Excavators and {m} Concrete Mixers'),
  N_('Building next to {building}, space {n} (building tile)'),
  N_("{building} from Margot Fouché's space"),
  N_('{building}, left space'),
  N_('{building}, right space'),
  N_('{drawn} cannot be drawn: it is not in that pile any more.'),
  N_('External Works space {n}'),
  N_('The introductory game has columns for USA, Germany, Italy and France only (p. 8): {company} is played in the full game.'),
  N_('3 Credits, then fulfil one of your face-up Contracts that requires 4 energy or less'),
  N_('3 Credits, 3 VP and build a Conduit of value 4 or less for free'),
  N_('4 VP, 2 drops on headstreams (flow in the Water Flow phase), rotate the wheel 2'),
  N_('take one Technology tile back from the wheel; Machineries in that segment stay'),
  N_('choose a wheel segment and take back half its Machineries, rounded down, your choice'),
  N_('take a face-up External Work and its reward, paying 2 Credits per Machinery printed on it'),
  N_('pay 1 Credit: Energy marker +4, not usable for Contracts'),
  N_('pay 1 Credit: gain 2 Machineries in any mix'),
  N_('a production action with +3; company board bonuses and ability still apply'),
  N_('pay 2 Credits: produce 5 energy, usable for one Contract needing 5 or less'),
  N_('pay 3 Credits: fulfil one of your face-up Contracts without producing energy'),
  // ---- pieces, amounts and single words the sentences above are made of ----
  N_('{n} Excavators'),
  N_('{n} Concrete Mixers'),
  N_('{n} Engineers'),
  N_('{n} Credits'),
  N_('{n} drops'),
  N_('1 drop in {place}'),
  N_('{n} drops in {place}'),
  N_('{n} energy'),
  N_('{n} Energy'),
  N_('take {n} Credits'),
  N_('score {n} VP'),
  N_('take {n} Machinerys of your choice'),
  N_('turn the wheel {n} segments'),
  N_('take {contracts}'),
  N_('move the Energy marker {n} steps'),
  N_('Red-bordered space {place} (Automa: pays VP for Credits)'),
  N_('Automa {move}'),
  N_('Reward of contract {contract}'),
  N_('Energy Track ranking, round {round} ({energy} Energy)'),
  N_('Income of {company}'),
  N_('{n}th'),
  N_('mountains'), N_('hills'), N_('plains'),
  N_('Wild'),
  // what a Bonus tile counts (the printed tile, reference data)
  N_('Bases built'), N_('Elevations built'), N_('Conduits built'), N_('Powerhouses built'),
  N_('fulfilled contracts of any type (face-down tiles in personal supply: starting, private, national)'),
  N_('Advanced Technology tiles owned (personal supply + construction wheel); basic tiles do not count'),
  N_('excavator'), N_('mixer'),
];

// Shapes that only join two parts: tried once the strong joins have split a sentence.
const JOINED = [
  N_('{first} and {second}'),
  // a conduit with the drops it carries, as a flow path writes it ("C9L(2)")
  N_('{place}({count})'),
];

// Parts that join phrases and read the same in both languages: each side is put in words.
const JOINS = [' · ', '; ', ': ', ' — ', ' → ', ' + ', ', '];

// Parts that are one word or number ("Mountains", "2nd", "+1", "P8-2"); the others may be
// phrases, but never cross the strong joins (→ · ;) that separate a label's parts.
const ONE_WORD = new Set(['n', 'k', 'round', 'level', 'value', 'tile', 'ordinal', 'letter', 'area',
  'side', 'position', 'vp', 'credits', 'energy', 'need', 'criteria', 'basin', 'row', 'count', 'seq',
  'pile', 'colour', 'structure', 'company', 'active', 'bonus', 'ruling', 'have', 'excavators', 'mixers']);
// an External Work's printed face (its cost → its reward) is one part of an instruction
const PART = { one: '[^\\s→·;]+?', phrase: '[^→·;]+?', count: '\\d+', dots: '[\\d·]+', tiles: '.+?', work: '.+?', works: '.+?', drawn: '.+?' };
const PART_OF = (name) => PART[name] ?? (ONE_WORD.has(name) ? PART.one : PART.phrase);

const compile = (key) => {
  const names = [];
  const source = key.split(/(\{\w+\})/).map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(name);
    return `(?<${name}>${PART_OF(name)})`;
  }).join('');
  return { key, names, re: new RegExp(`^${source}$`, 'u') };
};
const compiled = SHAPES.map(compile);
const joined = JOINED.map(compile);

const cache = new Map();
// quoted parts of sentences, by a token that no shape's part can split
const QUOTES = [];
const QUOTE_IDS = new Map();

/** `text` (an engine sentence or a part of one) in this device's language. */
export function engineText(text) {
  if (LANG === 'en' || text === undefined || text === null) return text;
  const raw = String(text);
  if (!/[A-Za-z]{2}/.test(raw)) return raw;
  if (!cache.has(raw)) cache.set(raw, render(raw));
  return cache.get(raw);
}

function render(raw) {
  // a contract or tile quoted in its printed words (“green ⚡3: 1₵ · turn wheel 2”) is already
  // in this device's words: it stays whole while the sentence around it is matched
  const masked = raw.replace(/“[^”]*”/gu, (q) => {
    if (!QUOTE_IDS.has(q)) QUOTE_IDS.set(q, QUOTES.push(q) - 1);
    return `\u0001${QUOTE_IDS.get(q)}\u0002`;
  });
  const said = renderMasked(masked);
  return said.replace(/\u0001(\d+)\u0002/gu, (_, i) => QUOTES[Number(i)]);
}

function fill(shapes, raw) {
  for (const { key, names, re } of shapes) {
    const match = re.exec(raw);
    if (!match) continue;
    const params = {};
    for (const name of names) params[name] = engineText(match.groups[name]);
    return t(key, params);
  }
  return null;
}

function renderMasked(raw) {
  const whole = fill(compiled, raw);
  if (whole !== null) return whole;
  // the Automa's lines end a shape with a full stop the shape itself has not
  if (raw.endsWith('.')) {
    const bare = fill(compiled, raw.slice(0, -1));
    if (bare !== null) return `${bare}.`;
  }
  for (const join of JOINS) {
    const at = raw.indexOf(join);
    if (at > 0) return `${engineText(raw.slice(0, at))}${join}${engineText(raw.slice(at + join.length))}`;
  }
  const pair = fill(joined, raw);
  if (pair !== null) return pair;
  // a single word or name the catalogue knows (a company, a space); else as the engine wrote it
  return t(raw);
}

/** The EN | IT switch of the menu: the server keeps the choice in this device's cookie. */
export function languageSwitch() {
  const here = `${location.pathname}${location.search}`;
  return el('nav', { class: 'language-switch', 'aria-label': t('Language') },
    ...[['en', 'EN', 'English'], ['it', 'IT', 'Italiano']].map(([code, label, name]) => el('a', {
      class: 'button', lang: code, hreflang: code,
      'aria-current': code === LANG ? 'true' : undefined,
      href: `/lang/${code}?next=${encodeURIComponent(here)}`,
    }, el('span', { 'aria-hidden': 'true', text: label }), el('span', { class: 'visually-hidden', text: name }))));
}
