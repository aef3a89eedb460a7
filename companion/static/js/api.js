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

export const api = {
  board: () => request('GET', '/api/board'),
  listGames: () => request('GET', '/api/games'),
  createGame: (setup, title = '') => request('POST', '/api/games', { setup, title }),
  deleteGame: (id) => request('DELETE', g(id)),
  join: (code) => request('POST', '/api/join', { code }),
  claim: (id, company) => request('POST', `${g(id)}/seat`, { company }),
  game: (id) => request('GET', g(id)),
  options: (id) => request('GET', `${g(id)}/options`),
  command: (id, command, version) => request('POST', `${g(id)}/commands`, { command, version }),
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
