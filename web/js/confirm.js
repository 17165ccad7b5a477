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

// The question `box` shows now, to be answered "kept back" when another takes its place.
const open = new WeakMap();

// Shows `warnings` in `box`; resolves true when the player gives the order all the same, false
// when he keeps it back (the button, or Escape), or asks about another order first.
export function confirmOrder(box, warnings) {
  if (open.has(box)) open.get(box)(false);
  return new Promise((resolve) => {
    const give = html('button', { type: 'button', class: 'give' }, 'Give the order');
    const keep = html('button', { type: 'button', class: 'keep' }, 'Keep it back');
    const done = (yes) => {
      open.delete(box);
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
    open.set(box, done);
    box.hidden = false;
    keep.focus();
  });
}
