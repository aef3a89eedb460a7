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
  command: (id, command, version) => request('POST', `${g(id)}/commands`, { command, version }),
  undoPreview: (id) => request('GET', `${g(id)}/undo`),
  undo: (id, version) => request('POST', `${g(id)}/undo`, { version }),
  log: (id) => request('GET', `${g(id)}/log`),
  audit: (id) => request('GET', `/api/audit/games/${encodeURIComponent(id)}`),
  qrUrl: (id) => `${g(id)}/qr.svg`,
  gamePage: (id) => `/games/${encodeURIComponent(id)}`,
};

/**
 * Show a server-drawn QR code in `img`. The server's SVG may lack the SVG namespace (an inline
 * SVG), which an <img> refuses to draw; the namespace is added before it is shown.
 */
export async function loadQr(img, url) {
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    let text = await response.text();
    if (!/<svg[^>]*\sxmlns=/.test(text)) text = text.replace('<svg', '<svg xmlns="http://www.w3.org/2000/svg"');
    const old = img.dataset.objectUrl;
    img.src = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
    img.dataset.objectUrl = img.src;
    if (old) URL.revokeObjectURL(old);
  } catch {
    img.alt = `${img.alt} (could not be loaded)`;
  }
}
