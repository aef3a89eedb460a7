// The setup wizard's table deals on an Italian device: every label in Italian (the seat, the
// headstream, the board and officer row, the neutral dams' piles said in English before).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ITALIAN, pageIn } from './page.js';

pageIn('it', ITALIAN);
const { drawGroups } = await import('../../companion/static/js/setup_draws.js');

const groupsOf = (sections) => sections.flatMap((s) => s.groups);
const group = (sections, key) => groupsOf(sections).find((g) => g.key === key);
const seats = [{ kind: 'human', name: 'Ann', company: null, officer: null }, { kind: 'human', name: 'Ben', company: null, officer: null }];

test('the lists are labelled in Italian', () => {
  const sections = drawGroups('full', seats, { draft: true });
  assert.equal(group(sections, 'headstreams').slots[0].label, 'Sorgente A');
  assert.deepEqual(group(sections, 'neutral_dams').slots.map((s) => s.label), ['Diga Neutrale, montagna', 'Diga Neutrale, collina', 'Diga Neutrale, pianura']);
  assert.equal(group(sections, 'picks.company').slots[1].label, 'Posto 2 (Ben) sceglie una plancia');
  assert.equal(sections.find((s) => s.groups[0].key === 'companies').rowTitle(0), 'Plancia 1 + Ufficiale Esecutivo 1');
});

test('no label is left in English', () => {
  const labels = groupsOf(drawGroups('full', seats, { draft: true, expansion: true })).flatMap((g) => [g.title, ...g.slots.map((s) => s.label)]);
  const english = labels.filter((label) => /\b(Seat|Headstream|Board|Officer|mountains|hills|plains|picks)\b/.test(label));
  assert.deepEqual(english, []);
});
