// The action bar: the active player's actions, the legal choices of the selected one with their
// previews, the confirm bar; plus pending decisions. Everything comes from the server's options.
import { el, fill } from '../dom.js';
import { actionLabel, advancedText, companyName, contract, externalWork, externalWorkText, humanize, officer, placeName, rewardText } from '../names.js';
import { badge } from './company.js';
import { t } from '../i18n.js';
import { choiceKey, whyButton } from './why.js';

const CHIP_WORDS = {
  engineers: (n) => t('{n} Eng.', { n }),
  excavators: (n) => t('{n} Exc.', { n }),
  excavator: (n) => t('+{n} Exc.', { n }),
  mixers: (n) => t('{n} Mix.', { n }),
  mixer: (n) => t('+{n} Mix.', { n }),
  credits: (n) => `${n}₵`,
  vp: (n) => t('{n} VP', { n }),
  energy: (n) => t('{n} energy', { n }),
  segments: (n) => t('turn wheel {n}', { n }),
  drops: (n) => (n === 1 ? t('1 drop') : t('{n} drops', { n })),
};
const COST_KINDS = new Set(['engineers', 'excavators', 'mixers', 'credits']);
// Tommaso Battista's Architect may be one of the Engineers of any action that places them
// (The Leeghwater Project, Appendix 4; docs/commands.md: `"architect": true`)
export const ARCHITECT_TYPES = new Set(['build', 'produce', 'water', 'bank', 'workshop', 'buy_machinery', 'take_contracts', 'patent', 'external_work', 'building_action']);
const NOT_CHIPS = new Set(['max_drops', 'n', 'round', 'slot', 'index']);

function chipOf(kind, n) {
  const word = CHIP_WORDS[kind];
  return { text: word ? word(n) : `${n} ${kind}`, kind: COST_KINDS.has(kind) ? 'cost' : 'gain' };
}

const either = (first, second) => t('{first} or {second}', { first, second });

function payments(pays) {
  if (!pays) return [];
  const list = Array.isArray(pays) ? pays
    : 'credits' in pays ? [pays] // one payment {owner, credits}
      : Object.entries(pays).map(([to, credits]) => ({ to, credits }));
  return list.filter((x) => x && (typeof x === 'string' || x.credits)).map((x) => ({
    text: typeof x === 'string' ? x : t('pays {company} {credits}', { company: companyName(x.to ?? x.company ?? x.owner), credits: `${x.credits}₵` }), kind: 'cost',
  }));
}

/** Chips of a choice preview (engine shapes: {chips:[{kind,n}], text} or named numbers). */
export function previewChips(choice) {
  const p = choice.preview;
  if (!p) return [];
  if (typeof p === 'string') return [{ text: p }];
  if (Array.isArray(p)) return p.map((c) => (typeof c === 'string' ? { text: c } : c));
  if (Array.isArray(p.chips)) {
    return p.chips.map((c) => (typeof c === 'string' ? { text: c } : c.text ? c : chipOf(c.kind, c.n)));
  }
  const chips = [];
  for (const [key, value] of Object.entries(p)) {
    // max_drops is said by the label ("up to 2 drops") and the drop stepper
    if (typeof value === 'number' && value && !NOT_CHIPS.has(key)) chips.push(chipOf(key, value));
  }
  chips.push(...payments(p.pays ?? p.payments));
  if (Array.isArray(p.contracts) && p.contracts.length) {
    const ids = p.contracts.map((c) => (typeof c === 'string' ? c : c.id));
    const chosen = choice.command?.contract ?? choice.command?.contracts;
    if (choice.command?.type === 'produce') {
      // a production lists the contracts it could fulfil; the command says which one it does
      if (chosen) chips.push({ text: t('fulfils {contract}', { contract: [chosen].flat().join(' + ') }), kind: 'gain' });
      else chips.push({ text: t('could fulfil {contracts}', { contracts: ids.reduce(either) }) });
    } else chips.push({ text: ids.join(' + '), kind: 'gain' });
  }
  if (p.tile && !choiceLabel(choice).includes(humanize(String(p.tile)))) chips.push({ text: humanize(String(p.tile)), kind: 'gain' });
  return chips;
}

