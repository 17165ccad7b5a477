// The room page's clocks (docs/web.md "Clocks"): each seat's time left, counted down here
// from the server's last reading (each EventBatch and RoomInfo carries them, as of
// clocks_at_ms), paused or out of time; "Claim the win on time" once another seat is out of time, and "Give more time…" (a seat
// and hours). The server decides who may (docs/clocks.md): its refusal is shown as any other.

import { html, clear } from 'grognard/svg.js';
import { seatClock } from 'grognard/clocks.js';

const ENDED = new Set(['finished', 'aborted', 'failed', 'expired']);

// ctx: { conn, seatLabel(id), state() → { seatId, role, status }, showError(e), onRoom(room) }.
// Returns { root, update(room or batch: { timeControl?, timeControlText?, clocks }), draw(),
// request(body) (a claimTimeout or grantTime, as the buttons send it; resolves true when done),
// stop() }.
export function clockPanel({ conn, seatLabel, state, showError, onRoom }) {
  let clocks = [];
  let at = 0;          // clocks_at_ms: the server's time when `clocks` were read
  let control = '';
  const title = html('span', { id: 'time-control', class: 'hint' });
  const list = html('ul', { id: 'clock-list', class: 'clocks' });
  const claim = html('button', { type: 'button', id: 'claim-time', hidden: true }, 'Claim the win on time');
  const grant = html('button', { type: 'button', id: 'grant-time', hidden: true }, 'Give more time…');
  const seatSel = html('select', { id: 'grant-seat' });
  const hours = html('input', { id: 'grant-hours', type: 'number', min: '1', max: '336', value: '24' });
  const form = html('form', { id: 'grant-form', hidden: true },
    html('label', { for: 'grant-seat' }, 'Give '), seatSel, ' ', hours,
    html('label', { for: 'grant-hours' }, ' hours more '),
    html('button', { type: 'submit', id: 'grant-go' }, 'Give'), ' ',
    html('button', { type: 'button', id: 'grant-cancel' }, 'Cancel'));
  const root = html('section', { id: 'clocks', class: 'clocks-box', hidden: true, 'aria-labelledby': 'h-clocks' },
    html('h2', { id: 'h-clocks' }, 'Clocks ', title), list, html('p', {}, claim, ' ', grant), form);

  const others = () => clocks.filter((c) => c.seatId !== state().seatId);
  const elapsed = () => Date.now() - at;
  const out = (c) => seatClock(c, elapsed()).state === 'out';

  function draw() {
    root.hidden = !control;
    if (!control) return;
    clear(list);
    for (const c of clocks) {
      const s = seatClock(c, elapsed());
      list.append(html('li', { class: `clock ${s.state}`, dataset: { seat: c.seatId } },
        html('span', { class: 'clock-seat' }, seatLabel(c.seatId)), ': ',
        html('span', { class: 'clock-left' }, s.text),
        s.state && s.state !== 'out' ? html('span', { class: 'clock-state' }, ` (${s.state})`) : ''));
    }
    const st = state();
    const playing = st.role !== 'observer' && !ENDED.has(st.status) && st.status !== 'waiting';
    claim.hidden = !playing || !others().some(out);
    grant.hidden = !playing || !others().length;
    if (!playing) form.hidden = true;
  }

  function update(r) {
    if (r.timeControl !== undefined) {
      control = r.timeControl || '';
      title.textContent = r.timeControlText || control;
    }
    if (r.clocks) {
      clocks = r.clocks;
      at = Number(r.clocksAtMs || 0);
    }
    draw();
  }

  // A claim or a grant (the buttons', and the command line's through request()); true when done.
  async function ask(body) {
    try {
      const r = await conn.request(body);
      showError(null);
      if (r.room) {
        update(r.room);
        onRoom(r.room);
      }
      return true;
    } catch (e) {
      showError(e);
      return false;
    }
  }

  claim.addEventListener('click', () => {
    const target = others().find(out);
    return ask({ claimTimeout: { seatId: target ? target.seatId : '' } });
  });
  grant.addEventListener('click', () => {
    clear(seatSel).append(...others().map((c) => html('option', { value: c.seatId }, seatLabel(c.seatId))));
    form.hidden = false;
    seatSel.focus();
  });
  form.querySelector('#grant-cancel').addEventListener('click', () => { form.hidden = true; });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const h = Number(hours.value);
    if (!Number.isInteger(h) || h < 1 || h > 336) {
      showError({ message: `"${hours.value}" is not a number of hours to give: 1 to 336.` });
      return;
    }
    form.hidden = true;
    ask({ grantTime: { seatId: seatSel.value, hours: h } });
  });

  const timer = setInterval(() => {
    if (control && clocks.some((c) => c.running && !c.paused && !c.outOfTime)) draw();
  }, 1000);
  return { root, update, draw, request: ask, stop() { clearInterval(timer); } };
}
