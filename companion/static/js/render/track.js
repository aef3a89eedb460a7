// The energy track (0-30+) with each company's marker, the bonus tiles by round, the objective.
import { el, fill, svg } from '../dom.js';
import { bonusShort, bonusTile, companyLetter, companyName, objective, objectiveLabel, printed } from '../names.js';
import { t } from '../i18n.js';
import { rulesFor } from './why.js';

function energySvg(players) {
  const W = 620;
  const H = 70;
  const x = (n) => 16 + (Math.min(n, 30) / 30) * (W - 32);
  const label = players.map((p) => `${companyName(p.company)} ${p.energy}`).join(', ');
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': t('Energy track: {players}', { players: label }) });
  root.append(svg('line', { x1: x(0), x2: x(30), y1: 22, y2: 22, stroke: 'var(--ink-soft)', 'stroke-width': 3 }));
  for (let n = 0; n <= 30; n += 1) {
    const major = n % 6 === 0;
    root.append(svg('line', { x1: x(n), x2: x(n), y1: major ? 12 : 17, y2: major ? 32 : 27, stroke: 'var(--ink-soft)', 'stroke-width': major ? 2 : 1 }));
    if (major) root.append(svg('text', { x: x(n), y: 50, 'text-anchor': 'middle', 'font-size': 16, 'font-weight': 700, fill: 'var(--ink)', text: n === 30 ? '30+' : n }));
  }
  // markers on the same step sit side by side (spread along the track), never on top of each other
  const count = new Map();
  for (const p of players) count.set(Math.min(p.energy, 30), (count.get(Math.min(p.energy, 30)) ?? 0) + 1);
  const seen = new Map();
  for (const p of players) {
    const pos = Math.min(p.energy, 30);
    const k = seen.get(pos) ?? 0;
    seen.set(pos, k + 1);
    const g = svg('g', { class: `co-${p.company}` });
    const n = count.get(pos);
    const first = Math.max(14, Math.min(W - 14 - (n - 1) * 27, x(pos) - ((n - 1) / 2) * 27));
    const cx = first + k * 27;
    const cy = 22;
    g.append(svg('circle', { cx, cy, r: 13, fill: 'var(--co)', stroke: 'var(--badge-outline, #111)', 'stroke-width': 2 }));
    g.append(svg('text', { x: cx, y: cy, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': 15, 'font-weight': 900, fill: 'var(--co-ink)', text: companyLetter(p.company) }));
    root.append(g);
  }
  return root;
}

/**
 * The energy track, tapped, says the rules behind its figures (issue 13): how a production
 * moves the marker, what the track records, and what it pays at the end of the round.
 */
function energyFigure(players) {
  const track = energySvg(players);
  if (!rulesFor('figures', 'energy_track').length) return track;
  const said = track.getAttribute('aria-label');
  track.setAttribute('aria-hidden', 'true');
  track.removeAttribute('role');
  // named by its words, not an aria-label: what it shows ("?") stays part of its name
  return el('button', {
    type: 'button', class: 'why-figure', 'data-open': 'why', 'data-why': 'energy_track', 'data-why-group': 'figures', 'data-why-facts': said,
  }, track, el('span', { class: 'visually-hidden', text: t('The rule behind: {step}', { step: said }) }), el('span', { class: 'why-mark', text: '?' }));
}

const round = (n) => t('R{round}', { round: n }); // a round's short name on the bonus row

/** Fill `root` with the energy track, the bonus tiles of rounds 1-5 and the objective. */
export function renderTrack(root, state) {
  const players = Object.values(state.players || {});
  const bonus = el('div', { class: 'bonus-row' }, el('strong', { text: t('Bonus:') }));
  (state.bonus_tiles || []).forEach((id, i) => {
    const tx = bonusTile(id);
    const current = i + 1 === state.round;
    bonus.append(el('span', {
      class: 'chip', 'aria-current': current ? 'true' : undefined,
      title: printed(tx?.counts) ?? id,
      text: `${round(i + 1)}: ${tx ? bonusShort(id) : id}`,
    }));
  });
  const obj = objective(state.objective);
  if (state.objective) bonus.append(el('span', { class: 'chip', title: printed(obj?.measure) ?? '', text: t('Objective: {objective}', { objective: objectiveLabel(state.objective) }) }));
  fill(root, energyFigure(players), bonus);
}
