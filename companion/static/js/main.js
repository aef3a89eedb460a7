// The game view: load board + game, render every panel from the store, wire intents and
// live updates (Socket.IO room of the game, catch-up on reconnect).
import { api, ApiError, loadQr, useSocket } from './api.js';
import { el, scriptReady } from './dom.js';
import { listen, send, setHooks, tapInFlight } from './intents.js';
import { companyName, companyLetter, humanize, phaseName, setPlaceNames } from './names.js';
import { applyUpdate, canApply, clearSelection, notify, setConnected, store, subscribe } from './store.js';
import { connectGame } from './socket.js';
import { choiceLabel, choiceFacts, currentChoices, mapChip, mapChipParts, renderActionBar } from './render/actions.js';
import { badge, companyCard, renderBoard } from './render/company.js';
import { renderContracts } from './render/contracts.js';
import { companyExpansion, renderExtraBoard } from './render/extra.js';
import { animateAll, renderInstructions } from './render/instructions.js';
import { renderLog } from './render/log.js';
import { createMap } from './render/map.js';
import { correctionCommand, correctionForm } from './render/correction.js';
import { positionCommand, positionForm } from './render/position.js';
import { closeSheet, installDismiss, ledgerNodes, openSheet, refocus, renderScores, sheetKind, sourceLabel, twinSelector, undoPreviewNodes } from './render/sheets.js';
import { renderTrack } from './render/track.js';
import { choiceKey, ruleNodes, rulesFor, whyButton } from './render/why.js';
import { languageSwitch } from './language_switch.js';
import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);
const phone = window.matchMedia('(max-width: 599px)');
let map = null;
let shownInstructionsVersion = -1;
let lastInstructions = [];
let toastTimer = null;

store.gameId = document.body.dataset.gameId;
// read-only handle for the e2e tests (they wait on the version the page shows)
window.__barrage = store;
store.joinCode = document.body.dataset.joinCode || null;
store.me = document.body.dataset.seat || localStorage.getItem(`barrage:me:${store.gameId}`) || null;
if (document.body.dataset.view === 'phone') document.body.classList.add('view-phone');

function toast(message, error = false) {
  const node = $('toast');
  node.textContent = message;
  node.classList.toggle('error', error);
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { node.hidden = true; }, error ? 7000 : 3500);
}

// ---- rendering -------------------------------------------------------------------------

function renderHeader(state) {
  const status = $('status');
  const active = state.active;
  const parts = [el('span', { text: t('Round {round}', { round: state.round }) }), '·', el('span', { text: phaseName(state.phase) })];
  if (active && !state.finished) {
    const p = state.players[active];
    parts.push('·', el('span', { 'aria-label': t('{company} to play', { company: companyName(active) }) }, '▶ ', badge(active), ` ${companyName(active)}`),
      el('span', { class: 'chip', text: t('{n} Engineers', { n: p?.engineers ?? 0 }) }));
  }
  status.replaceChildren(...parts.map((x) => (typeof x === 'string' ? document.createTextNode(` ${x} `) : x)));
  const order = $('order');
  order.replaceChildren(el('span', { text: t('Order:') }), ...(state.turn_order || []).flatMap((c, i) => [
    i ? el('span', { 'aria-hidden': 'true', text: '›' }) : null,
    el('span', {
      class: `badge co-${c}${state.players[c]?.passed ? ' passed' : ''}`,
      title: companyName(c),
      'aria-label': state.players[c]?.passed ? t('{company} (passed)', { company: companyName(c) }) : companyName(c),
      text: companyLetter(c),
    }),
  ]).filter(Boolean));
  if (state.drops_warning) {
    // ruling R14: the table may run out of drop pieces; the app keeps counting
    order.append(el('span', { class: 'chip cost', text: t('More than 30 drops on the board') }));
  }
}

function renderCompanies(state) {
  const ids = Object.keys(state.players || {});
  if (phone.matches && store.me && ids.includes(store.me)) ids.sort((a, b) => (a === store.me ? -1 : b === store.me ? 1 : 0));
  $('companies').replaceChildren(...ids.map((c) => companyCard(state.players[c], { active: c === state.active && !state.finished, mine: c === store.me, expansion: companyExpansion(state, c) })));
}

