// Chat on the room page: a message to the whole room or to one seat (`chat { text, to }`).
// Messages come back as events and are shown in the log in their place.

import { html } from 'grognard/svg.js';

// Builds the chat form. `seats` the room's seats, `mySeat` this page's seat id, `send(body)`
// the request function, `showError(e)`.
export function chatForm({ seats, mySeat, send, showError }) {
  const text = html('input', { id: 'chat-text', type: 'text', maxlength: '1000', autocomplete: 'off', placeholder: 'Message' });
  const to = html('select', { id: 'chat-to' });
  const btn = html('button', { id: 'chat-send', type: 'submit' }, 'Send');
  const form = html('form', { id: 'chat', class: 'chat' },
    html('label', { for: 'chat-text', class: 'visually-hidden' }, 'Message'), text,
    html('label', { for: 'chat-to', class: 'visually-hidden' }, 'To'), to, btn);

  to.append(html('option', { value: '' }, 'to everyone'));
  for (const s of seats || []) {
    if (s.seatId !== mySeat) to.append(html('option', { value: s.seatId }, `to ${s.label} only`));
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const t = text.value.trim();
    if (!t) return;
    btn.disabled = true;
    try {
      const body = { text: t };
      if (to.value) body.to = to.value;
      await send({ chat: body });
      text.value = '';
      showError(null);
    } catch (err) {
      showError(err);
    } finally {
      btn.disabled = false;
    }
  });
  return { form };
}
