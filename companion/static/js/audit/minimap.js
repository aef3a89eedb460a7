// A small schematic map for the audit when the game's map renderer is not available:
// every building space at its place, structures as company colour + letter, dam levels.
// Spaces are named in board words (/api/board's `name`), never by their ids.
import { s, COMPANY_LETTER, COMPANY_NAME } from './common.js';
import { t } from '../i18n.js';

export function createMiniMap(root, board) {
  root.setAttribute('viewBox', `0 0 ${board.width} ${board.height}`);
  function update(state, legal = new Map()) {
    root.replaceChildren();
    for (const sp of board.spaces) {
      const [x, y] = sp.xy;
      const built = sp.kind === 'dam' ? state?.dams?.[sp.id]
        : sp.kind === 'conduit' ? (state?.conduits?.[sp.id] && { owner: state.conduits[sp.id] })
          : (state?.powerhouses?.[sp.id] && { owner: state.powerhouses[sp.id] });
      // what the space shows: its owner's letter (and a dam's level), a conduit's value
      const letter = built ? COMPANY_LETTER[built.owner] ?? '?' : '';
      const text = sp.kind === 'conduit' ? `${letter}${sp.value ?? ''}` : `${letter}${built?.level ?? ''}`;
      const owner = built ? (built.level ? t('{company} dam level {level}', { company: COMPANY_NAME[built.owner], level: built.level }) : COMPANY_NAME[built.owner]) : '';
      const label = [sp.name, owner, legal.get(sp.id)?.text].filter(Boolean).join('; ');
      const g = s('g', { class: `space ${sp.kind}${sp.red ? ' red' : ''}${built ? ` built co-${built.owner}` : ''}${legal.has(sp.id) ? ' legal' : ''}`, 'data-space': sp.id, role: 'button', tabindex: 0, 'aria-label': built && text ? `${text}: ${label}` : label });
      if (sp.kind === 'dam') g.append(s('rect', { class: 'space-shape', x: x - 31, y: y - 14, width: 62, height: 28, rx: 5 }));
      else if (sp.kind === 'powerhouse') g.append(s('rect', { class: 'space-shape', x: x - 12, y: y - 12, width: 24, height: 24, rx: 3 }));
      else g.append(s('circle', { class: 'space-shape', cx: x, cy: y, r: 14 }));
      g.append(s('text', { class: 'space-text', x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'aria-hidden': 'true', text }));
      root.append(g);
    }
  }
  update(null);
  return { update };
}
