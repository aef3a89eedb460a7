// Small SVG charts for the history (no library): VP over rounds and energy per round.
import { s, COMPANY_LETTER, COMPANY_NAME } from './common.js';
import { t } from '../i18n.js';

const W = 560;
const H = 260;
const PAD = { left: 44, right: 16, top: 16, bottom: 36 };

/** A y scale from `bottom` (0, or below for negative VP) to `top`, with round ticks. */
function scaleFor(min, max) {
  const span = Math.max(1, max - Math.min(0, min));
  const step = span <= 10 ? 2 : span <= 30 ? 5 : span <= 60 ? 10 : span <= 150 ? 25 : 50;
  const top = Math.ceil(Math.max(1, max) / step) * step;
  const bottom = Math.min(0, Math.floor(min / step) * step);
  const plotH = H - PAD.top - PAD.bottom;
  return { top, bottom, step, y: (v) => PAD.top + plotH - ((v - bottom) / (top - bottom)) * plotH };
}

function axes(svgRoot, scale, yLabel) {
  const plotH = H - PAD.top - PAD.bottom;
  for (let v = scale.bottom; v <= scale.top; v += scale.step) {
    const y = scale.y(v);
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
  const values = history.players.flatMap((p) => p.by_round.map((r) => r.vp ?? 0));
  const scale = scaleFor(Math.min(0, ...values), Math.max(10, ...values));
  const root = s('svg', { class: 'chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': t('VP at the end of each round, per company') });
  axes(root, scale, t('VP'));
  rounds.forEach((r, i) => root.append(s('text', { class: 'tick', x: xOf(i, rounds.length), y: H - 12, 'text-anchor': 'middle', text: `R${r}` })));
  for (const p of history.players) {
    const scored = p.by_round.filter((r) => r.vp !== undefined);
    const pts = scored.map((r) => [xOf(rounds.indexOf(r.round), rounds.length), scale.y(r.vp)]);
    if (!pts.length) continue;
    // the line's letter is drawn at its end; each line and dot also names its company
    const name = COMPANY_NAME[p.company] ?? p.company;
    root.append(s('polyline', { class: `series co-${p.company}`, points: pts.map(([x, y]) => `${x},${y}`).join(' ') }, s('title', { text: t('{company}: VP by round', { company: name }) })));
    pts.forEach(([x, y], i) => root.append(s('circle', { class: `dot co-${p.company}`, cx: x, cy: y, r: 5 },
      s('title', { text: t('{company}, round {round}: {vp} VP', { company: name, round: scored[i].round, vp: scored[i].vp }) }))));
    const [lx, ly] = pts[pts.length - 1];
    root.append(s('text', { class: 'series-label', x: Math.min(lx + 8, W - 10), y: ly - 8, text: COMPANY_LETTER[p.company] ?? p.company }));
  }
  root.append(s('title', { text: history.players.map((p) => `${COMPANY_NAME[p.company] ?? p.company}: ${p.by_round.map((r) => r.vp).join(', ')}`).join('; ') }));
  return root;
}

/**
 * Grouped bars: the energy each marker moved on the Energy Track in each round (what the
 * Scoring phase ranks). The solid part is produced energy (productions, Level 2 Base, Level 3
 * Conduit: it may fulfil contracts); the pale part is energy steps (Italy's +3, the USA's
 * steps, incomes, contract rewards, corrections).
 */
export function energyChart(history) {
  const rounds = history.rounds;
  const max = Math.max(6, ...history.players.flatMap((p) => p.by_round.map((r) => r.energy ?? 0)));
  const scale = scaleFor(0, max);
  const root = s('svg', { class: 'chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': t('Energy on the Energy Track in each round, per company: produced and energy steps') });
  axes(root, scale, t('Energy'));
  const plotW = W - PAD.left - PAD.right;
  const groupW = plotW / Math.max(1, rounds.length);
  const barW = Math.max(4, (groupW - 12) / Math.max(1, history.players.length));
  rounds.forEach((r, i) => {
    const x0 = PAD.left + i * groupW + 6;
    root.append(s('text', { class: 'tick', x: PAD.left + (i + 0.5) * groupW, y: H - 12, 'text-anchor': 'middle', text: `R${r}` }));
    history.players.forEach((p, j) => {
      const row = p.by_round.find((b) => b.round === r);
      if (!row || row.energy === undefined) return;
      const x = x0 + j * barW;
      const produced = Math.min(Math.max(0, row.produced ?? row.energy), Math.max(0, row.energy));
      const name = COMPANY_NAME[p.company] ?? p.company;
      const tip = t('{company}, round {round}: {energy} energy on the track ({produced} produced, {steps} energy steps)', { company: name, round: r, energy: row.energy, produced: row.produced ?? '?', steps: row.energy - (row.produced ?? 0) });
      // energy steps on top of the produced energy (one bar: the marker's whole way)
      root.append(s('rect', { class: `bar steps co-${p.company}`, x, y: scale.y(row.energy), width: barW - 2, height: scale.y(produced) - scale.y(row.energy) }, s('title', { text: tip })));
      root.append(s('rect', { class: `bar co-${p.company}`, x, y: scale.y(produced), width: barW - 2, height: scale.y(0) - scale.y(produced) }, s('title', { text: tip })));
      if (barW >= 16) root.append(s('text', { class: 'bar-label', x: x + (barW - 2) / 2, y: scale.y(row.energy) - 4, 'text-anchor': 'middle', text: COMPANY_LETTER[p.company] }));
    });
  });
  return root;
}
