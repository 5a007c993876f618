// The options page: the Corkboard server's address, checked and stored as an origin.
import { normalizeServer, readServer, writeServer } from './settings.ts';

const form = document.getElementById('form') as HTMLFormElement;
const input = document.getElementById('server') as HTMLInputElement;
const error = document.getElementById('server-error') as HTMLElement;
const saved = document.getElementById('saved') as HTMLElement;

void readServer().then((server) => {
  input.value = server;
});

input.addEventListener('input', () => {
  error.textContent = '';
  input.removeAttribute('aria-invalid');
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  saved.textContent = '';
  const origin = normalizeServer(input.value);
  if (origin === null) {
    error.textContent = 'Enter an address that starts with http:// or https://.';
    input.setAttribute('aria-invalid', 'true');
    return;
  }
  void writeServer(origin).then(() => {
    input.value = origin;
    saved.textContent = `Saved. The extension now uses ${origin}.`;
  });
});
