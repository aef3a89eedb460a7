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
 * Take a server payload ({state, options, version, log?}); older versions are ignored so a
 * late broadcast never overwrites a newer answer. Returns true when it was applied.
 */
export function applyUpdate(payload) {
  if (!payload || typeof payload.version !== 'number') return false;
  if (payload.version < store.version) return false;
  // the same version twice (the HTTP answer, then the room's broadcast): nothing to redraw
  if (payload.version === store.version && store.state && !payload.log) return false;
  const changed = payload.version !== store.version;
  store.state = payload.state ?? store.state;
  store.options = payload.options ?? store.options;
  store.version = payload.version;
  if (payload.log) store.log = payload.log;
  if (changed) clearSelection();
  notify();
  return true;
}

export function setConnected(connected) {
  if (store.connected === connected) return;
  store.connected = connected;
  notify();
}
