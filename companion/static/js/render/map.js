// The schematic SVG map (683×1000): area bands, basins, rivers, conduits, dams, powerhouses,
// headstreams and drops, drawn from /api/board geometry and the game state.
import { svg } from '../dom.js';
import { companyLetter, companyName, headstreamTile } from '../names.js';
import { t } from '../i18n.js';
import { rulesFor } from './why.js';

const DAM_W = 62;
const DAM_H = 28;
const PH = 24; // powerhouse square
const HS_W = 84;
const HS_H = 44;

const points = (list) => list.map(([x, y]) => `${x},${y}`).join(' ');

/** Accept both spellings of the geometry fields (`red`/`red_bordered`, `destination`/…). */
function normalize(board) {
  const spaces = board.spaces.map((s) => ({
    ...s,
    red_bordered: Boolean(s.red ?? s.red_bordered),
    destination_basin: s.destination ?? s.destination_basin,
  }));
  return { ...board, spaces };
}

/** Where an id on a flow path sits on the map ("4U", "A", "EXIT_L", "powerhouses:8", "8"). */
function locator(board) {
  const at = new Map();
  for (const s of board.spaces) at.set(s.id, s.xy);
  for (const h of board.headstreams) at.set(h.id, h.xy);
  for (const e of board.exits || []) at.set(e.id, e.xy);
  for (const b of board.basins) {
    at.set(String(b.id), b.label_xy);
    at.set(`basin:${b.id}`, b.label_xy);
    const ph = board.spaces.filter((s) => s.kind === 'powerhouse' && String(s.basin) === String(b.id));
    if (ph.length) {
      const x = ph.reduce((sum, s) => sum + s.xy[0], 0) / ph.length;
      const y = ph.reduce((sum, s) => sum + s.xy[1], 0) / ph.length;
      at.set(`powerhouses:${b.id}`, [x, y]);
      at.set(`P${b.id}`, [x, y]); // the engine's flow paths name a basin's powerhouses "P8"

    }
  }
  return (id) => at.get(String(id)) ?? null;
}

function drawBands(layer, board) {
  const bands = board.areas ? board.areas.map((a) => [a.area, a.y]) : Object.entries(board.area_bands_y || {});
  for (const [area, [y0, y1]] of bands) {
    layer.append(svg('rect', { class: `band-${area}`, x: 0, y: y0, width: board.width, height: y1 - y0 }));
    // written upwards along the right edge, where no river or conduit runs
    const x = board.width - 18;
    const y = (y0 + y1) / 2;
    layer.append(svg('text', { class: 'band-label', x, y, 'text-anchor': 'middle', transform: `rotate(-90 ${x} ${y})`, text: t(area[0].toUpperCase() + area.slice(1)) }));
  }
}

function drawRivers(layer, board, at) {
  for (const edge of board.rivers || board.river_edges || []) {
    let path = edge.path;
    if (!path) {
      const a = at(edge.from);
      const b = at(edge.to);
      if (!a || !b) continue;
      path = [a, b];
    }
    layer.append(svg('polyline', { class: 'river', points: points(path) }));
  }
}

function conduitPath(space) {
  return [space.xy, ...(space.path || [])];
}

function drawStatic(layers, board, at) {
  drawBands(layers.bands, board);
  drawRivers(layers.rivers, board, at);
  // basins carry no number on the printed board: they are named by area ("the 2nd Hills basin")
  for (const s of board.spaces) {
    if (s.kind === 'conduit') {
      layers.conduits.append(svg('polyline', { class: 'conduit-line', points: points(conduitPath(s)), 'data-conduit': s.id }));
    }
  }
}

function spaceShape(s) {
  const [x, y] = s.xy;
  if (s.kind === 'dam') return svg('rect', { class: 'space-shape', x: x - DAM_W / 2, y: y - DAM_H / 2, width: DAM_W, height: DAM_H, rx: 5 });
  if (s.kind === 'powerhouse') return svg('rect', { class: 'space-shape', x: x - PH / 2, y: y - PH / 2, width: PH, height: PH, rx: 3 });
  return svg('circle', { class: 'space-shape', cx: x, cy: y, r: 14 });
}