/** On a phone that plays a company: that company's full board right under the action bar. */
function renderMyBoard(state) {
  const box = $('my-board');
  const p = phone.matches && store.me ? state.players?.[store.me] : null;
  box.hidden = !p;
  if (!p) return;
  const body = el('div');
  renderBoard(body, p, companyExpansion(state, p.company));
  const title = t('My company: {company}', { company: companyName(p.company) });
  box.replaceChildren(el('h2', { id: 'my-board-title' }, badge(p.company), ` ${title}`), body);
}

/** Where the Automa's construction goes ("… → 3U (tile base)"), to mark it on the map. */
function automaTarget() {
  const steps = automaAction()?.choices[0]?.preview?.steps || [];
  const ids = new Set((store.board?.spaces || []).map((sp) => sp.id));
  for (const step of [...steps].reverse()) {
    if (!step.done) continue;
    const found = [...String(step.reason || '').matchAll(/→ ([A-Z0-9-]+)/g)].map((m) => m[1]).filter((id) => ids.has(id));
    if (found.length) return found.at(-1);
  }
  return null;
}

/** The building spaces (The Leeghwater Project) the chosen Build may use: id → selected. */
function buildingSpaces() {
  const out = new Map();
  if (!store.options || store.options.pending || store.ui.action !== 'build') return out;
  const selected = currentChoices(store.options, store.ui)[store.ui.choice];
  for (const c of currentChoices(store.options, { ...store.ui, space: null })) {
    if (c.command?.structure === 'building' && c.space) out.set(c.space, selected?.space === c.space);
  }
  return out;
}

function legalSpaces() {
  const out = new Map();
  // overruling the Automa with an action chosen: the map shows that action's legal spaces
  const overruling = store.ui.automaOverride && store.ui.action;
  const target = !store.state?.finished && !overruling && automaTarget();
  if (target) {
    const company = automaAction()?.choices[0]?.command?.player;
    const who = store.state?.players?.[company]?.kind === 'automa' ? t('Automa') : companyName(company);
    // its chip, tapped, says the Automa's placement rule (automa.md §8.2)
    out.set(target, { text: t('{who} builds here', { who }), parts: [{ text: who }], selected: true, why: { key: 'construction', group: 'automa', label: t('{who} builds here', { who }) } });
    return out;
  }
  if (!store.options || (!store.ui.action && !store.options.pending)) return out;
  const all = currentChoices(store.options, { ...store.ui, space: null });
  const selected = currentChoices(store.options, store.ui)[store.ui.choice];
  const system = selected?.command?.type === 'produce' ? selected.command : null;
  if (system) {
    // the chosen production system on the map: its dam, conduit and powerhouse
    for (const [id, text] of [[system.dam, t('Produces through this dam')], [system.conduit, t('Produces through this conduit')], [system.powerhouse, t('Produces through this powerhouse')]]) {
      if (id) out.set(id, { text, parts: [], selected: true }); // no chip: the drop count stays readable
    }
    return out;
  }
  for (const c of all) {
    if (!c.space || out.has(c.space)) continue;
    // the selected space's cost chip, tapped, says the rules behind the cost (issue 13)
    const why = { key: choiceKey(c.command), group: 'choices', label: choiceLabel(c), facts: choiceFacts(c) };
    out.set(c.space, { text: `${choiceLabel(c)} ${mapChip(c)}`.trim(), parts: mapChipParts(c), selected: selected?.space === c.space, why });
  }
  return out;
}

/** Whether this device records whoever acts (the tablet, or a phone with no company). */
function actsForAll() {
  return !phone.matches || !store.me;
}

function canAct() {
  if (actsForAll()) return true;
  const who = store.options?.pending ? store.options.pending.player : store.options?.player;
  return !who || who === store.me;
}

function automaAction() {
  return (store.options?.actions || []).find((a) => a.type === 'automa_turn' && a.choices?.length);
}

/** Where the done step lands ("→ C6R, criteria most powerful"), without repeating its name. */
function doneWhere(step) {
  const reason = String(step.reason || '');
  if (!reason) return '';
  const rest = reason.startsWith(step.action) ? reason.slice(step.action.length).replace(/^[:;,\s]+/, '') : reason;
  return rest ? ` — ${rest}` : '';
}

/** Why the Automa skipped an action of its tile. */
function skipped(step) {
  const why = t('skipped: {reason}', { reason: step.reason });
  return ` — ${why}`;
}

