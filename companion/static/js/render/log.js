// The game log as a story: one line per event (its reason), grouped by command.
import { el, fill } from '../dom.js';
import { actionLabel, companyName, humanize, phaseName } from '../names.js';
import { t } from '../i18n.js';

function describeEvent(event) {
  if (typeof event === 'string') return event;
  return event.reason || event.text || event.message || event.type?.replaceAll('_', ' ') || '';
}

function entryLines(entry) {
  if (typeof entry === 'string') return [entry];
  if (entry.text) return [entry.text];
  if (entry.lines?.length) return entry.lines;
  const events = entry.events || [];
  const lines = events.map(describeEvent).filter(Boolean);
  if (!lines.length && entry.command) lines.push(`${companyName(entry.command.player)} ${actionLabel(entry.command.type || '')}`);
  return lines;
}

function entryWhen(entry) {
  const bits = [];
  if (entry.seq !== undefined) bits.push(`#${entry.seq}`);
  if (entry.round) bits.push(t('round {round}', { round: entry.round }));
  if (entry.phase) bits.push(phaseName(entry.phase));
  if (entry.kind === 'undo' || entry.undone) bits.push(entry.undone ? 'undone' : 'undo');
  return bits.join(' · ');
}

/** Newest first. `log` is the list from GET /api/games/<id>/log (or the game payload). */
export function renderLog(root, log) {
  const entries = Array.isArray(log) ? log : log?.entries || log?.log || [];
  const list = el('ol', { class: 'log', reversed: true });
  for (const entry of [...entries].reverse()) {
    // the events of one record often repeat a sentence (decided, then applied): humanize it once
    const lines = [...new Set(entryLines(entry).map(humanize))];
    if (!lines.length) continue;
    const [first, ...details] = lines;
    const who = entry.command?.player ? companyName(entry.command.player) : '';
    const headline = who && !first.includes(who) ? `${who}: ${first}` : first;
    list.append(el('li', { class: entry.undone ? 'undone' : '' },
      el('span', { class: 'when', text: entryWhen(entry) }),
      el('div', { class: 'headline', text: headline }),
      ...details.map((line) => el('div', { class: 'detail', text: line }))));
  }
  if (!list.children.length) list.append(el('li', { text: t('Nothing has happened yet.') }));
  fill(root, list);
}
