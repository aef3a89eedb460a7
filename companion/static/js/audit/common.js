// Shared helpers of the audit pages: DOM building (textContent only), JSON calls, dialogs.
import { t } from '../i18n.js';
import { COMPANY_IDS, companyLetter, companyName } from '../names.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

function build(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') node.textContent = String(value);
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: h('button', {class: 'primary', text: 'Score'}). */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** An SVG element. */
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Call the JSON API; resolves {ok, status, data}. */
export async function api(method, url, body) {
  const init = { method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  const text = await response.text();
  let data;
  try { data = text ? JSON.parse(text) : null; } catch { data = { error: { message: text } }; }
  return { ok: response.ok, status: response.status, data };
}

/** Open the lines dialog with a title and a list of {text, meta} items. */
export function openLines(title, items) {
  const dialog = document.getElementById('lines-dialog');
  document.getElementById('lines-title').textContent = title;
  const list = document.getElementById('lines-body');
  list.replaceChildren(
    ...(items.length ? items : [{ text: t('Nothing was scored here.') }]).map((item) =>
      h('li', {}, item.meta ? h('span', { class: 'meta', text: item.meta }) : null, h('span', { text: item.text }))),
  );
  dialog.showModal();
}

/** Save a text as a downloaded file (the CSV export of the standalone audit). */
export function download(filename, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h('a', { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const SHOWN = [...COMPANY_IDS, 'neutral'];
/** Each company's letter, as its pieces are marked on the map and the badges. */
export const COMPANY_LETTER = Object.fromEntries(SHOWN.map((id) => [id, companyLetter(id)]));
/** Each company's name in this device's language ("Germania" on an Italian device). */
export const COMPANY_NAME = Object.fromEntries(SHOWN.map((id) => [id, companyName(id)]));

/** A company badge: colour and letter (never colour alone). */
export function badge(company) {
  return h('span', { class: `badge co-${company}`, 'aria-hidden': 'true', text: COMPANY_LETTER[company] ?? '?' });
}
