// Small helpers the parts of the battle report share (report.js and its report_*.js).

// A seat's name as the report writes it: 'Desert Column (Alice)'.
export function seatName(ctx, seatId) {
  if (!seatId) return 'the server';
  const s = ctx.seats.get(seatId);
  if (!s) return seatId;
  const label = s.label || s.seatId;
  return s.playerName && s.playerName !== label ? `${label} (${s.playerName})` : label;
}

export function message(err) {
  return err && err.message ? err.message : String(err);
}

// A time in ms since the epoch, as '2 December 2026, 01:04 UTC' (UTC, so that every reader of
// a saved report sees the same words).
export function when(ms) {
  const n = Number(ms || 0);
  if (!n) return '';
  const d = new Date(n);
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August',
    'September', 'October', 'November', 'December'];
  const pad = (x) => String(x).padStart(2, '0');
  return `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}, ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}
