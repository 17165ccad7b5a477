// The account card's Notifications (docs/web.md "Notifications", docs/notifications.md): the
// webhook each notice is POSTed to (its URL and a secret to sign the calls, the secret never
// shown again; Remove), why it is failing when every retry failed, how often notices are mailed
// (each, daily, off), and the Notification API's button for this browser.

import { html, clear } from 'grognard/svg.js';
import { errorText } from 'grognard/conn.js';
import { browserNotifyControl } from 'grognard/browser_notify.js';

const MODES = [
  ['each', 'Each', 'one mail per game, at most every 3 hours; what comes meanwhile waits for the next'],
  ['daily', 'Daily', 'one digest of every game, at most once a day'],
  ['off', 'Off', 'no mail'],
];

// ctx: { conn, account (the AccountState) }. Returns the card's <details> element.
export function noticesBox({ conn, account }) {
  let state = account;
  const err = html('p', { id: 'notices-error', class: 'error', role: 'alert', 'aria-live': 'assertive' });
  const said = html('p', { id: 'notices-note', class: 'hint', role: 'status', 'aria-live': 'polite' });
  const current = html('p', { id: 'webhook-current' });
  const failing = html('p', { id: 'webhook-failing', class: 'failing', role: 'alert', hidden: true });
  const url = html('input', { id: 'webhook-url', type: 'url', maxlength: '2000', spellcheck: 'false',
    placeholder: 'https://hooks.example.org/grognard', autocomplete: 'off' });
  const secret = html('input', { id: 'webhook-secret', type: 'password', maxlength: '256', autocomplete: 'new-password' });
  const remove = html('button', { id: 'webhook-remove', type: 'button' }, 'Remove the webhook');
  const hookForm = html('form', { id: 'webhook-form', novalidate: true, 'aria-labelledby': 'h-webhook' },
    html('h3', { id: 'h-webhook' }, 'Webhook'),
    html('p', { class: 'hint' }, 'Each notice is POSTed as JSON to this address, signed with the secret (HMAC-SHA256): your receiver checks the signature with it. The server accepts https:// to a public host; the secret is 16 to 256 characters without spaces, and is never shown again.'),
    current, failing,
    html('p', {}, html('label', { for: 'webhook-url' }, 'URL'), ' ', url),
    html('p', {}, html('label', { for: 'webhook-secret' }, 'Secret'), ' ', secret),
    html('p', {}, html('button', { id: 'webhook-go', type: 'submit' }, 'Set the webhook'), ' ', remove));

  const radios = MODES.map(([value, label, words]) => {
    const input = html('input', { type: 'radio', name: 'mail-notices', id: `mail-${value}`, value });
    input.addEventListener('change', () => {
      if (input.checked) ask(mailForm, { setMailNotices: { mode: value } }, `Mail notices: ${label.toLowerCase()}.`);
    });
    return [input, html('li', {}, input, ' ', html('label', { for: `mail-${value}` }, html('strong', {}, label), `: ${words}`))];
  });
  const mailWarn = html('p', { id: 'mail-notices-warn', class: 'hint', hidden: true });
  const mailForm = html('form', { id: 'mail-notices-form', 'aria-labelledby': 'h-mail-notices' },
    html('h3', { id: 'h-mail-notices' }, 'E-mail'),
    html('p', { class: 'hint' }, 'How often notices are mailed. Mail goes only to a confirmed address.'),
    html('ul', { class: 'choices', role: 'radiogroup', 'aria-labelledby': 'h-mail-notices' }, radios.map(([, li]) => li)),
    mailWarn);
  mailForm.addEventListener('submit', (e) => e.preventDefault());

  const browser = html('div', { id: 'notify-browser-box' },
    html('h3', {}, 'In this browser'), browserNotifyControl());

  function draw() {
    clear(current);
    if (state.webhookUrl) current.append('Notices go to ', html('code', { id: 'webhook-shown' }, state.webhookUrl), '.');
    else current.append('No webhook.');
    failing.hidden = !state.webhookFailing;
    failing.textContent = state.webhookFailing
      ? `Failing: ${state.webhookFailing}. Notices are not reaching it; the next one delivered marks it working again.` : '';
    remove.hidden = !state.webhookUrl;
    const mode = state.mailNotices || 'each';
    for (const [input] of radios) input.checked = input.value === mode;
    mailWarn.hidden = mode === 'off' || !!state.emailConfirmed;
    mailWarn.textContent = state.email
      ? `Nothing is mailed until ${state.email} is confirmed (the link in the mail sent to it).`
      : 'Your account has no e-mail address: nothing is mailed (add one under Add an e-mail address).';
  }

  async function ask(form, body, words) {
    err.textContent = '';
    said.textContent = '';
    const buttons = [...form.querySelectorAll('button, input')];
    buttons.forEach((b) => { b.disabled = true; });
    try {
      const r = await conn.request(body);
      if (r.account) state = r.account;  // whole: the JSON leaves out what is empty
      said.textContent = words;
      return true;
    } catch (e) {
      err.textContent = errorText(e);
      return false;
    } finally {
      buttons.forEach((b) => { b.disabled = false; });
      draw();
    }
  }

  hookForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!url.value.trim() || !secret.value) {
      err.textContent = 'Type the webhook\'s URL and a secret (16 to 256 characters) to sign its calls with.';
      return;
    }
    if (await ask(hookForm, { setWebhook: { url: url.value.trim(), secret: secret.value } }, 'The webhook is set.')) hookForm.reset();
  });
  remove.addEventListener('click', () => ask(hookForm, { setWebhook: { url: '', secret: '' } }, 'The webhook is removed.'));

  draw();
  const summary = html('summary', {}, 'Notifications', account.webhookFailing ? html('span', { class: 'failing-mark' }, ' (webhook failing)') : '');
  return html('details', { id: 'notices-box', open: !!account.webhookFailing }, summary,
    html('p', { class: 'hint' }, 'Told when a game needs you and you have no page of it open: your move, a take-back to answer, your clock running short, the end.'),
    err, said, hookForm, mailForm, browser);
}
