// @ts-check
// The page's elements found by id or by data-field, each checked to be the kind of element the
// script uses: a template that lost a field fails here, naming it, instead of later with
// "cannot read properties of null". Typed, so a caller reads `.value` only from an input.

/**
 * @template {Element} E
 * @typedef {{ new (): E, prototype: E }} ElementClass  e.g. HTMLSelectElement
 */

/**
 * The element with this id: `byId('seed', HTMLInputElement).value`.
 * @template {Element} [E=HTMLElement]
 * @param {string} id
 * @param {ElementClass<E>} [type] its class (an HTMLElement when left out)
 * @returns {E}
 */
export function byId(id, type) {
  return checked(document.getElementById(id), `#${id}`, type);
}

/**
 * The element inside `node` marked data-field="name" (the pages' <template>s).
 * @template {Element} [E=HTMLElement]
 * @param {ParentNode} node
 * @param {string} name
 * @param {ElementClass<E>} [type] its class (an HTMLElement when left out)
 * @returns {E}
 */
export function field(node, name, type) {
  const selector = `[data-field="${name}"]`;
  return checked(node.querySelector(selector), selector, type);
}

/**
 * @template {Element} E
 * @param {Element | null} found
 * @param {string} where
 * @param {ElementClass<E>} [type]
 * @returns {E}
 */
function checked(found, where, type) {
  const expected = type ?? /** @type {ElementClass<E>} */ (/** @type {unknown} */ (HTMLElement));
  if (found instanceof expected) return found;
  const what = found ? `a <${found.tagName.toLowerCase()}>` : 'nothing';
  throw new TypeError(`${where}: expected ${expected.name}, found ${what}`);
}