/** The preview's sentence, when the engine gives one ("A Base costs 3 Excavators in the Plains"). */
export function previewText(choice) {
  const p = typeof choice.preview === 'object' && choice.preview ? choice.preview : {};
  if (typeof p.text === 'string') return humanize(p.text);
  // a Patent Office tile: what it does (the label names it)
  if (typeof p.tile === 'string' && /^L\d_/.test(p.tile)) return advancedText(p.tile).replace(/^[^:]*:\s*/, '');
  return '';
}

export function choiceLabel(choice) {
  // a drawn External Work (table deals refill the row) is named by its printed cost and reward
  const tile = choice.command?.answer?.tile;
  if (typeof tile === 'string' && externalWork(tile) && choice.label === tile) return externalWorkText(tile);
  if (choice.label) return humanize(choice.label);
  if (typeof choice.preview === 'object' && choice.preview?.label) return humanize(choice.preview.label);
  return humanize(choice.space ?? JSON.stringify(choice.command));
}

/** What a choice costs and makes, in its chips' words: "6 Exc. · 3₵" (shown above its rules). */
export function choiceFacts(choice) {
  const chips = previewChips(choice).map((c) => c.text).filter(Boolean);
  return chips.length ? `${choiceLabel(choice)}: ${chips.join(' · ')}` : '';
}

const CHIP_ICONS = { excavators: 'excavator', mixers: 'mixer' };

/** The cost drawn on the map next to a legal space: [{icon, n} | {text}] (Engineers left out). */
export function mapChipParts(choice) {
  const chips = typeof choice.preview === 'object' && Array.isArray(choice.preview?.chips) ? choice.preview.chips : null;
  if (!chips) return [{ text: mapChip(choice) }];
  return chips.filter((c) => c.kind !== 'engineers' && c.n).map((c) => (CHIP_ICONS[c.kind]
    ? { icon: CHIP_ICONS[c.kind], n: c.n, label: chipOf(c.kind, c.n).text }
    : { text: c.kind === 'credits' ? `${c.n}₵` : chipOf(c.kind, c.n).text }));
}

/** The short text drawn on the map next to a legal space. */
export function mapChip(choice) {
  if (choice.chip) return choice.chip;
  const engineers = CHIP_WORDS.engineers('').trim(); // "Eng.": Engineers are not drawn on the map
  const chips = previewChips(choice).filter((c) => !c.text.endsWith(engineers));
  const cost = chips.filter((c) => c.kind === 'cost').map((c) => c.text);
  const text = (cost.length ? cost : chips.map((c) => c.text)).join(' ');
  return text.length > 16 ? `${text.slice(0, 15)}…` : text;
}

/** Facts a decision's answer names by id (a draft pick: the officer and the contract). */
function answerChips(choice, pending) {
  const answer = choice.command?.answer;
  if (!answer || typeof answer !== 'object') return [];
  const chips = [];
  const pair = (pending?.options?.pairs || []).find((x) => x.company === answer.company);
  if (pair?.officer) chips.push({ text: officer(pair.officer)?.name ?? pair.officer });
  if (typeof answer.contract === 'string' && contract(answer.contract)) {
    chips.push({ text: `${answer.contract}: ${rewardText(contract(answer.contract).reward)}`, kind: 'gain' });
  }
  return chips;
}

function choiceButton(choice, index, selected, dataName, pending = null) {
  const most = choice.variants?.at(-1);
  const label = most?.group_label ? humanize(most.group_label) : choiceLabel(most ?? choice);
  const chips = [...previewChips(choice), ...answerChips(choice, pending)];
  const button = el('button', {
    type: 'button', class: 'choice',
    'aria-pressed': selected ? 'true' : 'false',
  });
  button.dataset[dataName] = String(index);
  if (choice.space) button.dataset.spaceRef = choice.space;
  button.append(el('span', { class: 'label', text: label }), ...chips.map((c) => el('span', { class: `chip ${c.kind || ''}`, text: c.text })));
  const sentence = previewText(choice);
  if (sentence) button.append(el('span', { class: 'sentence', text: sentence }));
  return button;
}

/** The Architect's switch: only when the engine says the Architect may be named now. */
function architectSwitch(on) {
  return el('label', { class: 'architect' },
    el('input', { type: 'checkbox', 'data-architect': '', checked: on }), t('with the Architect'));
}

