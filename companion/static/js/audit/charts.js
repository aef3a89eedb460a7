// Small SVG charts for the history (no library): VP over rounds and energy per round.
import { s, COMPANY_LETTER, COMPANY_NAME } from './common.js';

const W = 560;
const H = 260;
const PAD = { left: 44, right: 16, top: 16, bottom: 36 };

function scaleFor(max) {
  const top = Math.max(1, max);
  const step = top <= 10 ? 2 : top <= 30 ? 5 : top <= 60 ? 10 : top <= 150 ? 25 : 50;
  return { top: Math.ceil(top / step) * step, step };
}

function axes(svgRoot, rounds, yMax, step, yLabel) {
  const plotH = H - PAD.top - PAD.bottom;
  for (let v = 0; v <= yMax; v += step) {
    const y = PAD.top + plotH - (v / yMax) * plotH;
    svgRoot.append(s('line', { class: 'grid', x1: PAD.left, x2: W - PAD.right, y1: y, y2: y }));
    svgRoot.append(s('text', { class: 'tick', x: PAD.left - 6, y, 'text-anchor': 'end', 'dominant-baseline': 'central', text: v }));
  }
  svgRoot.append(s('text', { class: 'axis-label', x: 12, y: PAD.top + plotH / 2, transform: `rotate(-90 12 ${PAD.top + plotH / 2})`, 'text-anchor': 'middle', text: yLabel }));
  return plotH;
}

function xOf(i, n) {
  const plotW = W - PAD.left - PAD.right;
  return PAD.left + (n <= 1 ? plotW / 2 : (i / (n - 1)) * plotW);
}

/** A line per player: VP at the end of each round. */
export function vpChart(history) {
  const rounds = history.rounds;
  const max = Math.max(10, ...history.players.flatMap((p) => p.by_round.map((r) => r.vp ?? 0)));
  const { top, step } = scaleFor(max);
  const root = s('svg', { class: 'chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'VP at the end of each round, per company' });
  const plotH = axes(root, rounds, top, step, 'VP');
  rounds.forEach((r, i) => root.append(s('text', { class: 'tick', x: xOf(i, rounds.length), y: H - 12, 'text-anchor': 'middle', text: `R${r}` })));
  for (const p of history.players) {
    const pts = p.by_round.filter((r) => r.vp !== undefined).map((r) => [xOf(rounds.indexOf(r.round), rounds.length), PAD.top + plotH - (r.vp / top) * plotH]);
    if (!pts.length) continue;
    root.append(s('polyline', { class: `series co-${p.company}`, points: pts.map(([x, y]) => `${x},${y}`).join(' ') }));
    for (const [x, y] of pts) root.append(s('circle', { class: `dot co-${p.company}`, cx: x, cy: y, r: 5 }));
    const [lx, ly] = pts[pts.length - 1];
    root.append(s('text', { class: 'series-label', x: Math.min(lx + 8, W - 10), y: ly - 8, text: COMPANY_LETTER[p.company] ?? p.company }));
  }
  root.append(s('title', { text: history.players.map((p) => `${COMPANY_NAME[p.company] ?? p.company}: ${p.by_round.map((r) => r.vp).join(', ')}`).join('; ') }));
  return root;
}

/** Grouped bars: energy produced per round, per player. */
export function energyChart(history) {
  const rounds = history.rounds;
  const max = Math.max(6, ...history.players.flatMap((p) => p.by_round.map((r) => r.energy ?? 0)));
  const { top, step } = scaleFor(max);
  const root = s('svg', { class: 'chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'Energy produced in each round, per company' });
  const plotH = axes(root, rounds, top, step, 'Energy');
  const plotW = W - PAD.left - PAD.right;
  const groupW = plotW / Math.max(1, rounds.length);
  const barW = Math.max(4, (groupW - 12) / Math.max(1, history.players.length));
  rounds.forEach((r, i) => {
    const x0 = PAD.left + i * groupW + 6;
    root.append(s('text', { class: 'tick', x: PAD.left + (i + 0.5) * groupW, y: H - 12, 'text-anchor': 'middle', text: `R${r}` }));
    history.players.forEach((p, j) => {
      const row = p.by_round.find((b) => b.round === r);
      if (!row || row.energy === undefined) return;
      const hgt = (row.energy / top) * plotH;
      const x = x0 + j * barW;
      root.append(s('rect', { class: `bar co-${p.company}`, x, y: PAD.top + plotH - hgt, width: barW - 2, height: hgt },
        s('title', { text: `${COMPANY_NAME[p.company] ?? p.company}, round ${r}: ${row.energy} energy` })));
      if (barW >= 16) root.append(s('text', { class: 'bar-label', x: x + (barW - 2) / 2, y: PAD.top + plotH - hgt - 4, 'text-anchor': 'middle', text: COMPANY_LETTER[p.company] }));
    });
  });
  return root;
}
