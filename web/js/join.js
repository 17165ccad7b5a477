// Seat picking on /rooms/CODE when this tab holds no seat there yet (#join): a button per open
// seat, one to watch, one per seat of the room this browser already holds (resume), and for a
// room the lobby does not list, a form naming the seat.

import { html } from 'grognard/svg.js';
import { errorText } from 'grognard/conn.js';
import { rulesetTitle } from 'grognard/rulesets/index.js';
import { playerName, setPlayerName } from 'grognard/seats.js';
import { scenarioTitle } from 'grognard/names.js';

// root: where to draw; stored: this browser's seats in the room; onJoin({ role, seat, name });
// onResume(entry). Returns the section.
export async function showJoin(root, { conn, code, stored, error, onJoin, onResume }) {
  const nameInput = html('input', { id: 'join-name', type: 'text', maxlength: '60', value: playerName() });
  const name = () => {
    const n = nameInput.value.trim();
    setPlayerName(n);
    return n;
  };
  const err = html('p', { id: 'error', class: 'error', role: 'alert', 'aria-live': 'assertive' }, error ? errorText(error) : '');
  const box = html('section', { id: 'join', class: 'card join' },
    html('h1', {}, `Room ${code}`),
    err,
    html('p', {}, html('label', { for: 'join-name' }, 'Your name '), nameInput));
  root.append(box);

  if (stored.length) {
    const p = html('p', { class: 'resume-list' }, 'Your seats here: ');
    for (const s of stored) {
      const b = html('button', { type: 'button', class: 'resume', dataset: { tokenOf: `${s.gameId}/${s.seatId}` } },
        s.role === 'observer' ? 'Resume watching' : `Resume ${s.label}`);
      b.addEventListener('click', () => onResume(s));
      p.append(b, ' ');
    }
    box.append(p);
  }

  let room = null;
  try {
    const r = await conn.request({ listRooms: {} });
    room = ((r.rooms && r.rooms.rooms) || []).find((x) => x.inviteCode === code) || null;
  } catch (e) {
    err.textContent = errorText(e);
  }

  if (room) {
    const title = await scenarioTitle(conn, room.ruleset, room.scenario);
    box.append(html('p', {}, html('strong', {}, rulesetTitle(room.ruleset)), `: ${title}. `,
      html('span', { class: `badge status-${room.status}` }, room.status), room.toAct ? ` ${room.toAct}` : ''));
    const list = html('ul', { class: 'seats' });
    for (const s of room.seats || []) {
      if (s.taken) {
        list.append(html('li', { class: 'seat taken' }, `${s.label}: taken${s.playerName ? ` by ${s.playerName}` : ''}`));
      } else {
        const b = html('button', { type: 'button', class: 'join-seat', dataset: { seat: s.seatId } },
          `Play ${s.label}${s.role === 'general' ? '' : ` (${s.role})`}`);
        b.addEventListener('click', () => onJoin({ role: s.role, seat: s.seatId, name: name() }));
        list.append(html('li', { class: 'seat open' }, b));
      }
    }
    box.append(html('h2', {}, 'Take a seat'), list);
    if (room.observersAllowed) {
      const w = html('button', { type: 'button', class: 'watch' }, 'Watch as an observer');
      w.addEventListener('click', () => onJoin({ role: 'observer', name: name() }));
      box.append(html('p', {}, w));
    }
    const first = box.querySelector('button[data-seat], button.watch, button.resume');
    if (first) first.focus();
    return box;
  }

  // Not listed (or gone): the player names the seat he was invited to.
  const role = html('select', { id: 'join-role' },
    ...['general', 'player', 'referee', 'observer'].map((r) => html('option', { value: r }, r)));
  const seat = html('input', { id: 'join-seat', type: 'text', maxlength: '60', placeholder: 'empty: the first open seat' });
  const go = html('button', { type: 'submit', id: 'join-named' }, 'Join');
  const form = html('form', { class: 'join-named' },
    html('p', {}, 'This room is not in the list of open rooms (it may be unlisted): name the seat you were invited to take.'),
    html('p', {}, html('label', { for: 'join-role' }, 'Role '), role, ' ',
      html('label', { for: 'join-seat' }, 'Seat '), seat, ' ', go),
    html('p', {}, html('button', { type: 'button', class: 'watch' }, 'Watch as an observer')));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    onJoin({ role: role.value, seat: seat.value.trim(), name: name() });
  });
  form.querySelector('button.watch').addEventListener('click', () => onJoin({ role: 'observer', name: name() }));
  box.append(form);
  return box;
}
