// The lobby's "Your account" card (docs/accounts.md): logged out, a log-in form and a
// register form; logged in, the name, log out (here or everywhere), and behind their own
// disclosures the vacation, the notifications (notices.js), the e-mail address, a change of
// password and the account's deletion.
//
// The session is the HttpOnly cookie that POST /account/register and /account/login set: the
// page never sees its token, and keeps nothing of it. After the cookie changes the page's
// WebSocket is opened again, so that the upgrade carries it (or no longer does). Changing the
// password and deleting the account go over that logged-in WebSocket.

import { html, clear } from 'grognard/svg.js';
import { ServerError, errorText } from 'grognard/conn.js';
import { vacationBox } from 'grognard/vacation.js';
import { noticesBox } from 'grognard/notices.js';

// GET /account, or a POST /account/… with a JSON body: resolves with the AccountState, rejects
// with the server's refusal (its Error as JSON) as a ServerError.
export async function accountHttp(path, body) {
  let res;
  try {
    res = await fetch(path, body === undefined ? { credentials: 'same-origin' } : {
      method: 'POST', credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
  } catch (e) {
    throw new ServerError({ code: 'UNAVAILABLE', message: `The server cannot be reached (${e.message}).` });
  }
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    data = null;
  }
  if (!res.ok) {
    throw new ServerError(data && data.message ? data
      : { code: 'UNAVAILABLE', message: `The server answered ${res.status} ${res.statusText}.` });
  }
  return data || {};
}

// A question with two buttons in `box`; resolves true for `yes`, false for `no` or Escape.
function ask(box, question, yes, no) {
  return new Promise((resolve) => {
    const y = html('button', { type: 'button', class: 'confirm-yes' }, yes);
    const n = html('button', { type: 'button', class: 'confirm-no' }, no);
    const onKey = (e) => {
      if (e.key === 'Escape') done(false);
    };
    const done = (v) => {
      box.removeEventListener('keydown', onKey);
      clear(box).hidden = true;
      resolve(v);
    };
    y.addEventListener('click', () => done(true));
    n.addEventListener('click', () => done(false));
    box.addEventListener('keydown', onKey);
    clear(box).append(html('p', { class: 'confirm-title' }, question), html('p', {}, y, ' ', n));
    box.hidden = false;
    n.focus();
  });
}

// A labelled input: [the <p>, the input].
export function field(id, label, attrs = {}) {
  const input = html('input', { id, type: 'text', ...attrs });
  return [html('p', {}, html('label', { for: id }, label), ' ', input), input];
}

// onChange(account) is called whenever the page logs in or out (once at the start too).
// Returns { root, account() (the AccountState), check() (asks the server again) }.
export function accountCard({ conn, onChange }) {
  let account = { loggedIn: false };
  const err = html('p', { id: 'account-error', class: 'error', role: 'alert', 'aria-live': 'assertive' });
  const note = html('p', { id: 'account-note', class: 'hint', role: 'status', 'aria-live': 'polite' });
  const body = html('div', { id: 'account-body' }, html('p', { class: 'empty' }, 'Asking the server…'));
  const root = html('section', { id: 'account', class: 'card', 'aria-labelledby': 'h-account' },
    html('h2', { id: 'h-account' }, 'Your account'), err, note, body);

  const showError = (e) => { err.textContent = e ? errorText(e) : ''; };
  const say = (text) => { note.textContent = text || ''; };

  // Runs `work` with the form's buttons disabled; shows its refusal.
  async function busy(form, work) {
    showError(null);
    say('');
    const buttons = [...form.querySelectorAll('button')];
    buttons.forEach((b) => { b.disabled = true; });
    try {
      await work();
    } catch (e) {
      showError(e);
    } finally {
      buttons.forEach((b) => { b.disabled = false; });
    }
  }

  // A new state from the server: the WebSocket opened again with the cookie as it is now.
  async function settle(state, words) {
    account = state && state.loggedIn ? state : { loggedIn: false };
    draw();
    say(words || (account.loggedIn ? '' : 'Logged out.'));
    // The focus was in the form that went: on to the first control of the new one.
    const first = body.querySelector('button, input');
    if (first) first.focus();
    try {
      await conn.reconnect();
    } catch (e) {
      // the header's line tells of the connection; the lists wait for it
    }
    onChange(account);
  }

  function loggedOut() {
    const [pName, name] = field('login-name', 'Name', { autocomplete: 'username', maxlength: '32', spellcheck: 'false' });
    const [pPass, pass] = field('login-password', 'Password', { type: 'password', autocomplete: 'current-password' });
    const login = html('form', { id: 'login-form', 'aria-labelledby': 'h-login' },
      html('h3', { id: 'h-login' }, 'Log in'), pName, pPass,
      html('p', {}, html('button', { id: 'login-go', type: 'submit' }, 'Log in')));
    login.addEventListener('submit', (e) => {
      e.preventDefault();
      busy(login, async () => {
        if (!name.value.trim() || !pass.value) throw new Error('Type your account\'s name and its password.');
        const state = await accountHttp('/account/login', { name: name.value.trim(), password: pass.value });
        await settle(state, '');
      });
    });

    const [rName, rname] = field('register-name', 'Name', { autocomplete: 'username', maxlength: '32', spellcheck: 'false' });
    const [rPass, rpass] = field('register-password', 'Password', { type: 'password', autocomplete: 'new-password' });
    const [rPass2, rpass2] = field('register-password2', 'Password again', { type: 'password', autocomplete: 'new-password' });
    const [rMail, rmail] = field('register-email', 'E-mail (optional)', { type: 'email', autocomplete: 'email', maxlength: '254' });
    const register = html('form', { id: 'register-form', novalidate: true },
      html('p', { class: 'hint' }, 'A name is 3 to 32 letters, digits, _ or -; a password at least 8 characters.'),
      rName, rPass, rPass2, rMail,
      html('p', {}, html('button', { id: 'register-go', type: 'submit' }, 'Register')));
    register.addEventListener('submit', (e) => {
      e.preventDefault();
      busy(register, async () => {
        if (!rname.value.trim() || !rpass.value) throw new Error('Choose a name and a password.');
        if (rpass.value !== rpass2.value) throw new Error('The two passwords differ: type the same one twice.');
        const req = { name: rname.value.trim(), password: rpass.value };
        if (rmail.value.trim()) req.email = rmail.value.trim();
        const state = await accountHttp('/account/register', req);
        await settle(state, 'Your account is made; you are logged in.');
      });
    });
    return [
      html('p', { class: 'hint' }, 'Optional: with an account your games follow you to any device.'),
      login,
      html('p', {}, html('a', { id: 'forgot-link', href: '/account/reset', 'data-route': true }, 'Forgot your password?')),
      html('details', { id: 'register-box' }, html('summary', {}, 'Register an account'), register),
    ];
  }

  function loggedIn() {
    const confirmBox = html('div', { id: 'account-confirm', class: 'confirm', hidden: true });
    const out = html('button', { id: 'logout', type: 'button' }, 'Log out');
    const outAll = html('button', { id: 'logout-all', type: 'button' }, 'Log out everywhere');
    const actions = html('form', { id: 'logout-form' }, html('p', {}, out, ' ', outAll), confirmBox);
    actions.addEventListener('submit', (e) => e.preventDefault());
    out.addEventListener('click', () => busy(actions, async () => {
      await accountHttp('/account/logout', {});
      await settle(null, 'Logged out.');
    }));
    outAll.addEventListener('click', () => busy(actions, async () => {
      if (!(await ask(confirmBox, 'Log out on every device, this one too?', 'Log out everywhere', 'Cancel'))) return;
      await accountHttp('/account/logout', { everywhere: true });
      await settle(null, 'Logged out on every device.');
    }));

    const [pOld, old] = field('password-old', 'Your password', { type: 'password', autocomplete: 'current-password' });
    const [pNew, nw] = field('password-new', 'New password', { type: 'password', autocomplete: 'new-password' });
    const [pNew2, nw2] = field('password-new2', 'New password again', { type: 'password', autocomplete: 'new-password' });
    const change = html('form', { id: 'password-form' },
      html('p', { class: 'hint' }, 'Your other devices are logged out; this one stays logged in.'),
      pOld, pNew, pNew2, html('p', {}, html('button', { id: 'password-go', type: 'submit' }, 'Change the password')));
    change.addEventListener('submit', (e) => {
      e.preventDefault();
      busy(change, async () => {
        if (!old.value || !nw.value) throw new Error('Type your password and the new one.');
        if (nw.value !== nw2.value) throw new Error('The two new passwords differ: type the same one twice.');
        await conn.request({ changePassword: { oldPassword: old.value, newPassword: nw.value } });
        change.reset();
        say('Your password is changed; your other devices are logged out.');
      });
    });

    const [pDel, del] = field('delete-password', 'Your password', { type: 'password', autocomplete: 'current-password' });
    const delConfirm = html('div', { id: 'delete-confirm', class: 'confirm', hidden: true });
    const remove = html('form', { id: 'delete-form' },
      html('p', { class: 'warning' }, 'Deleting the account removes its password, e-mail address and sessions. ',
        html('strong', {}, 'Your name stays in the games already played: they are public records.')),
      pDel, html('p', {}, html('button', { id: 'delete-go', type: 'submit' }, 'Delete my account…')), delConfirm);
    remove.addEventListener('submit', (e) => {
      e.preventDefault();
      busy(remove, async () => {
        if (!del.value) throw new Error('Type your password to delete the account.');
        const sure = await ask(delConfirm, `Delete the account ${account.name} for good? This cannot be undone.`,
          'Delete it for good', 'Keep it');
        if (!sure) return;
        await conn.request({ deleteAccount: { password: del.value } });
        // The session is gone with the account: GET /account clears the cookie.
        const state = await accountHttp('/account').catch(() => ({ loggedIn: false }));
        await settle(state, 'Your account is deleted.');
      });
    });

    const who = html('p', { id: 'account-who' }, 'Logged in as ', html('strong', { id: 'account-name' }, account.name),
      account.email ? ` (${account.email}${account.emailConfirmed ? '' : ', unconfirmed — check your mail'})` : '', '.');
    const emailNote = account.emailNote ? html('p', { id: 'email-note', class: 'hint' }, account.emailNote) : '';
    return [who, emailNote, actions, vacationBox({ conn, account }), noticesBox({ conn, account }), emailBox(),
      html('details', { id: 'password-box' }, html('summary', {}, 'Change your password'), change),
      html('details', { id: 'delete-box' }, html('summary', {}, 'Delete your account'), remove)];
  }

  // Sets the address (a confirmation mail goes to it) or removes it, after the password.
  function emailBox() {
    const [pMail, mail] = field('email-new', 'E-mail address', { type: 'email', autocomplete: 'email', maxlength: '254' });
    const [pPass, pass] = field('email-password', 'Your password', { type: 'password', autocomplete: 'current-password' });
    const drop = html('button', { id: 'email-remove', type: 'button' }, 'Remove the address');
    const form = html('form', { id: 'email-form', novalidate: true },
      html('p', { class: 'hint' }, 'A link to confirm it is mailed to the new address; only a confirmed address can reset a forgotten password.'),
      pMail, pPass, html('p', {}, html('button', { id: 'email-go', type: 'submit' }, 'Set the address'), ' ', drop));
    const send = (email) => busy(form, async () => {
      if (!pass.value) throw new Error('Type your password to change the address.');
      if (email === '' && !account.email) throw new Error('Your account has no address to remove.');
      const n = await accountHttp('/account/email', { email, password: pass.value });
      if (n.account && n.account.loggedIn) account = n.account;
      draw();
      say(n.text);
    });
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (!mail.value.trim()) {
        showError(new Error('Type the new address (or remove the one you have).'));
        return;
      }
      send(mail.value.trim());
    });
    drop.addEventListener('click', () => send(''));
    return html('details', { id: 'email-box' }, html('summary', {}, account.email ? 'Change your e-mail address' : 'Add an e-mail address'), form);
  }

  function draw() {
    clear(body).append(...(account.loggedIn ? loggedIn() : loggedOut()));
  }

  // Asks the server who the cookie logs in; draws the card and tells onChange.
  async function check() {
    let state = { loggedIn: false };
    try {
      state = await accountHttp('/account');
    } catch (e) {
      showError(e);
    }
    const was = account;
    account = state.loggedIn ? state : { loggedIn: false };
    const changed = !!was.loggedIn !== !!account.loggedIn || (was.name || '') !== (account.name || '');
    if (changed || !body.querySelector('form')) draw();
    if (changed && was.loggedIn) say('You were logged out (on another device, or your session ended).');
    return account;
  }

  check().then((a) => onChange(a));
  return { root, account: () => account, check };
}