function automaTile(preview) {
  // a clean drawing of the Automa action tile: its actions in order, the one done marked
  const steps = preview.steps || [];
  const tile = el('figure', { class: 'automa-tile', 'aria-label': t('Automa action tile {tile}', { tile: preview.tile ?? '' }) },
    el('figcaption', { text: preview.criteria_tile !== undefined ? t('Tile {tile} · criteria of tile {criteria}', { tile: preview.tile ?? '?', criteria: preview.criteria_tile }) : t('Tile {tile}', { tile: preview.tile ?? '?' }) }),
    el('ol', {}, ...steps.map((step) => el('li', { class: step.done ? 'done' : 'skipped' },
      // why it was done or skipped: the Automa rules of that action (automa.md §4-§8); first,
      // so it floats at the right of the action's first line
      whyButton(step.kind, step.action, 'automa', `${step.action}${humanize(step.done ? doneWhere(step) : skipped(step))}`),
      el('span', { class: 'mark', 'aria-hidden': 'true', text: step.done ? '✓' : '✗' }),
      el('strong', { text: step.action }),
      el('span', { text: humanize(step.done ? doneWhere(step) : skipped(step)) })))));
  return tile;
}

/** Every other move the Automa could legally make now, in a person's option form (issue 10). */
function overrideActions() {
  return (store.options?.actions || []).filter((a) => a.type !== 'automa_turn' && a.enabled !== false && a.choices?.length);
}

function renderAutoma(state) {
  const panel = $('automa');
  const action = automaAction();
  if (!action || state.finished) {
    panel.hidden = true;
    return false;
  }
  const choice = action.choices[0];
  const company = choice.command.player;
  const p = state.players[company];
  const preview = choice.preview || {};
  const steps = preview.steps || [];
  // what it does, in one plain line per action done; the criteria trace one tap away
  const done = steps.filter((step) => step.done);
  const plain = done.length ? done.map((step) => ({ text: humanize(step.plain || step.reason), kind: step.kind }))
    : (preview.lines || []).slice(preview.tile == null ? 0 : 1).map((line) => ({ text: humanize(line) })); // not the tile line
  const trace = (preview.lines || []).map((line) => humanize(line));
  // Mahiri Sekibo at a level-4 Automa: a person's opening of the round, played the Automa way
  const person = p && p.kind !== 'automa';
  const mover = person ? companyName(company) : t('the Automa');
  const others = overrideActions();
  panel.replaceChildren(
    el('h2', {}, badge(company), ` ${companyName(company)}${person ? '' : ` · ${t('Automa level {level}', { level: p?.automa_level ?? '?' })}`} — ${choice.label}`),
    person ? el('p', { class: 'automa-why', text: t('Mahiri Sekibo is with a level-4 Automa: the opening action of each round is played the Automa way, from a drawn Automa tile, with your own Engineers and Credits.') }) : '',
    el('ul', { class: 'automa-plain', 'aria-label': t('What {mover} does', { mover }) }, ...plain.map((line) => el('li', {}, el('span', { text: line.text }), whyButton(line.kind, line.text, 'automa', line.text)))),
    el('div', { class: 'row' },
      el('button', { type: 'button', class: 'primary', 'data-automa-apply': '', text: t('Apply') }),
      el('button', {
        type: 'button', 'data-automa-other': '', 'aria-expanded': store.ui.automaOverride ? 'true' : 'false',
        text: t('Choose another legal move'),
      })),
    store.ui.automaOverride && !others.length ? el('p', { class: 'why', text: t('The engine lists no other legal move for {mover} now.', { mover }) }) : '',
    (steps.length || trace.length) ? el('details', { class: 'automa-details' },
      el('summary', { text: t('Why: the tile and its criteria') }),
      steps.length ? automaTile(preview) : '',
      el('ol', { class: 'automa-trace', 'aria-label': t('What {mover} does and why', { mover }) }, ...trace.map((tx) => el('li', { text: tx })))) : '',
  );
  panel.hidden = false;
  return true;
}

/**
 * A render replaces the buttons it draws; a keyboard user keeps their place: focus goes to
 * the control that replaced the focused one (same action, choice or space), else to the
 * heading of the panel it was in (after Confirm, the turn's heading).
 */
