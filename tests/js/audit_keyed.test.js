// audit/keyed.js: the score pad's keyed views and number fields (issue 20), on a few lines of
// fake DOM: a kept key keeps its node and is not moved, a focused field is never written over,
// a pasted "12 VP" reads 12.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keyedViews, parseCount, showNumber } from '../../companion/static/js/audit/keyed.js';

/** An element with just what keyedViews uses: children in order, insertBefore, remove. */
class FakeElement {
  constructor(name) { this.name = name; this.parent = null; this.kids = []; this.moves = 0; }
  get firstElementChild() { return this.kids[0] ?? null; }
  get nextElementSibling() {
    const kids = this.parent?.kids ?? [];
    return kids[kids.indexOf(this) + 1] ?? null;
  }
  insertBefore(node, before) {
    if (node.parent) { node.parent.kids.splice(node.parent.kids.indexOf(node), 1); node.moves += 1; }
    node.parent = this;
    const at = before ? this.kids.indexOf(before) : this.kids.length;
    this.kids.splice(at, 0, node);
  }
  remove() { this.parent.kids.splice(this.parent.kids.indexOf(this), 1); this.parent = null; }
}

const make = (item) => {
  const node = new FakeElement(item.key);
  return { node, update(next) { node.value = next.value; } };
};
const keyOf = (item) => item.key;

test('a key that stays keeps its node, updated in place; new keys get nodes; gone keys lose them', () => {
  const parent = new FakeElement('list');
  keyedViews(parent, [{ key: 'a', value: 1 }, { key: 'b', value: 2 }], keyOf, make);
  const [a, b] = parent.kids;
  keyedViews(parent, [{ key: 'a', value: 5 }, { key: 'c', value: 3 }], keyOf, make);
  assert.equal(parent.kids[0], a, 'the node of a kept key is the same node');
  assert.equal(a.value, 5, 'and shows the new value');
  assert.equal(b.parent, null, 'a gone key is removed');
  assert.deepEqual(parent.kids.map((n) => n.name), ['a', 'c']);
});

test('a node whose place does not change is never moved (a focused field keeps its focus)', () => {
  const parent = new FakeElement('list');
  keyedViews(parent, ['x', 'typing', 'y'].map((key) => ({ key, value: 0 })), keyOf, make);
  const typing = parent.kids[1];
  keyedViews(parent, ['typing', 'y', 'z'].map((key) => ({ key, value: 1 })), keyOf, make);
  keyedViews(parent, ['w', 'typing', 'y', 'z'].map((key) => ({ key, value: 2 })), keyOf, make);
  assert.equal(typing.moves, 0);
  assert.deepEqual(parent.kids.map((n) => n.name), ['w', 'typing', 'y', 'z']);
});

test('a typed, pasted or dictated count reads its first whole number; an emptied field none', () => {
  assert.equal(parseCount('12'), 12);
  assert.equal(parseCount(' 12 '), 12);
  assert.equal(parseCount('12 VP'), 12);
  assert.equal(parseCount('007'), 7);
  assert.equal(parseCount(''), null);
  assert.equal(parseCount('abc'), null);
});

test('a field being typed in is never written over; once left it shows the entry', () => {
  const doc = { activeElement: null };
  const input = { ownerDocument: doc, value: '1' };
  doc.activeElement = input;
  showNumber(input, 0);
  assert.equal(input.value, '1', 'focused: what was typed stays');
  doc.activeElement = null;
  showNumber(input, 14);
  assert.equal(input.value, '14');
});
