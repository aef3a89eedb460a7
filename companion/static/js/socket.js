// Live updates: the only module that touches Socket.IO (one room per game).
// The client is served locally (/static/vendor); without it we fall back to polling.

const CLIENT = '/static/vendor/socket.io.esm.min.js';

/**
 * Connect to the game's room. `onUpdate(payload)` receives every `game_updated`;
 * `onStatus(connected)` reports connection changes; `onReconnect()` asks for a catch-up;
 * `onJoined(view)` receives the whole view `join_game` answers with (a broadcast made while
 * the socket was connecting is in it).
 */
export async function connectGame(gameId, { onUpdate, onStatus, onReconnect, onJoined, poll }) {
  let io;
  try {
    ({ io } = await import(CLIENT));
  } catch {
    return startPolling(poll, onStatus);
  }
  const socket = io({ transports: ['websocket', 'polling'] });
  let wasConnected = false;
  socket.on('connect', () => {
    socket.emit('join_game', { game_id: gameId }, (view) => {
      if (view?.ok) onJoined?.(view);
    });
    onStatus(true);
    if (wasConnected) onReconnect();
    wasConnected = true;
  });
  socket.on('disconnect', () => onStatus(false));
  socket.on('connect_error', () => onStatus(false));
  // A tablet whose Wi-Fi drops says so at once: a socket would notice only at its next missed
  // ping (up to 45 s), and a browser's offline mode may leave a WebSocket looking open.
  window.addEventListener('offline', () => {
    onStatus(false);
    socket.disconnect();
  });
  window.addEventListener('online', () => {
    if (!socket.connected) socket.connect();
  });
  socket.on('game_updated', (payload) => {
    if (!payload || payload.game_id === undefined || payload.game_id === gameId) onUpdate(payload);
  });
  return socket;
}

function startPolling(poll, onStatus) {
  const tick = async () => {
    try {
      await poll();
      onStatus(true);
    } catch {
      onStatus(false);
    }
  };
  setInterval(tick, 2500);
  return null;
}