function keepFocus(draw) {
  const active = document.activeElement;
  const selector = twinSelector(active);
  const panel = active?.closest?.('#action-bar, #automa, #scores');
  const scope = active?.closest?.('#sheet') ? $('sheet') : document;
  draw();
  if (!active || active === document.body || active.isConnected) return;
  const twin = selector ? scope.querySelector(selector) : null;
  if (twin && refocus(twin)) return;
  // the panel's heading, or (the Automa's panel closed after Apply) the next turn's
  const next = [panel, $('automa'), $('action-bar')].find((p) => p && !p.hidden);
  const heading = panel ? next?.querySelector('h2') : null;
  if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}

function render() {
  keepFocus(draw);
}

function draw() {
  const { state, options } = store;
  if (!state) return;
  $('offline').hidden = store.connected;
  renderHeader(state);
  const automaTurn = renderAutoma(state);
  if (state.finished) {
    renderScores($('scores'), state, store.gameId);
    $('action-bar').hidden = true;
  } else {
    $('scores').hidden = true;
    // overruling the Automa: its other legal moves in the action bar, as a person's are
    const overruling = automaTurn && store.ui.automaOverride && overrideActions().length > 0;
    $('action-bar').hidden = automaTurn && !overruling;
    const shownOptions = automaTurn ? { ...options, actions: overrideActions() } : options;
    renderActionBar({ title: $('turn-title'), actions: $('actions'), why: $('why'), choices: $('choices'), confirm: $('confirm') }, state, shownOptions, store.ui, { canAct: canAct() });
  }
  renderMyBoard(state);
  renderCompanies(state);
  renderTrack($('track'), state);
  renderContracts($('offer'), state);
  const legal = legalSpaces();
  renderExtraBoard($('extra-board'), $('extra-title'), state, buildingSpaces());
  map?.update(state, legal);
  if (map) renderMapText(map.describe(state));
  if (sheetKind() === 'basin' && basinMap) basinMap.update(state, legal);
  if (sheetKind() === 'board') refreshBoardSheet();
}

/** The map's text alternative: each basin with its headstream, structures and drops. */
function renderMapText(basins) {
  $('map-text').replaceChildren(el('ul', {}, ...basins.filter((b) => b.lines.length)
    .map((b) => el('li', {}, el('strong', { text: `${b.name[0].toUpperCase()}${b.name.slice(1)}: ` }), b.lines.join('; ')))),
  basins.every((b) => !b.lines.length) ? el('p', { text: t('No structures and no drops on the map yet.') }) : '');
}

let basinMap = null;

/** A crowded basin opens enlarged: its legal spaces big enough to tap, named in board words. */
function openBasin(button) {
  const basin = button.dataset.crowded;
  const spaces = store.board.spaces.filter((s) => String(s.basin) === basin);
  const xs = spaces.map((s) => s.xy[0]);
  const ys = spaces.map((s) => s.xy[1]);
  const pad = 40;
  const box = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad, Math.max(...ys) - Math.min(...ys) + 2 * pad];
  const root = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  root.setAttribute('class', 'map');
  root.setAttribute('role', 'group');
  const name = store.board.basins.find((b) => String(b.id) === basin)?.name || t('basin {basin}', { basin });
  root.setAttribute('aria-label', t('{name}, enlarged', { name }));
  const legal = legalSpaces();
  const list = el('div', { class: 'choices', role: 'group', 'aria-label': t('Spaces of {name}', { name }) },
    ...spaces.filter((s) => legal.has(s.id)).map((s) => el('button', { type: 'button', class: 'choice', 'data-space': s.id },
      el('span', { class: 'label', text: s.name }), el('span', { class: 'chip', text: (legal.get(s.id).parts || []).map((p) => (p.icon ? `${p.n} ${p.icon}s` : p.text)).join(' ') }))));
  openSheet('basin', `${name[0].toUpperCase()}${name.slice(1)}`, [el('div', { class: 'basin-zoom' }, root, list)]);
  basinMap = createMap(root, store.board, { viewBox: box, zoomed: true });
  basinMap.update(store.state, legal);
}

// ---- sheets ------------------------------------------------------------------------------

/**
 * The table instructions of the last move in the strip under the actions: they never cover
 * the next move, and the next move replaces them (no "Done" tap). `title` names what they are
 * for ("Put the board back" after an undo).
 */
