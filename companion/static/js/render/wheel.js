// The Construction Wheel: six segments, index 0 is the open segment (drawn at the top).
import { svg } from '../dom.js';
import { t } from '../i18n.js';

function slice(cx, cy, r, index) {
  const a0 = ((index - 0.5) / 6) * 2 * Math.PI - Math.PI / 2;
  const a1 = ((index + 0.5) / 6) * 2 * Math.PI - Math.PI / 2;
  const p = (a) => `${cx + r * Math.cos(a)},${cy + r * Math.sin(a)}`;
  return `M${cx},${cy} L${p(a0)} A${r},${r} 0 0 1 ${p(a1)} Z`;
}

function segmentText(seg) {
  const parts = [];
  if (seg.tiles?.length) parts.push(seg.tiles.join('+'));
  if (seg.excavators) parts.push(`${seg.excavators}E`);
  if (seg.mixers) parts.push(`${seg.mixers}M`);
  return parts.join(' ');
}

export function describeSegment(seg, index) {
  const what = segmentText(seg) || t('empty');
  const words = what.replace(/(\d+)E/, (_, n) => t('{n} Excavators', { n })).replace(/(\d+)M/, (_, n) => t('{n} Concrete Mixers', { n }));
  const where = index === 0 ? t('open segment') : t('segment {n}', { n: index });
  return `${where}: ${words}`;
}

/** A wheel picture; `full` adds the contents of each segment as text. */
export function wheelSvg(wheel, { full = false, size = 44 } = {}) {
  const view = full ? 240 : 44;
  const c = view / 2;
  const r = c - 2;
  const label = (wheel || []).map(describeSegment).join('; ');
  const root = svg('svg', { class: full ? 'wheel-full' : 'wheel-mini', viewBox: `0 0 ${view} ${view}`, width: full ? undefined : size, height: full ? undefined : size, role: 'img', 'aria-label': t('Construction wheel: {segments}', { segments: label }) });
  (wheel || []).forEach((seg, i) => {
    const filled = seg.tiles?.length || seg.excavators || seg.mixers;
    root.append(svg('path', {
      d: slice(c, c, r, i),
      fill: i === 0 ? 'var(--accent)' : filled ? 'var(--co, #888)' : 'var(--panel-2)',
      'fill-opacity': i === 0 ? 0.35 : filled ? 0.85 : 1,
      stroke: 'var(--ink)',
      'stroke-width': full ? 1.5 : 1,
    }));
    if (full) {
      const a = (i / 6) * 2 * Math.PI - Math.PI / 2;
      const x = c + r * 0.62 * Math.cos(a);
      const y = c + r * 0.62 * Math.sin(a);
      const lines = [i === 0 ? 'open' : `${i}`, ...(segmentText(seg) ? segmentText(seg).split(' ') : [])];
      lines.slice(0, 4).forEach((line, k) => {
        root.append(svg('text', { x, y: y + (k - (Math.min(lines.length, 4) - 1) / 2) * 15, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': k === 0 ? 12 : 13, 'font-weight': 700, fill: 'var(--ink)', text: line }));
      });
    }
  });
  return root;
}
