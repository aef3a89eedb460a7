// The rule behind each number (issue 13): a table instruction, a ledger line, a cost on the map
// or in the action choices, an energy figure, a water flow or an Automa decision, tapped, says
// the rule in a sentence with where it comes from: the page of the rulebook (001 in English, 003
// in Italian), or the section of the Automa reference. The page embeds the table in its
// language (companion/rule_refs.py).
import { el } from '../dom.js';
import { t } from '../i18n.js';

const node = typeof document !== 'undefined' ? document.getElementById('rule-refs') : null;
const REFS = node ? JSON.parse(node.textContent || '{}') : {};

/** The rules behind a key of a group: 'instructions', 'ledger', 'choices', 'figures', 'automa'. */
export function rulesFor(group, key) {
  return (REFS[group]?.[key] || []).map((id) => ({ id, ...REFS.terms[id] })).filter((r) => r.rule);
}

/** Where a rule comes from, in words: "Rulebook p. 14" or "Automa reference §8.2". */
export function citation(rule) {
  return rule.section ? t('Automa reference §{section}', { section: rule.section }) : t('Rulebook p. {page}', { page: rule.page });
}

/** The rules in words: the term, its rule, and where it comes from (a glossary term links to it). */
export function ruleNodes(rules, facts = '') {
  const nodes = facts ? [el('p', { class: 'rule-facts', text: facts })] : [];
  return nodes.concat(rules.map((r) => {
    const where = citation(r);
    // the link's name starts with what it shows and says which term's page it is
    const ref = r.glossary === false ? el('span', { class: 'page-ref', text: where })
      : el('a', { class: 'page-ref', href: `/glossary#${r.id}`, 'aria-label': `${where} · ${r.term}`, text: where });
    return el('p', { class: 'rule' }, el('strong', { text: `${r.term}: ` }), r.rule, ' ', ref);
  }));
}

/**
 * The "?" beside something that has a rule behind it; null when none is listed. `facts` is what
 * the tapped figure says (the choice's cost, the energy it makes), shown above the rules.
 */
export function whyButton(kind, label, group = 'instructions', facts = '') {
  if (!rulesFor(group, kind).length) return null;
  const button = el('button', {
    type: 'button', class: 'why-button', 'data-open': 'why', 'data-why': kind, 'data-why-group': group,
    'aria-label': t('The rule behind: {step}', { step: label }), text: '?',
  });
  if (facts) button.dataset.whyFacts = facts;
  return button;
}

/** What a legal choice is, for the rules behind its cost: "build:conduit", "bank". */
export function choiceKey(command) {
  if (!command?.type) return '';
  return command.structure ? `${command.type}:${command.structure}` : command.type;
}