function showInstructions(instructions, version, title = t('Do this at the table')) {
  if (!instructions?.length || version <= shownInstructionsVersion) return;
  shownInstructionsVersion = version;
  lastInstructions = instructions;
  renderInstructions($('strip-list'), instructions);
  $('strip-title').textContent = title;
  const drops = instructions.some((step) => step.animate?.path?.length);
  $('strip-replay').hidden = !drops;
  $('table-strip').hidden = false;
  if (sheetKind() === 'instructions') closeSheet();
  if (map && drops) animateAll(map, instructions);
}

const ZOOMS = [1, 1.5, 2, 3];
let zoomLevel = 0;

/** The zoom control: the map grows inside its scroll box, so taps still land true. */
function zoomMap(delta) {
  const box = $('map-scroll');
  const before = ZOOMS[zoomLevel];
  zoomLevel = delta === 0 ? 0 : Math.max(0, Math.min(ZOOMS.length - 1, zoomLevel + delta));
  const after = ZOOMS[zoomLevel];
  // keep the middle of what is shown in the middle
  const cx = (box.scrollLeft + box.clientWidth / 2) / before;
  const cy = (box.scrollTop + box.clientHeight / 2) / before;
  $('map').style.setProperty('--map-zoom', after);
  box.scrollLeft = cx * after - box.clientWidth / 2;
  box.scrollTop = cy * after - box.clientHeight / 2;
  map?.refit();
}

function hideStrip() {
  $('table-strip').hidden = true;
}

let boardCompany = null;
function refreshBoardSheet() {
  const p = store.state?.players?.[boardCompany];
  if (!p) return;
  const body = document.getElementById('sheet-body');
  renderBoard(body, p, companyExpansion(store.state, boardCompany));
}

async function openUndo() {
  openSheet('undo', t('Undo the last action?'), [el('p', { text: t('Loading what will be reverted…') })]);
  try {
    const preview = await api.undoPreview(store.gameId);
    const reverse = el('ol', { class: 'instructions', 'aria-label': t('To put the board back') });
    renderInstructions(reverse, preview.reverse || []);
    openSheet('undo', t('Undo the last action?'), [...undoPreviewNodes(preview),
      ...(preview.reverse?.length ? [el('h3', { text: t('Then put the board back:') }), reverse] : [])], [
      el('button', { type: 'button', 'data-close-sheet': '', text: t('Keep it') }),
      el('button', { type: 'button', class: 'danger primary', 'data-open': 'undo-confirm', text: t('Undo') }),
    ]);
  } catch (error) {
    openSheet('undo', t('Nothing to undo'), [el('p', { text: error.body?.message || error.message })], [el('button', { type: 'button', 'data-close-sheet': '', text: t('Close') })]);
  }
}

async function confirmUndo(button) {
  button.disabled = true;
  try {
    const result = await api.undo(store.gameId, store.version);
    await takeUpdate(result);
    closeSheet();
    if (result.reverse?.length) showInstructions(result.reverse, result.version, t('Undone — put the board back'));
    else hideStrip();
    shownInstructionsVersion = Math.max(shownInstructionsVersion, result.version);
    toast(t('Undone.'));
  } catch (error) {
    if (error.status === 409) await reload();
    toast(error.body?.message || error.message, true);
    button.disabled = false;
  }
}

async function openLog() {
  const box = el('div', {}, el('p', { text: t('Loading the log…') }));
  openSheet('log', t('Log'), [box]);
  try {
    const log = await api.log(store.gameId);
    store.log = log;
    renderLog(box, log);
  } catch (error) {
    renderLog(box, store.log);
  }
}

function openCorrection() {
  const form = correctionForm(store.state, store.board);
  openSheet('correct', t('Correct a value'), [form], [
    el('button', { type: 'button', 'data-close-sheet': '', text: t('Cancel') }),
    el('button', { type: 'button', class: 'primary', 'data-open': 'correct-send', text: t('Apply correction') }),
  ]);
}

/** A game begun on paper: enter its position once, then the app tracks it. */
function openPosition() {
  openSheet('position', t('Where your game stands'), [positionForm(store.state, store.board)], [
    el('button', { type: 'button', 'data-close-sheet': '', text: t('Later') }),
    el('button', { type: 'button', class: 'primary', 'data-open': 'position-send', text: t('Start tracking from here') }),
  ]);
}

