// Tiny DOM helpers: elements are built with properties and textContent, never HTML strings.

const SVG_NS = 'http://www.w3.org/2000/svg';

function assign(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') node.textContent = String(value);
    else if (key === 'class') node.setAttribute('class', value);
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  return node;
}

function append(node, children) {
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: el('button', {class: 'primary', text: 'Done'}). */
export function el(tag, attrs, ...children) {
  return append(assign(document.createElement(tag), attrs), children);
}

/** An SVG element. */
export function svg(tag, attrs, ...children) {
  return append(assign(document.createElementNS(SVG_NS, tag), attrs), children);
}

/** A clone of a <template id="..."> first element. */
export function fromTemplate(id) {
  const template = document.getElementById(id);
  return template.content.firstElementChild.cloneNode(true);
}

/** Replace the children of `node`. */
export function fill(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}

/** A <svg><use> reference into the project's icon sprite. */
export function icon(name, label) {
  const s = svg('svg', { class: 'icon', 'aria-hidden': label ? undefined : 'true', role: label ? 'img' : undefined, 'aria-label': label });
  s.append(svg('use', { href: `/static/icons/sprite.svg#${name}` }));
  return s;
}

/**
 * Server-rendered controls wired by a module script carry `data-needs-script disabled`, so a
 * tap that lands before the script has run is refused visibly instead of being lost.
 * The page's script calls this once its listeners are attached.
 */
export function scriptReady(root = document) {
  for (const node of root.querySelectorAll('[data-needs-script]')) {
    node.disabled = false;
    node.removeAttribute('data-needs-script');
  }
  document.documentElement.dataset.scriptReady = 'yes';
}
