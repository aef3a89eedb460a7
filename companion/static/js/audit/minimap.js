// A small schematic map for the audit when the game's map renderer is not available:
// every building space at its place, structures as company colour + letter, dam levels.
import { s, COMPANY_LETTER } from './common.js';

export function createMiniMap(root, board) {
  root.setAttribute('viewBox', `0 0 ${board.width} ${board.height}`);
  function update(state, legal = new Map()) {
    root.replaceChildren();
    for (const b of board.basins) {
      root.append(s('text', { class: 'basin-label', x: b.label_xy[0], y: b.label_xy[1], 'text-anchor': 'middle', text: b.id }));
    }
    for (const sp of board.spaces) {
      const [x, y] = sp.xy;
      const built = sp.kind === 'dam' ? state?.dams?.[sp.id]
        : sp.kind === 'conduit' ? (state?.conduits?.[sp.id] && { owner: state.conduits[sp.id] })
          : (state?.powerhouses?.[sp.id] && { owner: state.powerhouses[sp.id] });
      const g = s('g', { class: `space ${sp.kind}${sp.red ? ' red' : ''}${built ? ` built co-${built.owner}` : ''}${legal.has(sp.id) ? ' legal' : ''}`, 'data-space': sp.id, role: 'button', tabindex: 0, 'aria-label': `${sp.id}${built ? ` ${built.owner}${built.level ? ` level ${built.level}` : ''}` : ''}` });
      if (sp.kind === 'dam') g.append(s('rect', { class: 'space-shape', x: x - 31, y: y - 14, width: 62, height: 28, rx: 5 }));
      else if (sp.kind === 'powerhouse') g.append(s('rect', { class: 'space-shape', x: x - 12, y: y - 12, width: 24, height: 24, rx: 3 }));
      else g.append(s('circle', { class: 'space-shape', cx: x, cy: y, r: 14 }));
      const text = built ? `${COMPANY_LETTER[built.owner] ?? '?'}${built.level ? built.level : ''}` : (sp.kind === 'conduit' ? String(sp.value ?? '') : sp.kind === 'dam' ? sp.id : '');
      g.append(s('text', { class: 'space-text', x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', text }));
      root.append(g);
    }
  }
  update(null);
  return { update };
}