async function sendPosition() {
  const form = document.getElementById('position-form');
  const result = await send(positionCommand(form, store.state));
  if (result) {
    closeSheet();
    history.replaceState(null, '', location.pathname);
    toast(t('Position entered: the app tracks the game from here.'));
  }
}

async function sendCorrection() {
  const form = document.getElementById('correction-form');
  if (!form.reportValidity()) return;
  const result = await send(correctionCommand(form));
  if (result) {
    closeSheet();
    toast(t('Correction logged.'));
  }
}

function openMenu() {
  const seats = Object.keys(store.state?.players || {});
  const claim = el('div', { class: 'row', role: 'group', 'aria-label': t('This device plays') },
    ...seats.map((c) => el('button', { type: 'button', 'data-open': 'claim', 'data-company': c, 'aria-pressed': store.me === c ? 'true' : 'false' }, badge(c), ` ${companyName(c)}`)));
  const nodes = [];
  const qr = el('img', { alt: t('QR code to join this game') });
  if (store.joinCode) {
    nodes.push(el('p', {}, `${t('Join code:')} `, el('span', { class: 'join-code', text: store.joinCode })),
      el('div', { class: 'qr' }, qr));
    loadQr(qr, api.qrUrl(store.gameId));
  }
  nodes.push(el('h3', { text: t('This device plays') }), claim, el('p', { class: 'row' },
    el('a', { class: 'button', href: `/audit/games/${encodeURIComponent(store.gameId)}`, text: t('Score audit') }),
    el('a', { class: 'button', href: '/', text: t('All games (home)') }),
    el('a', { class: 'button', href: '/glossary', text: t('Glossary') })),
  el('h3', { text: t('Language') }), languageSwitch());
  openSheet('menu', t('Game'), nodes);
}

async function claimSeat(button) {
  const company = button.dataset.company;
  try {
    await api.claim(store.gameId, company);
  } catch (error) {
    if (error.status !== 404) {
      toast(error.body?.message || error.message, true);
      return;
    }
  }
  store.me = company;
  localStorage.setItem(`barrage:me:${store.gameId}`, company);
  closeSheet();
  toast(t('This device plays {company}.', { company: companyName(company) }));
  notify();
}

async function automaMove() {
  const choice = automaAction()?.choices[0];
  if (choice) await send(choice.command);
}

function open(kind, button) {
  if (kind === 'close') return closeSheet();
  if (kind === 'close-strip') return hideStrip();
  if (kind === 'map-zoom') return zoomMap(Number(button.dataset.mapZoom));
  if (kind === 'basin') return openBasin(button);
  if (kind === 'automa-apply') return automaMove();
  if (kind === 'automa-other') {
    store.ui.automaOverride = !store.ui.automaOverride;
    return notify();
  }
  if (kind === 'undo') return openUndo();
  if (kind === 'undo-confirm') return confirmUndo(button);
  if (kind === 'log') return openLog();
  if (kind === 'correct') return openCorrection();
  if (kind === 'correct-send') return sendCorrection();
  if (kind === 'position-send') return sendPosition();
  if (kind === 'menu') return openMenu();
  if (kind === 'claim') return claimSeat(button);
  if (kind === 'replay') return map && animateAll(map, lastInstructions);
  if (kind === 'why') return openSheet('why', t('The rule behind it'), ruleNodes(rulesFor(button.dataset.whyGroup || 'instructions', button.dataset.why), button.dataset.whyFacts || ''));
  if (kind === 'step') {
    const step = lastInstructions[Number(button.dataset.step)];
    return step?.animate?.path && map?.animate(step.animate.path, step.animate.drops ?? 1);
  }
  if (kind === 'board') {
    boardCompany = button.dataset.openBoard;
    openSheet('board', t('{company} — company board', { company: companyName(boardCompany) }), []);
    return refreshBoardSheet();
  }
  if (kind === 'ledger') {
    const p = store.state.players[button.dataset.ledger];
    return openSheet('ledger', `${companyName(p.company)} · ${sourceLabel(button.dataset.category)}`, ledgerNodes(p, button.dataset.category));
  }
  return null;
}

// ---- loading and live updates -----------------------------------------------------------------

async function reload() {
  const game = await api.game(store.gameId);
  store.version = Math.min(store.version, game.version - 1); // always take the server's view
  applyUpdate(game);
}

