// The JSON API: every call the UI makes to the server goes through here.

/** An HTTP error with the server's JSON body (409 stale version, 422 rule violation, 400 schema). */
export class ApiError extends Error {
  constructor(status, body) {
    super((body && (body.message || body.error)) || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

async function request(method, url, body) {
  const init = { method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { message: text }; }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

const g = (id) => `/api/games/${encodeURIComponent(id)}`;

// A tap and the acting device's options go over the game's socket once it is connected: a
// tap sent as an event costs the server about 1 ms of CPU less than the same tap over HTTP
// (no request of its own to dispatch, no cookie to read and sign again; docs/operations.md
// "Where a tap's CPU goes"). Without a socket (polling, reconnecting, offline) they go over
// HTTP as before.
const SOCKET_TIMEOUT_MS = 10000;
let live = null;

/** The game's connected socket (socket.js), or null: what `command` and `options` use. */
export function useSocket(socket) {
  live = socket;
}

/** An event answered like the HTTP API: its answer, or an ApiError with the same status and
 * body. A socket that does not know this device's join (it connected before the join)
 * passes the request on to HTTP, which reads the cookie as it is now. */
async function overSocket(event, data, overHttp) {
  const answer = await live.timeout(SOCKET_TIMEOUT_MS).emitWithAck(event, data);
  if (answer?.ok) return answer;
  if (answer?.status === 403) return overHttp();
  throw new ApiError(answer?.status || 500, answer?.error);
}

const viaSocket = (event, data, overHttp) => (live?.connected ? overSocket(event, data, overHttp) : overHttp());

export const api = {
  board: () => request('GET', '/api/board'),
  listGames: () => request('GET', '/api/games'),
  createGame: (setup, title = '') => request('POST', '/api/games', { setup, title }),
  deleteGame: (id) => request('DELETE', g(id)),
  join: (code) => request('POST', '/api/join', { code }),
  claim: (id, company) => request('POST', `${g(id)}/seat`, { company }),
  game: (id) => request('GET', g(id)),
  options: (id) => viaSocket('get_options', { game_id: id },
    () => request('GET', `${g(id)}/options`)),
  // with_options: the new version's options come with the answer (no second request)
  command: (id, command, version, withOptions = false) => viaSocket('submit_command',
    { game_id: id, command, version, with_options: withOptions },
    () => request('POST', `${g(id)}/commands`, { command, version, with_options: withOptions })),
  undoPreview: (id) => request('GET', `${g(id)}/undo`),
  undo: (id, version) => request('POST', `${g(id)}/undo`, { version }),
  log: (id) => request('GET', `${g(id)}/log`),
  audit: (id) => request('GET', `/api/audit/games/${encodeURIComponent(id)}`),
  qrUrl: (id) => `${g(id)}/qr.svg`,
  gamePage: (id) => `/games/${encodeURIComponent(id)}`,
};

/** Show a server-drawn QR code (a standalone SVG document) in `img`. */
export function loadQr(img, url) {
  img.src = url;
}
