// The page a password-reset link lands on (`/account/reset?token=…`, docs/web.md): a new
// password typed twice, sent with the link's token (POST /account/reset), after which every
// session of the account has ended. Without a token, the form that asks for a link
// (POST /account/reset-request) by the account's name or its confirmed address: the answer is
// the same whatever exists.

import { html } from 'grognard/svg.js';
import { errorText } from 'grognard/conn.js';
import { accountHttp, field } from 'grognard/account.js';

export function showReset({ app }) {
  document.title = 'Grognard: reset your password';
  const token = new URLSearchParams(location.search).get('token') || '';
  const err = html('p', { id: 'reset-error', class: 'error', role: 'alert', 'aria-live': 'assertive' });
  const note = html('p', { id: 'reset-note', class: 'hint', role: 'status', 'aria-live': 'polite' });
  const form = token ? newPasswordForm() : askForm();

  async function run(work) {
    err.textContent = '';
    note.textContent = '';
    const buttons = [...form.querySelectorAll('button')];
    buttons.forEach((b) => { b.disabled = true; });
    try {
      note.textContent = await work();
    } catch (e) {
      err.textContent = errorText(e);
    } finally {
      buttons.forEach((b) => { b.disabled = false; });
    }
  }

  function askForm() {
    const [pWho, who] = field('reset-who', 'Name or e-mail address', { autocomplete: 'username', maxlength: '254', spellcheck: 'false' });
    const f = html('form', { id: 'reset-request-form' },
      html('p', { class: 'hint' }, 'A link to choose a new password is mailed to the account\'s address, if it is confirmed.'),
      pWho, html('p', {}, html('button', { id: 'reset-request-go', type: 'submit' }, 'Mail me a link')));
    f.addEventListener('submit', (e) => {
      e.preventDefault();
      run(async () => {
        if (!who.value.trim()) throw new Error('Type your account\'s name or its address.');
        const n = await accountHttp('/account/reset-request', { nameOrEmail: who.value.trim() });
        return `${n.text}.`;
      });
    });
    return f;
  }

  function newPasswordForm() {
    const [pNew, nw] = field('reset-password', 'New password', { type: 'password', autocomplete: 'new-password' });
    const [pNew2, nw2] = field('reset-password2', 'New password again', { type: 'password', autocomplete: 'new-password' });
    const f = html('form', { id: 'reset-form' },
      html('p', { class: 'hint' }, 'At least 8 characters. Every device logged in to the account is logged out.'),
      pNew, pNew2, html('p', {}, html('button', { id: 'reset-go', type: 'submit' }, 'Set the new password')));
    f.addEventListener('submit', (e) => {
      e.preventDefault();
      run(async () => {
        if (!nw.value) throw new Error('Type the new password.');
        if (nw.value !== nw2.value) throw new Error('The two passwords differ: type the same one twice.');
        const n = await accountHttp('/account/reset', { token, newPassword: nw.value });
        f.reset();
        return `${n.text}.`;
      });
    });
    return f;
  }

  app.append(html('section', { id: 'reset', class: 'card', 'aria-labelledby': 'h-reset' },
    html('h1', { id: 'h-reset' }, token ? 'Choose a new password' : 'Forgot your password?'),
    err, note, form,
    html('p', {}, html('a', { href: '/', 'data-route': true }, 'Go to the lobby'), '.')));
  return { dispose() {} };
}
