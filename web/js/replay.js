// The replay at /games/ID: steps through an ended game event by event (first, previous, next,
// last, a turn, or automatically one event a second), as everything revealed, as an observer
// saw it or as any seat saw it (docs/protocol.md, "Archive and replay"). A running game is not
// replayed here: the page says so and offers to watch it.

import { html, svg, clear } from 'grognard/svg.js';
import { errorText } from 'grognard/conn.js';
import { rulesets, rulesetTitle } from 'grognard/rulesets/index.js';
import { seatsForGame } from 'grognard/seats.js';
import { EventLog, fetchEvents } from 'grognard/log.js';
import { scenarioTitle, seatLabelOf, seatsLine } from 'grognard/names.js';

const ENDED = new Set(['finished', 'aborted', 'failed']);

// The first of `count` events whose turn (`turnAt(i)`, a Promise) is n or later: { index }, or
// { index: -1, most: the last turn reached }. A forward search, some views at a time: a
// take-back across a turn's end sends the turn back, so turns do not only grow.
async function firstAtTurn(count, turnAt, n, batch = 16) {
  let most = 0;
  for (let lo = 0; lo < count; lo += batch) {
    const idx = [];
    for (let i = lo; i < Math.min(count, lo + batch); i++) idx.push(i);
    const turns = await Promise.all(idx.map(turnAt));
    for (let k = 0; k < turns.length; k++) {
      if (turns[k] >= n) return { index: idx[k] };
      most = Math.max(most, turns[k]);
    }
  }
  return { index: -1, most };
}

