// The engine's sentences in this device's language (issue 13). The engine writes English from
// fixed sentence shapes (companion/engine/instructions.py, places.py, management.py, automa/…);
// each shape is listed here once as a catalogue key with {named} parts. On a device that reads
// another language a sentence is matched against the shapes, its parts are put in words the
// same way (a space name inside an instruction, a list inside a label), and the catalogue's
// sentence is filled in. A sentence that matches no shape is shown as the engine wrote it.
import { el } from './dom.js';
import { LANG, N_, t } from './i18n.js';

// Most specific first: the first shape that matches the whole sentence wins.
const SHAPES = [
  // ---- table instructions (instructions.py TEXT) ----
  N_('Put 1 Engineer on your {order} construction space.'),
  N_('Put {n} Engineers on your {order} construction space.'),
  N_('Put 1 Engineer on the Bank.'),
  N_('Put {n} Engineers on the Bank.'),
  N_('Put 1 Engineer on the action space {space}.'),
  N_('Put {n} Engineers on the action space {space}.'),
  N_('Put 1 Engineer on {space}.'),
  N_('Put {n} Engineers on {space}.'),
  N_("Put {pieces} in the wheel's open segment."),
  N_('Turn the Construction Wheel one segment. Take back {pieces}.'),
  N_('Turn the Construction Wheel one segment.'),
  N_('Move a drop from {start} to {place}.'),
  N_('Move a drop from {start} off the map (it leaves the river).'),
  N_('Move a drop from {start}.'),
  N_('Pay 1 Credit.'),
  N_('Pay {n} Credits.'),
  N_('Take 1 Credit.'),
  N_('Take {n} Credits.'),
  N_('Score {n} VP ({reason}).'),
  N_('Lose {n} VP ({reason}).'),
  N_('Move the Energy marker 1 step forward.'),
  N_('Move the Energy marker {n} steps forward.'),
  N_('Take contract {contract} from the Contract Office.'),
  N_('Turn up {contract} from the {pile} pile in the empty slot.'),
  N_('Put {contracts} back in the box.'),
  N_('Take the Advanced Technology tile {tile}.'),
  N_('Put {tile} from pile {pile} on Patent space {n}.'),
  N_('Put the Advanced Technology tiles left on the Patent Office back in the box.'),
  N_('Move the Turn Order markers: {order}.'),
  N_('Move every Energy marker to 0 and take all Engineers back.'),
  N_('Put {drops} from the general supply.'),
  N_("Put 1 Engineer on Mahiri Sekibo's tile: copy {officer}'s ability for this turn."),
  N_('Place a {structure} on {place} (free).'),
  N_('Place a {structure} on {place}.'),
  N_('Income revealed ({company}, {ordinal} {structure}): {rewards}.'),
  N_('{ordinal} Powerhouse built: production bonus +{n}, company ability unlocked.'),
  N_('{ordinal} Powerhouse built: production bonus +{n}.'),
  N_('Put 1 drop on headstream {letter}.'),
  N_('Put {n} drops on headstream {letter}.'),
  N_('Take 1 drop from {dam}: they run through {conduit} to {powerhouse} ({energy} Energy).'),
  N_('Take {n} drops from {dam}: they run through {conduit} to {powerhouse} ({energy} Energy).'),
  N_('Turn contract {contract} face down (fulfilled).'),
  N_('Round {round}: Income and Headstreams.'),
  N_('Round {round}: Actions phase.'),
  N_('Everybody has passed: the Water Flow phase begins.'),
  N_('Each player takes their company\'s components.'),
  N_("{company}'s turn."),
  N_('{company} passes.'),
  N_('Take {pieces}.'),
  N_('Round {round}: End of Round.'),
  N_('Then 1 drop leaves the map.'),
  N_('Then {n} drops leave the map.'),
  N_('Refill the Contract Office: {contract} from the {pile} pile.'),
  N_('Put {n} Automa Engineer(s) on {space} ({section}).'),
  N_('Put {n} Automa Engineer(s) on {space}.'),
  // ---- the General Setup (instructions.setup_lines) ----
  N_('Headstream tiles: {tiles} (drops in rounds 1-4).'),
  N_('Bonus tiles on the Energy Track, rounds 1-5: {tiles}.'),
  N_('Objective tile: {tile}.'),
  N_('National contracts face up: {contracts}.'),
  N_('Neutral dam: a level-{level} dam on {place} with {drops}.'),
  N_('Private contracts face up ({pile}): {contracts}.'),
  N_('Patent Office: {tiles}.'),
  N_('Put unused Engineers on the spaces not used: {spaces}.'),
  N_('the headstream tile {dots} on {letter}'),
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
  N_('You still have 1 Engineer(s): the Bank is always open (ruling {ruling}).'),
  N_('You still have {n} Engineer(s): the Bank is always open (ruling {ruling}).'),
  N_('This space costs {cost} before placing; you have {credits}.'),
  N_('{n} Credits for the red outline'),
  N_('{n} Credits for the action'),
  N_('This space needs {n} Engineer(s); you have {have} in your supply.'),
  N_("This action space is already taken (each space takes one player's Engineers)."),
  N_('This space is not used with {n} players.'),
  N_('The Patent Office is not used in the introductory game.'),
  N_('Contract Office spaces are taken.'),
  N_('Water Management spaces are taken.'),
  N_('No structure can be built now (tiles, Machineries, Engineers or free spaces).'),
  N_('The Automa cannot do this now.'),
  N_('You have no Engineers left: pass.'),
  N_('You have no production system with water (powerhouse, conduit and a dam with drops).'),
  N_('First answer the open question: {question}'),
  N_('You hold {n} face-up contracts: discard {k} (at most 3).'),
  N_('Income revealed by your {ordinal} {structure}: choose {n} Machineries (Excavators or Concrete Mixers)'),
  N_('Place at least 1 drop on a headstream (ruling R6).'),
  N_('Put at least 1 Engineer on the Bank.'),
  N_('You still have {n} Engineer(s): you must place them (the Bank is always open; ruling {ruling}).'),
  N_('You have {n} Engineer(s) in your supply, not {k}.'),
  N_('Choose an Excavator or a Concrete Mixer.'),
  N_('It is {active}\'s turn, not {company}\'s.'),
  N_('Actions can only be taken in the Actions phase (now: {phase}).'),
  // ---- costs shown with a choice ----
  N_('A Base costs {n} Excavators in the {area}'),
  N_('An Elevation costs {n} Concrete Mixers in the {area}'),
  N_('A Conduit of value {value} costs {n} Excavators'),
  // ---- the legal choices (options.py labels) ----
  N_('1 Engineer → {credits}'),
  N_('{n} Engineers → {credits}'),
  N_('{section} row {row}, {side} ({cost})'),
  N_('{section} row {row}, {side}'),
  N_('turn the wheel {n}'),
  N_('{letters} (flows at once)'),
  N_('{letters} (waits for the Water Flow)'),
  N_('{structure} on {space} ({tile} tile)'),
  N_('Build {structure} on {space} (tile {tile})'),
  N_('{payment} instead of Machineries'),
  N_('pay {payment}'),
  N_('Discard {contracts}'),
  N_('up to 1 drop'),
  N_('up to {n} drops'),
  N_('pays {company} {credits}'),
  N_('fulfils {contract}'),
  N_('chosen by the table'),
  // ---- the Automa (automa/plain.py, decision.py) ----
  N_('Tile {tile} (criteria of tile {criteria}).'),
  N_('skipped'),
  N_('{n} Credits for the red-outlined space {space}'),
  N_('turn your Construction Wheel {n} segment(s)'),
  N_('Income revealed by your {ordinal} {structure}'),
  N_('choose {n} Machineries (Excavators or Concrete Mixers)'),
  N_('{n} drop(s) on headstream {letter} (they flow in the Water Flow phase)'),
  N_('{n} drop(s) on headstream {letter} (they flow at once)'),
  N_('Your {ordinal} Powerhouse costs {n} Concrete Mixers'),
  N_('Your {structure} costs {n} Excavators'),
  N_('Your {structure} costs {n} Concrete Mixers'),
  N_('Energy Track: no Energy produced this round ({vp} VP)'),
  N_('{n} Credit(s) for {k} Engineer(s)'),
  N_('Headstream tile {tile} gives {n} drop(s) to headstream {letter} in round {round}'),
  N_('{n} Credits for the action of {space}'),
  N_('Energy Track: {n} Credits for {energy} Energy (Automa: Credits become VP)'),
  N_('Energy Track: {n} Credits for {energy} Energy'),
  N_('{company} used conduit {place} with {n} drop(s)'),
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
  N_('{building} costs {excavators} Excavators and {mixers} Concrete Mixers'),
  N_('{where} (1 Engineer) — {action}'),
  N_('{where} ({n} Engineers) — {action}'),
  N_('{where} (1 Engineer, {credits} Credits) — {action}'),
  N_('{where} ({n} Engineers, {credits} Credits) — {action}'),
  N_("{building} from Margot Fouché's space"),
  N_('{building}, left space'),
  N_('{building}, right space'),
  N_('You have activated no Private Building: build a Building first.'),
  N_('Which External Work tile was drawn from pile {pile}?'),
  N_('The table drew {drawn}.'),
  N_('{drawn} cannot be drawn: it is not in that pile any more.'),
  N_('Put the tile drawn from pile {pile} face up on slot {n} — {work}.'),
  N_('Put the External Work tiles left face up back in the box.'),
  N_('Put 2 Engineers on External Works space {n}.'),
  N_('External Works space {n}'),
  N_('Take the tile of slot {n} face down (its Machineries go back to the general supply) — {work}.'),
  N_('Take the tile of slot {n} face down (its Machineries went on the wheel) — {work}.'),
  N_('Take the tile of slot {n} face down (pay {credits} Credits (Loan Agency)) — {work}.'),
  N_('Put the tile back face up on slot {n} and take back {pieces} — {work}.'),
  N_('Put the tile back face up on slot {n} — {work}.'),
  N_('Put the tile back face down on pile {pile} — {work}.'),
  N_('Put these tiles back face up on the External Works slots: {works}.'),
  N_('This External Work needs {excavators} Excavators and {mixers} Concrete Mixers from your personal supply (you have {n} and {m}); Machineries on your Construction Wheel cannot be used.'),
  N_('Put your leftmost Building on building space {n} of {building}: it is activated.'),
  N_('The introductory game has columns for USA, Germany, Italy and France only (p. 8): {company} is played in the full game.'),
  N_('Netherlands ability: put 1 drop from the general supply on another of your dams (not {dam}; it does not flow), or decline'),
  N_('1 drop on {dam}'),
  N_('The Architect stood alone on a 1-Engineer space: take another turn now?'),
  N_('Take another turn'),
  N_('End the turn'),
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
  N_('6 VP and 2 drops on headstreams that flow at once'),
  N_('6 VP and 3 Concrete Mixers'),
  N_('put 1 drop from the general supply on a Neutral Dam or one of your Dams that has room'),
  N_('take one Technology tile back from the wheel; Machineries in that segment stay'),
  N_('choose a wheel segment and take back half its Machineries, rounded down, your choice'),
  N_('take a face-up External Work and its reward, paying 2 Credits per Machinery printed on it'),
  N_('pay 1 Credit: Energy marker +4, not usable for Contracts'),
  N_('pay 1 Credit: gain 2 Machineries in any mix'),
  N_('gain 5 Credits'),
  N_('a production action with +3; company board bonuses and ability still apply'),
  N_('pay 2 Credits: produce 5 energy, usable for one Contract needing 5 or less'),
  N_('pay 3 Credits: fulfil one of your face-up Contracts without producing energy'),
  N_('Cofferdam'),
  N_('Development Office'),
  N_('Research Lab'),
  N_('Loan Agency'),
  N_('Energy Relay Field'),
  N_('Robot Factory'),
  N_('Financial Division'),
  N_('Control Station'),
  N_('Wind Farm'),
  N_('Customer Office'),
  // ---- pieces, amounts and single words the sentences above are made of ----
  N_('the Base tile'),
  N_('the Elevation tile'),
  N_('the Conduit tile'),
  N_('the Powerhouse tile'),
  N_('the Wild tile'),
  N_('1 Excavator'),
  N_('{n} Excavators'),
  N_('1 Concrete Mixer'),
  N_('{n} Concrete Mixers'),
  N_('1 Engineer'),
  N_('{n} Engineers'),
  N_('1 Credit'),
  N_('{n} Credits'),
  N_('1 drop'),
  N_('{n} drops'),
  N_('1 drop in {place}'),
  N_('{n} drops in {place}'),
  N_('{n} energy'),
  N_('{n} Energy'),
  N_('take 1 Credit'),
  N_('take {n} Credits'),
  N_('score {n} VP'),
  N_('take 1 Machinery of your choice'),
  N_('take {n} Machinerys of your choice'),
  N_('turn the wheel 1 segment'),
  N_('turn the wheel {n} segments'),
  N_('take {contracts}'),
  N_('move the Energy marker 1 step'),
  N_('move the Energy marker {n} steps'),
  N_('Starting Victory Points'),
  N_('Red-bordered space {place} (Automa: pays VP for Credits)'),
  N_('Automa {move}'),
  N_('Reward of contract {contract}'),
  N_('Energy Track ranking, round {round} ({energy} Energy)'),
  N_('Income of {company}'),
  N_('nothing'),
  N_('first'), N_('second'), N_('third'), N_('fourth'),
  N_('1st'), N_('2nd'), N_('3rd'), N_('{n}th'),
  N_('top'), N_('bottom'), N_('top-left'), N_('top-right'), N_('bottom-left'), N_('bottom-right'),
  N_('left'), N_('right'),
  N_('Mountains'), N_('Hills'), N_('Plains'),
  N_('mountains'), N_('hills'), N_('plains'),
  N_('green'), N_('yellow'), N_('red'),
  N_('Base'), N_('Elevation'), N_('Conduit'), N_('Powerhouse'),
  N_('base'), N_('elevation'), N_('conduit'), N_('powerhouse'), N_('wild'), N_('building'),
  N_('Wild'),
  // what a Bonus tile counts (the printed tile, reference data)
  N_('Bases built'), N_('Elevations built'), N_('Conduits built'), N_('Powerhouses built'),
  N_('fulfilled contracts of any type (face-down tiles in personal supply: starting, private, national)'),
  N_('Advanced Technology tiles owned (personal supply + construction wheel); basic tiles do not count'),
  N_('excavator'), N_('mixer'),
  N_('Bank'), N_('Workshop'), N_('Machinery Shop'), N_('Contract Office'), N_('Water Management'),
  N_('Turbine Station'), N_('Patent Office'),
  N_('USA'), N_('Germany'), N_('Italy'), N_('France'), N_('Netherlands'),
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

/**
 * A name of the board as /api/board gives it ("Upper dam of the 1st Mountains basin"), in this
 * device's language, keeping its capital: the shapes above read it after "the".
 */
export function boardName(name) {
  if (LANG === 'en' || !name) return name;
  // the shapes are written after "the"; their Italian has no article ("Diga superiore del …")
  const said = engineText(`the ${name.charAt(0).toLowerCase()}${name.slice(1)}`);
  return `${said.charAt(0).toUpperCase()}${said.slice(1)}`;
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