function confirmBar(root, choice, amount, architect = null) {
  const shownChoice = resolved(choice, amount);
  const summary = el('span', { class: 'summary', text: choiceLabel(shownChoice) });
  const parts = [summary];
  if (choice.variants) {
    const k = choice.variants.indexOf(shownChoice);
    parts.push(el('span', { class: 'stepper', role: 'group', 'aria-label': t('Drops') },
      el('button', { type: 'button', 'data-step-amount': '-1', 'aria-label': t('One drop fewer'), disabled: k <= 0, text: '−' }),
      el('output', { 'aria-live': 'polite', text: CHIP_WORDS.drops(shownChoice.command.drops) }),
      el('button', { type: 'button', 'data-step-amount': '1', 'aria-label': t('One drop more'), disabled: k >= choice.variants.length - 1, text: '+' })));
  } else if (choice.range) {
    const { min, max, field } = choice.range;
    parts.push(el('span', { class: 'stepper', role: 'group', 'aria-label': field },
      el('button', { type: 'button', 'data-step-amount': '-1', 'aria-label': t('Fewer {what}', { what: field }), disabled: amount <= min, text: '−' }),
      el('output', { 'aria-live': 'polite', text: amount }),
      el('button', { type: 'button', 'data-step-amount': '1', 'aria-label': t('More {what}', { what: field }), disabled: amount >= max, text: '+' })));
  }
  if (architect) parts.push(architectSwitch(architect.on));
  parts.push(whyButton(choiceKey(shownChoice.command), choiceLabel(shownChoice), 'choices', choiceFacts(shownChoice)));
  parts.push(el('button', { type: 'button', 'data-cancel': '', text: t('Cancel') }));
  parts.push(el('button', { type: 'button', class: 'primary', 'data-confirm': '', text: t('Confirm') }));
  fill(root, ...parts);
  root.hidden = false;
}

/**
 * Choices that differ only in the number of drops (a production system with 1, 2, 3 drops)
 * become one entry with `variants`, picked with a drop stepper; each variant is still one of
 * the server's ready commands.
 */
function collapseDrops(choices) {
  const out = [];
  const byKey = new Map();
  for (const c of choices) {
    if (typeof c.command?.drops !== 'number') {
      out.push(c);
      continue;
    }
    const { drops, ...rest } = c.command;
    const key = JSON.stringify([c.space, rest]);
    if (!byKey.has(key)) {
      const entry = { space: c.space, command: c.command, variants: [] };
      byKey.set(key, entry);
      out.push(entry);
    }
    byKey.get(key).variants.push(c);
  }
  return out.map((c) => {
    if (!c.variants) return c;
    if (c.variants.length < 2) return c.variants[0];
    c.variants.sort((a, b) => a.command.drops - b.command.drops);
    // the entry previews its largest production; the confirm bar shows the chosen one
    return { ...c.variants.at(-1), variants: c.variants };
  });
}

/** The choice as it stands with the stepper at `amount` (the chosen variant, if any). */
export function resolved(choice, amount) {
  if (!choice?.variants) return choice;
  return choice.variants[Math.max(0, Math.min(choice.variants.length - 1, amount ?? choice.variants.length - 1))];
}

/** The choices to show now: the pending decision's, or the selected action's (optionally one space). */
export function currentChoices(options, ui) {
  let choices;
  if (options?.pending) {
    // a decision that names a map space (a free structure) is answered on the map too
    // (the Netherlands' extra drop names its dam: answer.dam)
    const at = (c) => c.command?.answer?.space ?? c.command?.answer?.dam;
    choices = (options.pending.choices || []).map((c) => (c.space || typeof at(c) !== 'string' ? c : { ...c, space: at(c) }));
  } else {
    choices = (options?.actions || []).find((a) => a.type === ui.action)?.choices || [];
  }
  return collapseDrops(ui.space ? choices.filter((c) => c.space === ui.space) : choices);
}

/**
 * Render the action bar. `canAct` is false on a phone whose company is not the one to act.
 */