function structureAt(state, s) {
  if (!state) return null;
  if (s.kind === 'dam') {
    const dam = state.dams?.[s.id];
    return dam ? { owner: dam.owner, level: dam.level, drops: dam.drops, capacity: dam.capacity ?? dam.level } : null;
  }
  if (s.kind === 'conduit') return state.conduits?.[s.id] ? { owner: state.conduits[s.id] } : null;
  return state.powerhouses?.[s.id] ? { owner: state.powerhouses[s.id] } : null;
}

function spaceLabel(s, built, legal) {
  const parts = [];
  const name = s.name || s.id; // /api/board names it in this device's language
  const red = s.red_bordered ? `, ${t('red-bordered')}` : '';
  if (s.kind === 'dam') parts.push(`${name}${red}`);
  else if (s.kind === 'conduit') parts.push(name.replace(/\((\S+) (\d+)\)/, '$1 $2,')); // the drawn number stays a word of the name
  else parts.push(`${name}${red}`);
  if (built) {
    parts.push(built.level ? t('{company} dam level {level}', { company: companyName(built.owner), level: built.level }) : companyName(built.owner));
    if (s.kind === 'dam') parts.push(t('{drops} of {capacity} drops', { drops: built.drops, capacity: built.capacity }));
  }
  if (legal) parts.push(legal.text);
  return parts.join('; ');
}

function drawnSize(s) {
  if (s.kind === 'dam') return [DAM_W, DAM_H];
  if (s.kind === 'powerhouse') return [PH, PH];
  return [28, 28];
}

// a finger needs 44 CSS px; the hit area is a little more, so it holds at any scale drawn
const FINGER = 46;