let updates = Promise.resolve();
let catchUpTimer = null;

/** Take a reply or a `game_updated` (what changed) in arrival order; true when applied.
 * Never fails: an update that could not be completed (the network dropped while asking for
 * the options) leaves the page to catch up with the whole view as soon as it can. */
function takeUpdate(payload) {
  const taken = updates.then(() => applyChanged(payload)).catch(() => {
    catchUpLater();
    return false;
  });
  updates = taken;
  return taken;
}

/** Ask for the whole view again in a moment, and again, until the server answers. */
function catchUpLater() {
  if (catchUpTimer) return;
  catchUpTimer = setTimeout(async () => {
    catchUpTimer = null;
    try {
      await reload();
    } catch {
      catchUpLater();
    }
  }, 1500);
}

async function applyChanged(payload) {
  if (!payload || payload.version <= store.version) return false;
  if (!payload.changes) return applyUpdate(payload);
  // changes made from a version this device does not hold: take the whole view instead
  if (!canApply(payload)) return reload().then(() => false);
  const options = await optionsFor(payload);
  if (!options) return reload().then(() => false); // the game moved on while asking
  return applyUpdate({ ...payload, options });
}

/** The legal options of the new version, asked for only by a device that may act on it
 * (the tablet, or the phone whose company acts); the state and its options show together. */
async function optionsFor(payload) {
  if (payload.options) return payload.options; // asked with this device's own tap
  const toAct = payload.to_act || [];
  if (actsForAll() || toAct.includes(store.me)) {
    const answer = await api.options(store.gameId);
    return answer.version === payload.version ? answer.options : null;
  }
  // another company acts: this phone shows whose turn or question it is, with no choices
  const changed = payload.changes.find(([path]) => path.length === 1 && path[0] === 'pending');
  const pending = (changed ? changed[1] : store.state?.pending) || [];
  const top = pending[pending.length - 1];
  return {
    player: toAct[0] ?? null,
    actions: [],
    overrides: [],
    pending: top ? { player: top.player, kind: top.kind, reason: top.reason, choices: [] } : null,
  };
}

function notJoined(error) {
  const main = el('main', { class: 'page' }, el('section', { class: 'card' },
    el('h1', { text: t('Join this game first') }),
    el('p', { text: error.body?.message || t('This device has not joined the game. Enter the join code shown on the tablet.') }),
    el('a', { class: 'button primary', href: '/join', text: t('Enter the join code') })));
  document.body.classList.remove('game');
  document.body.replaceChildren(main);
}

async function start() {
  listen();
  installDismiss();
  setHooks({ toast, instructions: showInstructions, open, reload, update: takeUpdate, actsNext: actsForAll });
  scriptReady();
  subscribe(render);
  phone.addEventListener?.('change', () => notify());
  let board;
  let game;
  try {
    [board, game] = await Promise.all([api.board(), api.game(store.gameId)]);
  } catch (error) {
    if (error instanceof ApiError && [401, 403, 404].includes(error.status)) return notJoined(error);
    toast(t('Could not load the game. Is the server running?'), true);
    throw error;
  }
  store.board = board;
  setPlaceNames(board);
  map = createMap($('map'), board);
  // a list item that names a space shows it on the map while it is focused or pointed at
  for (const type of ['focusin', 'pointerover']) {
    document.addEventListener(type, (event) => {
      const ref = event.target.closest?.('[data-space-ref]');
      map.highlight(ref?.dataset.spaceRef ?? null);
    });
  }
  shownInstructionsVersion = game.version;
  applyUpdate(game);
  // a game that has just been set up opens with the setup's table instructions
  const first = game.instructions ?? (game.version === 0 ? game.setup_outcome?.instructions : null);
  if (first?.length && location.hash !== '#position') showInstructions(first, game.version + 0.5);
  if (location.hash === '#position') openPosition();
  const socket = await connectGame(store.gameId, {
    onUpdate: async (payload) => {
      if (payload.version === tapInFlight()) return; // this device's tap: its answer brings it
      if (await takeUpdate(payload)) showInstructions(payload.instructions ?? payload.record?.instructions, payload.version);
    },
    onStatus: (connected) => setConnected(connected),
    onReconnect: () => reload(),
    onJoined: (view) => takeUpdate(view),
    poll: () => reload(),
  });
  useSocket(socket);
}

clearSelection();
start();