export function renderActionBar(dom, state, options, ui, { canAct = true } = {}) {
  const who = options?.pending ? options.pending.player : options?.player ?? state.active;
  dom.title.closest('.action-bar')?.classList.toggle('pending', Boolean(options?.pending));
  const player = who ? state.players?.[who] : null;
  const heading = options?.pending && !who ? t('The table must decide') : who ? (options?.pending ? t('{company} must decide', { company: companyName(who) }) : t('{company}’s turn', { company: companyName(who) })) : phaseTitle(state);
  fill(dom.title, who ? badge(who) : '', heading);
  if (player && !options?.pending) dom.title.append(el('span', { class: 'chip', text: t('{n} Engineers left', { n: player.engineers }) }));
  dom.why.hidden = !ui.why;
  dom.why.textContent = ui.why || '';

  const actions = options?.pending ? [] : options?.actions || [];
  fill(dom.actions, ...actions.map((a) => el('button', {
    type: 'button',
    'data-action': a.type,
    'aria-pressed': ui.action === a.type ? 'true' : 'false',
    'aria-disabled': a.enabled === false || !canAct ? 'true' : 'false',
    'aria-label': a.enabled === false && a.why ? t('{action} (not possible: {why})', { action: actionLabel(a.type), why: a.why }) : actionLabel(a.type),
    text: a.label || actionLabel(a.type),
  })));
  if (options?.pending) {
    dom.actions.append(el('p', { text: humanize(options.pending.reason || options.pending.text || pendingTitle(options.pending)) }));
  }
  const showChoices = options?.pending || ui.action;
  const choices = showChoices && canAct ? currentChoices(options, ui) : [];
  const groups = !ui.space && !options?.pending ? spaceGroups(choices) : null;
  if (groups) fill(dom.choices, ...groups.map(groupButton));
  else fill(dom.choices, ...choices.map((c, i) => choiceButton(c, i, ui.choice === i, 'choice', options?.pending)));
  if (ui.space) {
    const all = t('All choices (showing {place} only)', { place: placeName(ui.space) });
    dom.choices.prepend(el('button', { type: 'button', class: 'choice', 'data-clear-space': '', text: `← ${all}` }));
  }
  const chosen = ui.choice !== null && ui.choice !== undefined ? choices[ui.choice] : null;
  const architect = options?.architect && !options?.pending && ARCHITECT_TYPES.has(chosen?.command?.type) ? { on: Boolean(ui.architect) } : null;
  if (chosen) confirmBar(dom.confirm, chosen, ui.amount, architect);
  else {
    dom.confirm.hidden = true;
    dom.confirm.replaceChildren();
  }
}

const GROUP_OVER = 12;

/** Many choices on several spaces: one button per space first (then that space's choices). */
export function spaceGroups(choices) {
  if (choices.length <= GROUP_OVER) return null;
  const groups = new Map();
  for (const c of choices) {
    if (!c.space) return null;
    if (!groups.has(c.space)) groups.set(c.space, []);
    groups.get(c.space).push(c);
  }
  if (groups.size < 2) return null;
  return [...groups.entries()].map(([space, list]) => ({ space, list }));
}

function commonPrefix(labels) {
  let prefix = labels[0] || '';
  for (const l of labels) while (!l.startsWith(prefix)) prefix = prefix.slice(0, -1);
  // never end inside a parenthesis the labels go on to close ("… basin (tile")
  const open = prefix.lastIndexOf('(');
  if (open > prefix.lastIndexOf(')')) prefix = prefix.slice(0, open);
  return prefix.replace(/[\s:(·,]+$/, '');
}

function groupButton({ space, list }) {
  const label = list.length === 1 ? choiceLabel(list[0]) : commonPrefix(list.map(choiceLabel)) || humanize(space);
  // one space, several ways: only what they all cost (the first way's gain would mislead)
  const chips = previewChips(list[0]).filter((c) => list.length === 1 || c.kind === 'cost');
  const button = el('button', {
    type: 'button', class: 'choice', 'data-group-space': space, 'data-space-ref': space,
  });
  button.append(el('span', { class: 'label', text: label }), ...chips.map((c) => el('span', { class: `chip ${c.kind || ''}`, text: c.text })));
  if (list.length > 1) button.append(el('span', { class: 'chip', text: t('{n} ways', { n: list.length }) }));
  return button;
}

function pendingTitle(pending) {
  return t('Decision: {kind}', { kind: String(pending.kind || '').replaceAll('_', ' ') });
}

function phaseTitle(state) {
  if (state.finished) return t('The game is over');
  return t('Waiting for the table');
}
