// Time controls and clocks (docs/clocks.md, docs/web.md "Clocks"): the words for what a seat
// has left, the create form's choice of a time control, and the room page's clocks with the
// claim of a win on time and the grant of more time. A running clock counts down from its
// reading: left_ms as of clocks_at_ms, the server's time then.

import { html, clear } from 'grognard/svg.js';

const MINUTE = 60000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const count = (n, unit) => `${n} ${unit}${n === 1 ? '' : 's'}`;

// "3 days", "1 day 4 hours", "5 hours 12 minutes"; under an hour "12:34"; nothing left "0:00".
export function durationText(ms) {
  const t = Math.max(0, Number(ms) || 0);
  if (t < HOUR) {
    const s = Math.ceil(t / 1000);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  }
  if (t >= DAY) {
    const h = Math.floor((t % DAY) / HOUR);
    return count(Math.floor(t / DAY), 'day') + (h ? ` ${count(h, 'hour')}` : '');
  }
  const m = Math.floor((t % HOUR) / MINUTE);
  return count(Math.floor(t / HOUR), 'hour') + (m ? ` ${count(m, 'minute')}` : '');
}

// What a SeatClock has left `elapsed` ms after it was read: a running clock counts down unless
// it is paused (its account on vacation).
export function clockLeft(c, elapsed) {
  if (c.outOfTime) return 0;
  const left = Number(c.leftMs || 0);
  if (!c.running || c.paused) return left;
  return Math.max(0, left - Math.max(0, elapsed));
}

// { text: "1 day 4 hours", state: "running" | "paused" | "out" | "" }.
export function seatClock(c, elapsed) {
  const left = clockLeft(c, elapsed);
  if (c.outOfTime || (c.running && left === 0)) return { text: 'out of time', state: 'out' };
  return { text: durationText(left), state: c.paused ? 'paused' : c.running ? 'running' : '' };
}

// "3 days per move: British 2 days 23 hours (running), Boers 3 days" as of now; '' without a
// time control.
export function clocksText(room, seatLabel) {
  if (!room.timeControl) return '';
  const elapsed = Date.now() - Number(room.clocksAtMs || 0);
  const clocks = (room.clocks || []).map((c) => {
    const s = seatClock(c, elapsed);
    return `${seatLabel(c.seatId)} ${s.text}${s.state && s.state !== 'out' ? ` (${s.state})` : ''}`;
  });
  return `${room.timeControlText || room.timeControl}${clocks.length ? `: ${clocks.join(', ')}` : ''}`;
}

// The create form's choice: none; days per move (1–14); a pace; a live clock (minutes, and
// seconds after each move). Returns { root, line() }: line() is the CreateRoom.time_control.
export function timeControlField() {
  const kind = html('select', { id: 'create-time' },
    html('option', { value: '' }, 'None'),
    html('option', { value: 'days' }, 'Days per move'),
    html('option', { value: 'pace' }, 'A pace (a bank of days)'),
    html('option', { value: 'live' }, 'Live (minutes for the game)'));
  const days = html('input', { id: 'create-days', type: 'number', min: '1', max: '14', value: '3' });
  const pace = html('select', { id: 'create-pace' },
    html('option', { value: 'fast' }, 'fast: 1 day, half a day more a move, at most 2'),
    html('option', { value: 'normal', selected: true }, 'normal: 3 days, 1 more a move, at most 5'),
    html('option', { value: 'slow' }, 'slow: 7 days, 2 more a move, at most 14'));
  const minutes = html('input', { id: 'create-minutes', type: 'number', min: '1', max: '600', value: '30' });
  const seconds = html('input', { id: 'create-seconds', type: 'number', min: '0', max: '600', value: '0' });
  const parts = {
    days: html('span', { hidden: true }, ' ', days, html('label', { for: 'create-days' }, ' days for each move')),
    pace: html('span', { hidden: true }, ' ', html('label', { for: 'create-pace' }, 'pace '), pace),
    live: html('span', { hidden: true }, ' ', minutes, html('label', { for: 'create-minutes' }, ' minutes each, '),
      seconds, html('label', { for: 'create-seconds' }, ' seconds more a move')),
  };
  const show = () => Object.entries(parts).forEach(([k, el]) => { el.hidden = k !== kind.value; });
  kind.addEventListener('change', show);
  const root = html('p', { id: 'create-time-control' },
    html('label', { for: 'create-time' }, 'Time control '), kind, parts.days, parts.pace, parts.live);
  const line = () => {
    if (kind.value === 'days') return `days ${days.value.trim()}`;
    if (kind.value === 'pace') return `pace ${pace.value}`;
    if (kind.value === 'live') {
      const s = Number(seconds.value || 0);
      return `live ${minutes.value.trim()}${s ? `+${s}` : ''}`;
    }
    return '';
  };
  return { root, line };
}

// The seat a typed word names: its id or label in any case, or a player's name without
// "player:"; '' for none.
function seatNamed(seats, word) {
  const w = String(word).toLowerCase();
  const s = (seats || []).find((x) => String(x.seatId).toLowerCase() === w
    || String(x.label || '').toLowerCase() === w || String(x.seatId).toLowerCase() === `player:${w}`);
  return s ? s.seatId : '';
}

// The room's command line for clocks, read as the terminal client reads it (docs/client.md
// "Clocks"): `claim [SEAT]` and `grant SEAT HOURS` (12 or 12h, 2d, or 30m for live clocks).
// ctx: { seats (the room's SeatInfo list), role }. Returns null for another line, { error } for
// a malformed one, else the request: { claimTimeout: { seatId } } or { grantTime: { seatId,
// hours | minutes } }.
export function clockCommand(text, { seats = [], role = '' } = {}) {
  const w = String(text).trim().split(/\s+/);
  const verb = w[0].toLowerCase();
  if (verb !== 'claim' && verb !== 'grant') return null;
  const claim = verb === 'claim';
  const usage = claim ? 'usage: claim [SEAT] (the win on time over a seat out of time)'
    : 'usage: grant SEAT HOURS (or 30m, 2d), e.g. grant Boers 12';
  if (role === 'observer') return { error: 'observers cannot claim nor grant time' };
  if (claim ? w.length > 2 : w.length !== 3) return { error: usage };
  let seatId = '';
  if (w.length > 1) {
    seatId = seatNamed(seats, w[1]);
    if (!seatId) return { error: `no seat "${w[1]}" in this room; ${usage}` };
  }
  if (claim) return { claimTimeout: { seatId } };
  const m = /^(\d{1,6})([hdm]?)$/.exec(w[2]);
  if (!m) return { error: `"${w[2]}" is not a time to grant: hours (12 or 12h), days (2d) or minutes (30m); ${usage}` };
  const n = Number(m[1]);
  if (m[2] === 'm') return { grantTime: { seatId, minutes: n } };
  return { grantTime: { seatId, hours: m[2] === 'd' ? n * 24 : n } };
}

// The lines `help` adds for the clocks.
export const CLOCK_HELP = 'claim [SEAT]   the win on time over a seat whose clock has run out (without SEAT: the first one out of time)\n'
  + 'grant SEAT HOURS   give SEAT more time: hours (12 or 12h), days (2d) or minutes (30m, live clocks); e.g. grant Boers 12';
