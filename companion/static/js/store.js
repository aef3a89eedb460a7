// The latest server state of one game plus the UI's own selection; subscribers re-render.

const listeners = new Set();

export const store = {
  gameId: null,
  joinCode: null,
  board: null, // map geometry from /api/board
  state: null, // companion.engine.state.to_json(GameState)
  options: null, // legal options from the engine
  version: -1,
  log: [],
  connected: true,
  me: null, // the company this device claimed (phones)
  ui: { action: null, choice: null, amount: null, why: null },
};

/** Register `fn(store)`; it runs after every change. Returns an unsubscribe function. */
export function subscribe(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function notify() {
  for (const fn of listeners) fn(store);
}

/** Merge a patch into the UI selection and re-render. */
export function select(patch) {
  Object.assign(store.ui, patch);
  notify();
}

export function clearSelection() {
  store.ui = { action: null, choice: null, amount: null, why: null };
}

/**
 * Take a server payload: a whole view ({state, options, version, log?}) or what changed
 * ({version, base_version, changes, removed} plus the `options` main.js asked for). Older
 * versions are ignored so a late broadcast never overwrites a newer answer; changes made
 * from another version than the one held are not applied (the caller asks for the whole
 * view, see `canApply`). Returns true when it was applied.
 */
export function applyUpdate(payload) {
  if (!payload || typeof payload.version !== 'number') return false;
  if (payload.version < store.version) return false;
  // the same version twice (the HTTP answer, then the room's broadcast): nothing to redraw
  if (payload.version === store.version && store.state && !payload.log) return false;
  const changed = payload.version !== store.version;
  if (payload.changes) {
    if (!canApply(payload)) return false;
    applyChanges(store.state, payload.changes, payload.removed || []);
  } else {
    store.state = payload.state ?? store.state;
  }
  store.options = payload.options ?? store.options;
  store.version = payload.version;
  if (payload.log) store.log = payload.log;
  if (changed) clearSelection();
  notify();
  return true;
}

/** Whether `payload`'s changes apply to the state held (made from this very version). */
export function canApply(payload) {
  return !payload.changes || (Boolean(store.state) && payload.base_version === store.version);
}

/** Apply the server's changes in place: each `[path, value]` sets, each removed path goes. */
export function applyChanges(state, changes, removed) {
  const parent = (path) => path.slice(0, -1).reduce((node, key) => node[key], state);
  for (const [path, value] of changes) parent(path)[path[path.length - 1]] = value;
  for (const path of removed) delete parent(path)[path[path.length - 1]];
}

export function setConnected(connected) {
  if (store.connected === connected) return;
  store.connected = connected;
  notify();
}
