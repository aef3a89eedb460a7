// The action bar: the active player's actions, the legal choices of the selected one with their
// previews, the confirm bar; plus pending decisions. Everything comes from the server's options.
import { el, fill } from '../dom.js';
import { actionLabel, companyName } from '../names.js';
import { badge } from './company.js';

/** Chips of a choice preview: strings, {text, kind} objects, or a preview dict. */
export function previewChips(choice) {
  const p = choice.preview;
  if (!p) return [];
  if (typeof p === 'string') return [{ text: p }];
  if (Array.isArray(p)) return p.map((c) => (typeof c === 'string' ? { text: c } : c));
  const chips = [];
  const push = (text, kind) => { if (text !== undefined && text !== null && text !== '') chips.push({ text: String(text), kind }); };
  if (Array.isArray(p.cost)) p.cost.forEach((c) => push(typeof c === 'string' ? c : c.text ?? c.label, 'cost'));
  else if (p.cost && typeof p.cost === 'object') Object.entries(p.cost).forEach(([k, v]) => v && push(`${v} ${k}`, 'cost'));
  else push(p.cost, 'cost');
  if (Array.isArray(p.chips)) p.chips.forEach((c) => push(typeof c === 'string' ? c : c.text ?? c.label, c.kind));
  if (p.energy !== undefined) push(`${p.energy} energy`, 'gain');
  if (p.drops !== undefined) push(`${p.drops} drop${p.drops === 1 ? '' : 's'}`);
  if (Array.isArray(p.payments)) p.payments.forEach((x) => push(typeof x === 'string' ? x : `pays ${companyName(x.to ?? x.company)} ${x.credits}₵`, 'cost'));
  if (Array.isArray(p.contracts) && p.contracts.length) push(`fulfils ${p.contracts.map((c) => (typeof c === 'string' ? c : c.id)).join('/')}`, 'gain');
  if (typeof p.text === 'string') push(p.text);
  return chips;
}

export function choiceLabel(choice) {
  if (choice.label) return choice.label;
  if (typeof choice.preview === 'object' && choice.preview?.label) return choice.preview.label;
  return choice.space ?? JSON.stringify(choice.command);
}

/** The short text drawn on the map next to a legal space. */
export function mapChip(choice) {
  if (choice.chip) return choice.chip;
  const cost = previewChips(choice).filter((c) => c.kind === 'cost').map((c) => c.text);
  const text = (cost.length ? cost : previewChips(choice).map((c) => c.text)).join(' ');
  return text.length > 16 ? `${text.slice(0, 15)}…` : text;
}

function choiceButton(choice, index, selected, dataName) {
  const label = choiceLabel(choice);
  const chips = previewChips(choice);
  const button = el('button', {
    type: 'button', class: 'choice', role: 'listitem',
    'aria-pressed': selected ? 'true' : 'false',
    'aria-label': [label, ...chips.map((c) => c.text)].join(', '),
  });
  button.dataset[dataName] = String(index);
  button.append(el('span', { class: 'label', text: label }), ...chips.map((c) => el('span', { class: `chip ${c.kind || ''}`, text: c.text })));
  return button;
}

function confirmBar(root, choice, amount) {
  const summary = el('span', { class: 'summary', text: choiceLabel(choice) });
  const parts = [summary];
  if (choice.range) {
    const { min, max, field } = choice.range;
    parts.push(el('span', { class: 'stepper', role: 'group', 'aria-label': field },
      el('button', { type: 'button', 'data-step-amount': '-1', 'aria-label': `Fewer ${field}`, disabled: amount <= min, text: '−' }),
      el('output', { 'aria-live': 'polite', text: amount }),
      el('button', { type: 'button', 'data-step-amount': '1', 'aria-label': `More ${field}`, disabled: amount >= max, text: '+' })));
  }
  parts.push(el('button', { type: 'button', 'data-cancel': '', text: 'Cancel' }));
  parts.push(el('button', { type: 'button', class: 'primary', 'data-confirm': '', text: 'Confirm' }));
  fill(root, ...parts);
  root.hidden = false;
}

/** The choices to show now: the pending decision's, or the selected action's (optionally one space). */
export function currentChoices(options, ui) {
  if (options?.pending) return options.pending.choices || [];
  const action = (options?.actions || []).find((a) => a.type === ui.action);
  const choices = action?.choices || [];
  return ui.space ? choices.filter((c) => c.space === ui.space) : choices;
}

/**
 * Render the action bar. `canAct` is false on a phone whose company is not the one to act.
 */
export function renderActionBar(dom, state, options, ui, { canAct = true } = {}) {
  const who = options?.pending?.player ?? options?.player ?? state.active;
  const player = who ? state.players?.[who] : null;
  fill(dom.title, who ? badge(who) : '', who ? `${companyName(who)}${options?.pending ? ' must decide' : '’s turn'}` : phaseTitle(state));
  if (player && !options?.pending) dom.title.append(el('span', { class: 'chip', text: `${player.engineers} engineers left` }));
  dom.why.hidden = !ui.why;
  dom.why.textContent = ui.why || '';

  const actions = options?.pending ? [] : options?.actions || [];
  fill(dom.actions, ...actions.map((a) => el('button', {
    type: 'button',
    'data-action': a.type,
    'aria-pressed': ui.action === a.type ? 'true' : 'false',
    'aria-disabled': a.enabled === false || !canAct ? 'true' : 'false',
    'aria-label': a.enabled === false && a.why ? `${actionLabel(a.type)} (not possible: ${a.why})` : actionLabel(a.type),
    text: a.label || actionLabel(a.type),
  })));
  if (options?.pending) {
    dom.actions.append(el('p', { text: options.pending.reason || options.pending.text || pendingTitle(options.pending) }));
  }
  const showChoices = options?.pending || ui.action;
  const choices = showChoices && canAct ? currentChoices(options, ui) : [];
  const dataName = 'choice';
  fill(dom.choices, ...choices.map((c, i) => choiceButton(c, i, ui.choice === i, dataName)));
  if (ui.space) dom.choices.prepend(el('button', { type: 'button', class: 'choice', 'data-clear-space': '', text: `Only ${ui.space} — show every space` }));
  const chosen = ui.choice !== null && ui.choice !== undefined ? choices[ui.choice] : null;
  if (chosen) confirmBar(dom.confirm, chosen, ui.amount);
  else {
    dom.confirm.hidden = true;
    dom.confirm.replaceChildren();
  }
}

function pendingTitle(pending) {
  return `Decision: ${String(pending.kind || '').replaceAll('_', ' ')}`;
}

function phaseTitle(state) {
  if (state.finished) return 'The game is over';
  return 'Waiting for the table';
}
