// elements.js: a page's element by id or data-field, checked to be the kind the script uses.
import { afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';

// The few element classes the checks compare against, as a browser has them.
class HTMLElement {
  constructor(tag) { this.tagName = tag.toUpperCase(); }
}
class HTMLInputElement extends HTMLElement {}
class HTMLSelectElement extends HTMLElement {}

const { byId, field } = await import('../../companion/static/js/elements.js');

/** A page holding these elements by id. */
function page(elements) {
  globalThis.document = { getElementById: (id) => elements[id] ?? null };
}

beforeEach(() => {
  Object.assign(globalThis, { HTMLElement, HTMLInputElement, HTMLSelectElement });
});
afterEach(() => {
  for (const name of ['document', 'HTMLElement', 'HTMLInputElement', 'HTMLSelectElement']) delete globalThis[name];
});

describe('byId', () => {
  test('the element with the id, of the class asked for', () => {
    const seed = new HTMLInputElement('input');
    page({ seed });
    assert.equal(byId('seed', HTMLInputElement), seed);
  });

  test('any HTML element when no class is asked for', () => {
    const box = new HTMLElement('div');
    page({ seats: box });
    assert.equal(byId('seats'), box);
  });

  test('another kind of element is refused, naming the id and what was found', () => {
    page({ seed: new HTMLElement('div') });
    assert.throws(() => byId('seed', HTMLInputElement), { name: 'TypeError', message: '#seed: expected HTMLInputElement, found a <div>' });
  });

  test('a missing element is refused, naming the id', () => {
    page({});
    assert.throws(() => byId('setup-form'), { name: 'TypeError', message: '#setup-form: expected HTMLElement, found nothing' });
  });
});

describe('field', () => {
  test('the element of a template marked data-field="name"', () => {
    const company = new HTMLSelectElement('select');
    const seat = { querySelector: (selector) => (selector === '[data-field="company"]' ? company : null) };
    assert.equal(field(seat, 'company', HTMLSelectElement), company);
    assert.throws(() => field(seat, 'level', HTMLSelectElement), { message: '[data-field="level"]: expected HTMLSelectElement, found nothing' });
  });
});
