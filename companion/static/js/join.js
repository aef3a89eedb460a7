// Join: a device enters the game's short code and is sent to the game view.
import { api } from './api.js';
import { scriptReady } from './dom.js';
import { t } from './i18n.js';

const form = document.getElementById('join-form');
const error = document.getElementById('join-error');

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  error.hidden = true;
  const code = document.getElementById('join-code').value.trim().toUpperCase();
  try {
    const result = await api.join(code);
    window.location.assign(api.gamePage(result.game?.id ?? result.game_id));
  } catch (e) {
    error.textContent = e.status === 404 ? t('No game has the code {code}. Check the code on the tablet.', { code }) : e.message;
    error.hidden = false;
  }
});
scriptReady();
