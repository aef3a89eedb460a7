// The rule behind each number (issue 13): a table instruction or a ledger line, tapped, says
// the rule in a sentence with the page of the rulebook it comes from (001 in English, 003 in
// Italian). The page embeds the table in its language (companion/rule_refs.py).
import { el } from '../dom.js';
import { t } from '../i18n.js';

const node = typeof document !== 'undefined' ? document.getElementById('rule-refs') : null;
const REFS = node ? JSON.parse(node.textContent || '{}') : {};

/** The rules behind an instruction's kind ('instructions') or a ledger category ('ledger'). */
export function rulesFor(group, key) {
  return (REFS[group]?.[key] || []).map((id) => ({ id, ...REFS.terms[id] })).filter((r) => r.rule);
}

/** The rules in words: the term, its rule, and its rulebook page (a link to the glossary). */
export function ruleNodes(rules) {
  return rules.map((r) => {
    const page = t('Rulebook p. {page}', { page: r.page });
    // the link's name starts with what it shows and says which term's page it is
    return el('p', { class: 'rule' }, el('strong', { text: `${r.term}: ` }), r.rule, ' ',
      el('a', { class: 'page-ref', href: `/glossary#${r.id}`, 'aria-label': `${page} · ${r.term}`, text: page }));
  });
}

/** The "?" next to an instruction that has a rule behind it; null when none is listed. */
export function whyButton(kind, label, group = 'instructions') {
  if (!rulesFor(group, kind).length) return null;
  return el('button', {
    type: 'button', class: 'why-button', 'data-open': 'why', 'data-why': kind, 'data-why-group': group,
    'aria-label': t('The rule behind: {step}', { step: label }), text: '?',
  });
}

/** What a legal choice is, for the rules behind its cost: "build:conduit", "bank". */
export function choiceKey(command) {
  if (!command?.type) return '';
  return command.structure ? `${command.type}:${command.structure}` : command.type;
}
