// The table instructions: numbered steps a person follows at the table; drop paths animate.
import { el, fill } from '../dom.js';
import { companyName, humanize } from '../names.js';
import { t } from '../i18n.js';
import { whyButton } from './why.js';

/** Fill `list` with the steps; tapping a step with a drop path replays its animation. */
export function renderInstructions(list, instructions) {
  fill(list, ...(instructions || []).map((step, i) => {
    const n = step.n ?? i + 1;
    const name = step.company ? companyName(step.company) : '';
    // the engine's sentence often names the company already ("USA passes.")
    const said = humanize(step.text);
    const text = !name || said.includes(name) ? said : `${name}: ${said}`;
    const hasPath = Boolean(step.animate?.path?.length);
    const button = el('button', {
      type: 'button', class: 'step',
      'data-step': i,
      'aria-label': hasPath ? `${n}. ${text} ${t('(show the drops on the map)')}` : `${n}. ${text}`,
      text,
    });
    if (!hasPath) button.setAttribute('aria-disabled', 'false');
    return el('li', { class: step.kind || '' }, el('span', { class: 'n', 'aria-hidden': 'true', text: `${n}.` }), button, whyButton(ruleKey(step), text));
  }));
}

/** What a step's rules are listed under: its kind; a drop's flow, where the engine says it
 * ended (a step stored before the engine said so: the flow's rules in general). */
function ruleKey(step) {
  return step.rule || step.kind;
}

/** Play every drop animation of the sheet in order. */
export async function animateAll(map, instructions) {
  for (const step of instructions || []) {
    if (step.animate?.path?.length) await map.animate(step.animate.path, step.animate.drops ?? 1);
  }
}
