// Asks before an order the server warns about (docs/protocol.md "Previews"), as the terminal
// client does: Sharpe's Mess warns, for one, before an activation ends that loses a figure (S2).

import { html, clear } from 'grognard/svg.js';

// The server's warnings for `command`, or none. A preview the server refuses does not hold the
// order back: the command itself then gets the same refusal, in the same words.
export async function warningsFor(conn, command) {
  try {
    const r = await conn.request({ preview: { command } });
    return (r.preview && r.preview.warnings) || [];
  } catch (e) {
    return [];
  }
}

// Shows `warnings` in `box`; resolves true when the player gives the order all the same, false
// when he keeps it back (the button, or Escape).
export function confirmOrder(box, warnings) {
  return new Promise((resolve) => {
    const give = html('button', { type: 'button', class: 'give' }, 'Give the order');
    const keep = html('button', { type: 'button', class: 'keep' }, 'Keep it back');
    const done = (yes) => {
      box.removeEventListener('keydown', onKey);
      clear(box).hidden = true;
      resolve(yes);
    };
    const onKey = (e) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      done(false);
    };
    give.addEventListener('click', () => done(true));
    keep.addEventListener('click', () => done(false));
    box.addEventListener('keydown', onKey);
    clear(box).append(
      html('p', { class: 'confirm-title' }, 'The server warns:'),
      html('ul', {}, warnings.map((w) => html('li', {}, w))),
      html('div', { class: 'confirm-buttons' }, give, ' ', keep));
    box.hidden = false;
    keep.focus();
  });
}