export function showReplay(ctx, gameId) {
  const { conn, app, navigate } = ctx;
  let disposed = false;
  let timer = null;
  const st = { game: null, rs: null, events: [], idx: -1, asSeat: '', views: new Map(), gen: 0, loadGen: 0 };
  document.title = `Grognard: game ${gameId}`;

  const err = html('p', { id: 'error', class: 'error', role: 'alert', 'aria-live': 'assertive' });
  const showError = (e) => { err.textContent = e ? errorText(e) : ''; };
  const root = html('section', { id: 'replay', class: 'replay' }, html('h1', {}, `Game ${gameId}`), err);
  app.append(root);

  async function start() {
    try {
      await conn.connect();
      const r = await conn.request({ listGames: { limit: 1000 } });
      st.game = ((r.games && r.games.games) || []).find((g) => g.gameId === gameId) || null;
    } catch (e) {
      showError(e);
    }
    if (disposed) return;
    if (st.game && !ENDED.has(st.game.status)) return running();
    build();
  }

  // A game still running (or waiting, or expired): no replay yet.
  async function running() {
    const g = st.game;
    root.append(html('p', {}, `This game is ${g.status}: its replay opens when it has ended. `, g.status === 'running' ? 'You may watch it live.' : ''));
    let room = null;
    try {
      const r = await conn.request({ listRooms: {} });
      room = ((r.rooms && r.rooms.rooms) || []).find((x) => x.gameId === gameId) || null;
    } catch (e) {
      showError(e);
    }
    const mine = seatsForGame(gameId);
    const code = room ? room.inviteCode : (mine[0] && mine[0].inviteCode);
    if (mine.length && code) {
      const b = html('button', { type: 'button', class: 'resume' }, `Resume your seat (${mine[0].label})`);
      b.addEventListener('click', () => navigate(`/rooms/${code}`, { resume: mine[0].seatId }));
      root.append(html('p', {}, b));
    }
    if (room && room.observersAllowed) {
      const b = html('button', { type: 'button', class: 'watch' }, 'Watch it live');
      b.addEventListener('click', () => navigate(`/rooms/${room.inviteCode}`, { join: { role: 'observer' } }));
      root.append(html('p', {}, b));
    } else if (!mine.length) {
      root.append(html('p', { class: 'hint' }, 'Its room is not listed here; its players can share the invite link.'));
    }
  }

  function build() {
    const g = st.game;
    st.rs = g ? rulesets[g.ruleset] || null : null;
    const btn = (id, text, label) => html('button', { type: 'button', id, 'aria-label': label }, text);
    const first = btn('first', '◀◀ First', 'First event');
    const prev = btn('prev', '◀ Prev', 'Previous event');
    const next = btn('next', 'Next ▶', 'Next event');
    const last = btn('last', 'Last ▶▶', 'Last event');
    const auto = html('button', { type: 'button', id: 'autoplay', 'aria-pressed': 'false' }, '▶ Play');
    const turnIn = html('input', { id: 'turn-jump', type: 'number', min: '0', step: '1', inputmode: 'numeric', class: 'turn-input' });
    const turnForm = html('form', { class: 'turn-form' }, html('label', { for: 'turn-jump' }, 'Turn '), turnIn,
      html('button', { type: 'submit', id: 'turn-go' }, 'Go'));
    const viewAs = html('select', { id: 'view-as' },
      html('option', { value: '' }, 'everything'), html('option', { value: 'observer' }, 'an observer'),
      ...((g && g.seats) || []).map((s) => html('option', { value: s.seatId }, s.label)));
    const seq = html('span', { id: 'replay-seq', 'aria-live': 'polite' }, 'loading…');
    const map = svg('svg', { id: 'map', role: 'img', 'aria-label': 'The map', preserveAspectRatio: 'xMidYMid meet' });
    const status = html('div', { id: 'status', role: 'status', 'aria-live': 'polite' });
    const logEl = html('ol', { id: 'log', class: 'log', 'aria-label': 'What happened', tabindex: '0' });
    const heading = html('h1', {}, g ? `Replay: ${rulesetTitle(g.ruleset)}: ${g.scenario}` : `Replay of game ${gameId}`);
    const seats = seatsLine(g && g.seats);
    clear(root);
    const note = g ? '' : html('p', { class: 'hint' }, 'This game is not in the server\'s list of games '
      + '(an unlisted room\'s game, say): it is shown as far as the server lets you see it.');
    root.append(
      html('div', { class: 'play-head' },
        heading,
        html('p', {}, seats, g && g.result ? `. ${g.result}` : '', ' ',
          html('a', { href: `/games/${gameId}/report`, class: 'report-link' }, 'Battle report'), ' · ',
          html('a', { href: '/', 'data-route': true }, 'Lobby')),
        g && g.seed ? html('p', { class: 'seed' }, 'Dice seed: ', html('code', {}, g.seed)) : '', note),
      html('div', { class: 'replay-controls', role: 'toolbar', 'aria-label': 'Replay' },
        first, prev, next, last, auto, turnForm,
        html('label', { for: 'view-as' }, 'As seen by '), viewAs, seq),
      html('div', { class: 'play-body' },
        html('div', { class: 'map-pane' }, map),
        html('aside', { class: 'side-pane', 'aria-label': 'Situation and log' }, status, err,
          html('section', { class: 'log-box', 'aria-labelledby': 'h-log' }, html('h2', { id: 'h-log' }, 'Log'), logEl))));
    const seatLabel = (id) => seatLabelOf(g && g.seats, id);
    const log = new EventLog(logEl, st.rs, seatLabel, { follow: false });
    const stop = () => {
      clearInterval(timer);
      timer = null;
      auto.textContent = '▶ Play';
      auto.setAttribute('aria-pressed', 'false');
    };

    async function viewAt(i) {
      const ev = st.events[i];
      if (!ev) return null;
      const s = Number(ev.seq);
      if (st.views.has(s)) return st.views.get(s);
      const r = await conn.request({ getState: { gameId, atSeq: String(s), asSeat: st.asSeat } });
      const v = (r.state && r.state.view) || null;
      st.views.set(s, v);
      return v;
    }

    async function go(i) {
      if (!st.events.length) return;
      i = Math.max(0, Math.min(st.events.length - 1, i));
      st.idx = i;
      const gen = ++st.gen;
      const ev = st.events[i];
      // Numbered as the log numbers events (chat to one seat may leave gaps).
      seq.textContent = `event ${ev.seq} of ${st.lastSeq}`;
      // aria-disabled, not disabled: a pressed button keeps the keyboard's focus at either end.
      for (const b of [first, prev]) b.setAttribute('aria-disabled', String(i === 0));
      for (const b of [next, last]) b.setAttribute('aria-disabled', String(i === st.events.length - 1));
      log.showUpTo(Number(ev.seq));
      try {
        const v = await viewAt(i);
        if (gen !== st.gen || disposed) return;
        if (st.rs && v) {
          st.rs.drawMap(map, v, { selected: null, targets: new Map(), seat: st.asSeat || null });
          status.textContent = st.rs.status(v) || '';
          log.redo(ev, v);
          log.showUpTo(Number(ev.seq));
        }
        showError(null);
      } catch (e) {
        if (gen === st.gen) showError(e);
      }
    }

    async function jumpTo(n) {
      if (!st.events.length) return;
      try {
        const turnAt = async (i) => Number(((await viewAt(i)) || {}).turn || 0);
        const found = await firstAtTurn(st.events.length, turnAt, n);
        if (found.index < 0) showError({ message: `The game went no further than turn ${found.most}.` });
        else await go(found.index);
      } catch (e) {
        showError(e);
      }
    }

    async function load(keepSeq) {
      const gen = ++st.loadGen;
      stop();
      st.views = new Map();
      seq.textContent = 'loading…';
      try {
        const r = await fetchEvents(conn, gameId, st.asSeat);
        if (gen !== st.loadGen || disposed) return;
        st.events = r.events;
        if (!st.rs) {
          // A game the list does not show (an unlisted room's): its rule set from its events.
          const typed = st.events.find((e) => e.rules && e.rules['@type']);
          const m = typed ? /grognard\.v1\.(\w+)\./.exec(typed.rules['@type']) : null;
          st.rs = (m && rulesets[m[1]]) || null;
          log.rs = st.rs;
        }
        st.lastSeq = Math.max(r.lastSeq, st.events.length ? Number(st.events[st.events.length - 1].seq) : 0);
        // The final view names every unit and side: the words of events whose own view is not
        // fetched yet use it; each event is put in words again with its own view when shown.
        const end = st.events.length ? await viewAt(st.events.length - 1).catch(() => null) : null;
        if (gen !== st.loadGen || disposed) return;
        log.clear();
        log.add(st.events, () => end);
        if (!st.events.length) {
          seq.textContent = 'no events';
          return;
        }
        let i = 0;
        if (keepSeq) {
          st.events.forEach((e, k) => { if (Number(e.seq) <= keepSeq) i = k; });
        }
        showError(null);
        go(i);
      } catch (e) {
        if (gen === st.loadGen) {
          seq.textContent = '';
          showError(e);
        }
      }
    }

    first.addEventListener('click', () => { stop(); go(0); });
    prev.addEventListener('click', () => { stop(); go(st.idx - 1); });
    next.addEventListener('click', () => go(st.idx + 1));
    last.addEventListener('click', () => { stop(); go(st.events.length - 1); });
    auto.addEventListener('click', () => {
      if (timer) return stop();
      if (st.idx >= st.events.length - 1) go(0);
      auto.textContent = '❚❚ Pause';
      auto.setAttribute('aria-pressed', 'true');
      timer = setInterval(() => {
        if (st.idx >= st.events.length - 1) stop();
        else go(st.idx + 1);
      }, 1000);
    });
    turnForm.addEventListener('submit', (e) => {
      e.preventDefault();
      stop();
      const n = parseInt(turnIn.value, 10);
      if (Number.isFinite(n)) jumpTo(n);
    });
    viewAs.addEventListener('change', () => {
      st.asSeat = viewAs.value;
      const cur = st.events[st.idx];
      load(cur ? Number(cur.seq) : 0);
    });
    st.keys = (e) => {
      const t = e.target;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
      const k = { ArrowLeft: () => go(st.idx - 1), ArrowRight: () => go(st.idx + 1), Home: () => go(0), End: () => go(st.events.length - 1) }[e.key];
      if (k) {
        e.preventDefault();
        stop();
        k();
      }
    };
    document.addEventListener('keydown', st.keys);
    if (g && g.status === 'failed') {
      // A game stopped on a storage failure never revealed what it hid: its seats replay it.
      viewAs.value = 'observer';
      st.asSeat = 'observer';
    }
    load(0);
    // The scenario's title for the heading.
    if (g) {
      scenarioTitle(conn, g.ruleset, g.scenario).then((t) => {
        if (!disposed) heading.textContent = `Replay: ${rulesetTitle(g.ruleset)}: ${t}`;
      });
    }
  }

  start();
  return {
    dispose() {
      disposed = true;
      clearInterval(timer);
      if (st.keys) document.removeEventListener('keydown', st.keys);
    },
  };
}
