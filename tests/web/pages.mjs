// The web client's connection follows pages (docs/protocol.md, "Pages"): a Seated answered a
// page at a time is completed with get_events as its seat, and an event batch pushed while the
// pages come is held back and let through after it, so the page sees every event once and in
// order. Runs conn.js in Node against a scripted socket (no server, no browser needed).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { check } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

const ev = (seq) => ({ seq: String(seq), chat: { text: `event ${seq}` } });
const range = (a, b) => Array.from({ length: b - a + 1 }, (_, i) => ev(a + i));

export async function connPages(t) {
  globalThis.WebSocket ??= { OPEN: 1 };
  const { Conn } = await import(pathToFileURL(path.join(here, '../../web/js/conn.js')).href);
  const conn = new Conn('ws://unused');
  const asked = [];
  let pushLive = true;
  // The server: pages of 7 up to seq 20; a live event (21) pushed while the first page is asked.
  const ws = {
    readyState: 1,
    send(data) {
      const m = JSON.parse(data);
      asked.push(m);
      const g = m.getEvents;
      check(g, `unexpected request ${data}`);
      check(g.asSeat === 'side:0' && g.toSeq === '20', `get_events not as the seat up to last_seq: ${data}`);
      const from = Number(g.fromSeq);
      const to = Math.min(from + 6, 20);
      if (pushLive) {
        pushLive = false;
        conn.onMessage({ data: JSON.stringify({ requestId: '0', events: { gameId: 'g1', events: [ev(21)] } }) });
      }
      const answer = { requestId: m.requestId, eventList: { gameId: 'g1', lastSeq: '21', events: range(from, to), nextSeq: to < 20 ? String(to + 1) : '0' } };
      setTimeout(() => conn.onMessage({ data: JSON.stringify(answer) }), 1);
    },
  };
  const pushed = [];
  conn.on('events', (b) => pushed.push(...b.events.map((e) => Number(e.seq))));
  const seated = { gameId: 'g1', seatId: 'side:0', role: 'general', lastSeq: '20', nextSeq: '8', events: range(1, 7) };
  const whole = await conn.completeSeated(seated, ws);
  // The caller takes the whole Seated in this task: nothing pushed has reached it yet.
  check(pushed.length === 0, `a live event reached the page before the Seated was whole: ${pushed}`);
  const seqs = whole.events.map((e) => Number(e.seq));
  check(JSON.stringify(seqs) === JSON.stringify(range(1, 20).map((e) => Number(e.seq))),
    `the completed Seated holds ${seqs}`);
  check(Number(whole.nextSeq) === 0, 'the completed Seated still says there is more');
  check(asked.length === 2, `${asked.length} get_events for two pages`);
  await new Promise((r) => setTimeout(r, 20));
  check(JSON.stringify(pushed) === '[21]', `the live event came ${JSON.stringify(pushed)}, not once after the pages`);
  // A whole Seated is taken as it is, nothing asked.
  const same = await conn.completeSeated({ ...seated, nextSeq: '0' }, ws);
  check(same.events.length === 7 && asked.length === 2, 'a whole Seated was paged again');
  t.note = 'a Seated completed in 2 pages, the live event let through after it';
}
