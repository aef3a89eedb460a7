// DOM events → command payloads. Every payload is a `command` the server listed as legal
// (optionally with a number inside the server's `range`), or a correction the engine validates.
import { api, ApiError } from './api.js';
import { applyUpdate, clearSelection, notify, select, store } from './store.js';
import { ARCHITECT_TYPES, currentChoices, resolved } from './render/actions.js';
import { actionLabel } from './names.js';
import { t } from './i18n.js';

let hooks = {
  toast: () => {}, instructions: () => {}, open: () => {}, reload: async () => {}, update: async (p) => applyUpdate(p),
  actsNext: () => true,
};

/** Wire the hooks main.js provides (toast, instructions sheet, other sheets, reload,
 * update: take what changed, with the options when this device acts, and actsNext: whether
 * this device acts whoever's turn comes, so its tap asks for the next options too). */
export function setHooks(h) {
  hooks = { ...hooks, ...h };
}

/** Build the payload for the selected choice: its ready command plus the stepper's number. */
export function payloadFor(choice, amount) {
  if (choice.variants) return { ...resolved(choice, amount).command };
  const command = { ...choice.command };
  if (choice.range) command[choice.range.field] = amount ?? choice.range.min;
  return command;
}

// The version this device's tap in flight makes: its broadcast is left to the tap's answer,
// which carries the same changes (and the next options, when asked) a moment later.
let tapping = null;

/** The version the tap this device is waiting on makes, or null. */
export const tapInFlight = () => tapping;

/** POST a command with the version this device saw; explain a refusal in the game's words. */
export async function send(command) {
  tapping = store.version + 1;
  try {
    const result = await api.command(store.gameId, command, store.version, hooks.actsNext());
    await hooks.update(result);
    hooks.instructions(result.instructions, result.version);
    return result;
  } catch (error) {
    if (!(error instanceof ApiError)) {
      hooks.toast(t('Could not reach the server; your move was not recorded. Try again when “Reconnecting…” disappears.'), true);
      hooks.reload().catch(() => {}); // its broadcast, if it came, was left to this answer
      throw error;
    }
    if (error.status === 409) {
      await hooks.reload();
      hooks.toast(t('The game changed on another device — this is the latest state. Check it and try again.'), true);
    } else {
      hooks.toast(error.body?.message || error.message, true);
    }
    return null;
  } finally {
    tapping = null;
  }
}

function action(type) {
  return (store.options?.actions || []).find((a) => a.type === type);
}

function onAction(button) {
  const type = button.dataset.action;
  const a = action(type);
  if (button.getAttribute('aria-disabled') === 'true') {
    const why = a?.why || (a?.enabled === false ? t('{action} is not possible now.', { action: actionLabel(type) }) : t('It is not your turn on this device.'));
    select({ action: null, choice: null, space: null, why });
    return;
  }
  if (store.ui.action === type) {
    select({ action: null, choice: null, space: null, why: null });
    return;
  }
  const choices = currentChoices(store.options, { action: type });
  // one possible choice: select it at once, so the second tap is "Confirm"
  const only = choices.length === 1 ? 0 : null;
  select({ action: type, choice: only, space: null, why: null, amount: only === 0 ? initialAmount(choices[0]) : null });
}

function onChoice(index) {
  const choices = currentChoices(store.options, store.ui);
  const choice = choices[index];
  if (!choice) return;
  select({ choice: index, amount: initialAmount(choice) });
}

function initialAmount(choice) {
  if (choice.variants) return choice.variants.length - 1; // the most drops first
  return choice.range ? (choice.range.default ?? choice.range.min) : null;
}

function onSpace(spaceId) {
  const all = currentChoices(store.options, { ...store.ui, space: null });
  const matching = all.filter((c) => c.space === spaceId);
  if (!matching.length) return;
  if (matching.length === 1) {
    select({ space: spaceId, choice: 0, amount: initialAmount(matching[0]) });
  } else {
    select({ space: spaceId, choice: null });
  }
}

/** A tap on a crowded basin of the whole map opens it enlarged; elsewhere it picks the space. */
function onSpaceTap(target) {
  if (target.dataset.crowded && !target.closest('.basin-zoom')) {
    hooks.open('basin', target);
    return;
  }
  onSpace(target.dataset.space);
  if (target.closest('.basin-zoom')) hooks.open('close');
}

async function onConfirm(button) {
  const choices = currentChoices(store.options, store.ui);
  const choice = choices[store.ui.choice];
  if (!choice) return;
  // a disabled button drops the focus to the page's top: a keyboard user waits on the
  // turn's heading instead, where the next move starts
  if (document.activeElement === button) {
    const heading = button.closest('.action-bar')?.querySelector('h2');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }
  button.disabled = true;
  try {
    const command = payloadFor(choice, store.ui.amount);
    // Tommaso Battista's Architect goes with this action (the switch in the confirm bar)
    if (store.ui.architect && store.options?.architect && ARCHITECT_TYPES.has(command.type)) command.architect = true;
    await send(command);
  } finally {
    button.disabled = false;
  }
}

function onStep(delta) {
  const choice = currentChoices(store.options, store.ui)[store.ui.choice];
  if (choice?.variants) {
    select({ amount: Math.max(0, Math.min(choice.variants.length - 1, (store.ui.amount ?? 0) + delta)) });
    return;
  }
  if (!choice?.range) return;
  const { min, max } = choice.range;
  select({ amount: Math.max(min, Math.min(max, (store.ui.amount ?? min) + delta)) });
}

const HANDLERS = [
  ['[data-action]', (b) => onAction(b)],
  ['[data-choice]', (b) => onChoice(Number(b.dataset.choice))],
  ['[data-space]', (b) => onSpaceTap(b)],
  ['[data-confirm]', (b) => onConfirm(b)],
  ['[data-architect]', (b) => select({ architect: b.checked })],
  ['[data-cancel]', () => { clearSelection(); notify(); }],
  ['[data-clear-space]', () => select({ space: null, choice: null })],
  ['[data-group-space]', (b) => select({ space: b.dataset.groupSpace, choice: null })],
  ['[data-step-amount]', (b) => onStep(Number(b.dataset.stepAmount))],
  ['[data-open]', (b) => hooks.open(b.dataset.open, b)],
  ['[data-automa-apply]', (b) => hooks.open('automa-apply', b)],
  ['[data-automa-other]', (b) => hooks.open('automa-other', b)],
  ['[data-open-board]', (b) => hooks.open('board', b)],
  ['[data-ledger]', (b) => hooks.open('ledger', b)],
  ['[data-close-sheet]', () => hooks.open('close')],
  ['[data-close-strip]', () => hooks.open('close-strip')],
  ['[data-map-zoom]', (b) => hooks.open('map-zoom', b)],
  ['[data-step]', (b) => hooks.open('step', b)],
  ['[data-print]', () => window.print()],
];

function dispatch(event) {
  for (const [selector, handler] of HANDLERS) {
    const target = event.target.closest(selector);
    if (target) {
      handler(target, event);
      return;
    }
  }
}

/** Listen once on the document (event delegation through data-* attributes). */
export function listen() {
  document.addEventListener('click', dispatch);
  document.addEventListener('keydown', (event) => {
    // SVG spaces and the map's "?" chip are role=button: Enter and Space activate them like buttons
    if ((event.key === 'Enter' || event.key === ' ') && event.target.closest?.('svg [data-space][role="button"], svg [data-open][role="button"]')) {
      event.preventDefault();
      dispatch(event);
    }
  });
}
