// @ts-check
// Keyed updates by hand for the score pad (issue 20): a change of the entry updates the nodes
// that show it, and never replaces the node that holds focus or a half-typed number. Plain DOM,
// no library: the team's keyed-rendering library can take this file's place without the page
// noticing (each view is "make once per key, then update in place").

/**
 * A node on the page and how to bring it up to date with its item.
 * @template T
 * @typedef {{node: Element, update: (item: T) => void}} View
 */

/** @type {WeakMap<Element, Map<string, View<any>>>} */
const VIEWS = new WeakMap();

/**
 * Keep `parent`'s children in step with `items`, one view per key: a key that stays keeps its
 * node (updated in place), a new key gets a node made once, a gone key's node is removed.
 * Nodes are moved only when the order changed, so a focused field stays where it is.
 * @template T
 * @param {Element} parent  holds only the nodes of these views
 * @param {readonly T[]} items
 * @param {(item: T) => string} keyOf
 * @param {(item: T) => View<T>} make
 * @returns {View<T>[]} the views, in the order of `items`
 */
export function keyedViews(parent, items, keyOf, make) {
  const before = VIEWS.get(parent) ?? new Map();
  /** @type {Map<string, View<T>>} */
  const after = new Map();
  /** @type {[View<T>, T][]} */
  const shown = [];
  for (const item of items) {
    const key = keyOf(item);
    if (after.has(key)) continue; // a key shows once
    const view = before.get(key) ?? make(item);
    before.delete(key);
    after.set(key, view);
    shown.push([view, item]);
  }
  // the gone nodes first: a node before a kept one must not make the kept one move
  for (const gone of before.values()) gone.node.remove();
  let cursor = parent.firstElementChild;
  for (const [view, item] of shown) {
    view.update(item);
    if (view.node === cursor) cursor = cursor.nextElementSibling;
    else parent.insertBefore(view.node, cursor);
  }
  VIEWS.set(parent, after);
  return shown.map(([view]) => view);
}

/**
 * The whole count in a typed text ("12", " 12 ", "12 VP", a pasted "12\n"), or null when it
 * holds no digit (an emptied field).
 * @param {string} text
 * @returns {number | null}
 */
export function parseCount(text) {
  const digits = /\d+/.exec(text ?? '');
  return digits ? Number.parseInt(digits[0], 10) : null;
}

/**
 * Show a number in a field unless a person is typing in it: the field that has focus keeps
 * exactly what was typed; it shows the entry's number again once left.
 * @param {HTMLInputElement} input
 * @param {number} value
 */
export function showNumber(input, value) {
  if (input.ownerDocument.activeElement === input) return;
  const text = String(value);
  if (input.value !== text) input.value = text;
}

/**
 * Set an attribute only when it changes (a rewrite of an unchanged `aria-*` makes some
 * screen readers speak again).
 * @param {Element} node
 * @param {string} name
 * @param {string | null} value  null removes it
 */
export function setAttr(node, name, value) {
  if (value === null) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
  } else if (node.getAttribute(name) !== value) {
    node.setAttribute(name, value);
  }
}

/**
 * Set a node's text only when it changes.
 * @param {Node} node
 * @param {string} text
 */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}