function overlaps(a, b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function drawSpace(s, built, legal) {
  const g = svg('g', { class: `space ${s.kind}${s.red_bordered ? ' red' : ''}`, 'data-space': s.id });
  if (built) g.classList.add('built', `co-${built.owner}`);
  g.append(spaceShape(s));
  const [x, y] = s.xy;
  if (s.kind === 'conduit') {
    const text = built ? `${companyLetter(built.owner)}${s.value}` : String(s.value);
    g.append(svg('text', { class: built ? 'space-text' : 'value-text', x, y, text, 'aria-hidden': 'true' }));
  } else if (built) {
    const letter = companyLetter(built.owner);
    g.append(svg('text', { class: 'space-text', x: s.kind === 'dam' ? x - 12 : x, y, text: letter, 'aria-hidden': 'true' }));
    if (s.kind === 'dam') {
      // one pip per level (Base + Elevations) so the level reads without colour
      for (let i = 0; i < built.level; i += 1) {
        g.append(svg('rect', { class: 'level-pip', x: x + 2 + i * 8, y: y - 8, width: 5, height: 16, rx: 1 }));
      }
    }
  }
  if (legal) {
    g.classList.add('legal');
    if (legal.selected) g.classList.add('selected');
    g.setAttribute('role', 'button');
    g.setAttribute('tabindex', '0');
    g.setAttribute('aria-label', spaceLabel(s, built, legal));
    const [w, h] = drawnSize(s);
    g.prepend(svg('rect', { class: 'hit', x: x - w / 2, y: y - h / 2, width: w, height: h }));
  }
  return g;
}

function drawDrops(layer, [x, y], drops, capacity, label) {
  const shown = Math.min(drops, 6);
  const startX = x - ((shown - 1) * 12) / 2;
  for (let i = 0; i < shown; i += 1) {
    layer.append(svg('circle', { class: 'drop', cx: startX + i * 12, cy: y, r: 5.5 }));
  }
  const text = capacity === undefined ? `${drops}` : `${drops}/${capacity}`;
  if (drops > 0 || capacity !== undefined) {
    layer.append(svg('text', { class: 'drop-count', x, y: y + (shown ? 20 : 5), text }));
  }
}

function drawHeadstreams(layer, board, state) {
  for (const h of board.headstreams) {
    const [x, y] = h.xy;
    const tile = state?.headstream_tiles?.[h.id];
    const drops = state?.headstreams?.[h.id] ?? 0;
    // the printed tile shows its drops for rounds 1-4, not an id
    const perRound = headstreamTile(tile)?.drops_by_round;
    const g = svg('g', { class: 'headstream', 'data-headstream': h.id });
    g.append(svg('title', { text: perRound ? t('Headstream {letter}, tile with {drops} drops in rounds 1 to 4: {waiting} drops waiting', { letter: h.id, drops: perRound.join(', '), waiting: drops }) : t('Headstream {letter}: {waiting} drops waiting', { letter: h.id, waiting: drops }) }));
    g.append(svg('rect', { class: 'headstream-shape', x: x - HS_W / 2, y: y - HS_H / 2, width: HS_W, height: HS_H, rx: 10 }));
    g.append(svg('text', { class: 'headstream-text', x, y: y - 8, text: perRound ? `${h.id} · ${perRound.join('·')}` : h.id }));
    layer.append(g);
    const dots = svg('g', {});
    drawDrops(dots, [x, y + 10], drops, undefined, `${drops} drops`);
    layer.append(dots);
  }
}

// sized to read from across the table (the map is drawn at about 0.8 on the tablet)
const ICON = 14;
const CHAR = 8.4;

/** Where a space's cost chip goes: under a dam, above a conduit, on a powerhouse square. */
function chipCenter(s) {
  const [x, y] = s.xy;
  if (s.kind === 'dam') return [x, y + DAM_H / 2 + 10];
  if (s.kind === 'conduit') return [x, y - 22];
  return [x, y];
}

/**
 * The selected space's chip is a button (issue 13): tapped, it says the rules behind the cost
 * (or behind the Automa's choice of this space). Its hit area is sized by refit().
 */
function whyChip(g, legal) {
  const { key, group, label, facts } = legal.why;
  g.classList.add('why-chip');
  g.removeAttribute('aria-hidden');
  for (const [name, value] of Object.entries({ role: 'button', tabindex: '0', 'data-open': 'why', 'data-why': key, 'data-why-group': group })) g.setAttribute(name, value);
  if (facts) g.dataset.whyFacts = facts;
  g.setAttribute('aria-label', t('The rule behind: {step}', { step: facts || label }));
  g.prepend(svg('rect', { class: 'chip-hit' }));
}

/** A chip text's drawn width: measured once it is on the page, else estimated from its length. */
function textWidth(node, text) {
  const measured = node.isConnected && node.getComputedTextLength ? node.getComputedTextLength() : 0;
  return measured > 0 ? measured : String(text).length * CHAR;
}

const WHY_R = 9; // the "?" disc at the end of the selected space's chip

function drawCostChip(layer, s, legal) {
  const why = legal.selected && legal.why && rulesFor(legal.why.group, legal.why.key).length;
  const parts = (legal.parts || [{ text: legal.chip ?? '' }]).filter((p) => p.icon || p.text);
  if (!parts.length) return;
  const [cx, cy] = chipCenter(s);
  const g = svg('g', { class: 'cost-chip', 'aria-hidden': 'true' });
  const face = svg('rect', { class: 'chip-face', y: cy - 10, height: 20, rx: 10 });
  g.append(face);
  layer.append(g);
  // drawn first, then laid out by their measured widths (bold digits are wider than a guess)
  const drawn = parts.map((part) => {
    const text = svg('text', { y: cy, 'text-anchor': 'start', text: part.icon ? part.n : part.text });
    const icon = part.icon ? svg('use', { href: `/static/icons/sprite.svg#${part.icon}`, y: cy - ICON / 2, width: ICON, height: ICON, class: 'chip-icon' }) : null;
    g.append(...[icon, text].filter(Boolean));
    const width = (icon ? ICON + 1 : 0) + textWidth(text, text.textContent);
    return { icon, text, width };
  });
  const w = drawn.reduce((sum, d) => sum + d.width, 0) + (drawn.length - 1) * 4 + 10 + (why ? 4 + 2 * WHY_R : 0);
  face.setAttribute('x', cx - w / 2);
  face.setAttribute('width', w);
  let x = cx - w / 2 + 5;
  for (const d of drawn) {
    d.icon?.setAttribute('x', x);
    d.text.setAttribute('x', x + (d.icon ? ICON + 1 : 0));
    x += d.width + 4;
  }
  if (why) {
    g.append(svg('circle', { class: 'chip-why', cx: x + WHY_R, cy, r: WHY_R }),
      svg('text', { class: 'chip-why-text', x: x + WHY_R, y: cy, 'text-anchor': 'middle', text: '?' }));
    whyChip(g, legal);
    g.dataset.box = [cx - w / 2, cy - 10, w, 20].join(' ');
    for (const [k, v] of Object.entries({ x: cx - w / 2, y: cy - 10, width: w, height: 20 })) g.firstChild.setAttribute(k, v);
  }
}

/**
 * Build the map once inside `root` (an <svg>) and return a controller:
 *   update(state, legal)  legal: Map(spaceId -> {text, chip, selected})
 *   animate(path, drops)  move blue drops along a list of ids (flow paths)
 */
export function createMap(root, rawBoard, { viewBox = null, zoomed = false } = {}) {
  const board = normalize(rawBoard);
  const box = viewBox || [0, 0, board.width, board.height];
  root.setAttribute('viewBox', box.join(' '));
  root.replaceChildren();
  const at = locator(board);
  const names = ['bands', 'rivers', 'conduits', 'built', 'labels', 'headstreams', 'spaces', 'drops', 'chips', 'flying'];
  const layers = Object.fromEntries(names.map((n) => [n, svg('g', { class: `layer-${n}` })]));
  root.append(...names.map((n) => layers[n]));
  drawStatic(layers, board, at);

  function update(state, legal = new Map()) {
    for (const n of ['built', 'headstreams', 'spaces', 'drops', 'chips']) layers[n].replaceChildren();
    for (const s of board.spaces) {
      const built = structureAt(state, s);
      if (s.kind === 'conduit' && built) {
        layers.built.append(svg('polyline', { class: 'conduit-outline', points: points(conduitPath(s)) }));
        // its letter is drawn on the conduit's space; the line names its owner too
        layers.built.append(svg('polyline', { class: `conduit-line built co-${built.owner}`, points: points(conduitPath(s)) },
          svg('title', { text: t('{company} conduit', { company: companyName(built.owner) }) })));
      }
      layers.spaces.append(drawSpace(s, built, legal.get(s.id)));
      if (s.kind === 'dam' && built && s.held_drops_xy) {
        drawDrops(layers.drops, s.held_drops_xy, built.drops, built.capacity, t('{space}: {drops} of {capacity} drops', { space: s.id, drops: built.drops, capacity: built.capacity }));
      }
      if (legal.has(s.id)) drawCostChip(layers.chips, s, legal.get(s.id));
    }
    // the selected space's "?" chip on top of its neighbours' chips
    for (const chip of layers.chips.querySelectorAll('.why-chip')) layers.chips.append(chip);
    drawHeadstreams(layers.headstreams, board, state);
    refit();
  }

  /**
   * Size every legal space's hit area to a fingertip at the scale the map is drawn now; where
   * two of them would overlap, mark them crowded (a tap there opens the basin enlarged).
   */
  let hits = [];
  function refit() {
    const width = root.getBoundingClientRect().width;
    if (!width) return;
    const unit = box[2] / width; // map units per CSS px
    const spaces = [...layers.spaces.querySelectorAll('.space.legal')];
    const rects = spaces.map((g) => {
      const s = board.spaces.find((x) => x.id === g.dataset.space);
      const [dw, dh] = drawnSize(s);
      const w = Math.max(dw, FINGER * unit);
      const h = Math.max(dh, FINGER * unit);
      const r = { g, s, x: s.xy[0] - w / 2, y: s.xy[1] - h / 2, w, h };
      const hit = g.querySelector('.hit');
      for (const [k, v] of Object.entries({ x: r.x, y: r.y, width: w, height: h })) hit.setAttribute(k, v);
      return r;
    });
    hits = rects;
    // the "?" chip: at least a fingertip wide and high, centred on its drawing
    for (const chip of layers.chips.querySelectorAll('.why-chip')) {
      const [x, y, w, h] = chip.dataset.box.split(' ').map(Number);
      const fw = Math.max(w, FINGER * unit);
      const fh = Math.max(h, FINGER * unit);
      const box = { x: x + w / 2 - fw / 2, y: y + h / 2 - fh / 2, width: fw, height: fh };
      for (const [k, v] of Object.entries(box)) chip.querySelector('.chip-hit').setAttribute(k, v);
    }
  }

  /**
   * Which legal space a tap at (clientX, clientY) means: the nearest whose hit area holds the
   * point. It is ambiguous when another hit area holds it too, the point is outside the
   * nearest's drawing, and the two centres are about as far: then the basin opens enlarged.
   */
  function pick(clientX, clientY) {
    const ctm = root.getScreenCTM();
    if (!ctm || !hits.length) return null;
    const pt = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    const inside = hits.filter((r) => pt.x >= r.x && pt.x <= r.x + r.w && pt.y >= r.y && pt.y <= r.y + r.h)
      .map((r) => ({ r, d: Math.hypot(pt.x - r.s.xy[0], pt.y - r.s.xy[1]) }))
      .sort((a, b) => a.d - b.d);
    if (!inside.length) return null;
    const [first, second] = inside;
    const [dw, dh] = drawnSize(first.r.s);
    const onDrawing = Math.abs(pt.x - first.r.s.xy[0]) <= dw / 2 && Math.abs(pt.y - first.r.s.xy[1]) <= dh / 2;
    const ambiguous = !zoomed && Boolean(second) && !onDrawing && second.d < first.d * 1.5;
    return { g: first.r.g, ambiguous };
  }

  root.addEventListener('click', (event) => {
    if (event.detail === 0 || event.__picked) return; // keyboard activation: the focused space
    if (event.target.closest?.('.why-chip')) return; // the selected space's "?" chip: its rules
    const picked = pick(event.clientX, event.clientY);
    if (!picked) return;
    const current = event.target.closest?.('[data-space]');
    if (picked.g === current && !picked.ambiguous) return;
    event.stopPropagation();
    if (picked.ambiguous) picked.g.dataset.crowded = String(board.spaces.find((x) => x.id === picked.g.dataset.space).basin);
    const again = new MouseEvent('click', { bubbles: true, clientX: event.clientX, clientY: event.clientY, detail: 1 });
    again.__picked = true;
    picked.g.dispatchEvent(again);
    delete picked.g.dataset.crowded;
  }, true);

  /** The map in words (its text alternative): basins with their structures and drops. */
  function describe(state) {
    return board.basins.map((b) => {
      const bits = [];
      for (const s of board.spaces.filter((x) => String(x.basin) === String(b.id))) {
        const built = structureAt(state, s);
        if (!built) continue;
        const who = companyName(built.owner);
        const { name } = s;
        const dam = t('{company} dam, level {level}, {drops} of {capacity} drops', { company: who, level: built.level, drops: built.drops, capacity: built.capacity });
        if (s.kind === 'dam') bits.push(`${name}: ${dam}`);
        else bits.push(`${name}: ${who} ${t(s.kind)}`);
      }
      const head = board.headstreams.filter((h) => String(h.basin) === String(b.id))
        .map((h) => t('headstream {letter}: {waiting} drops waiting', { letter: h.id, waiting: state?.headstreams?.[h.id] ?? 0 }));
      return { name: b.name || t('basin {basin}', { basin: b.id }), lines: [...head, ...bits] };
    });
  }

  function animate(path, drops = 1) {
    const coords = (path || []).map(at).filter(Boolean);
    if (coords.length < 2 || !root.isConnected) return Promise.resolve();
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const runs = [];
    for (let i = 0; i < Math.min(drops || 1, 5); i += 1) {
      const dot = svg('circle', { class: 'flying-drop', cx: 0, cy: 0, r: 8 });
      layers.flying.append(dot);
      const frames = coords.map(([x, y]) => ({ transform: `translate(${x}px, ${y}px)` }));
      const anim = dot.animate(frames, { duration: reduce ? 1 : 450 * coords.length, delay: i * 250, easing: 'ease-in-out', fill: 'forwards' });
      runs.push(anim.finished.catch(() => null).then(() => dot.remove()));
    }
    return Promise.all(runs);
  }

  update(null);
  if (typeof ResizeObserver === 'function') new ResizeObserver(() => refit()).observe(root);
  /** Mark one space (the list item focused names it), or none. */
  function highlight(id) {
    for (const g of layers.spaces.querySelectorAll('.space.focused')) g.classList.remove('focused');
    if (id) layers.spaces.querySelector(`[data-space="${CSS.escape(id)}"]`)?.classList.add('focused');
  }

  return { update, animate, refit, describe, highlight, locate: at, board };
}
