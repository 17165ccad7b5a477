// The room page at /rooms/CODE: takes or resumes a seat (by its token, or as the logged-in
// account's seat by game and seat id), then shows the map, whose turn it is, the orders, the
// command line, the log with every die, chat, the rule set's panels and, at the end, the result
// and the seed. Observers see the same screen without orders. `/rooms/CODE?seat=SEAT` (the link
// of a notice) resumes that seat: by its token when this browser holds one, else as the
// logged-in account's seat. When the game comes to wait for this seat while the tab is in the
// background, the browser's Notification API tells the player, if turned on (browser_notify.js).

import { svg, clear } from 'grognard/svg.js';
import { errorText } from 'grognard/conn.js';
import { rulesets, rulesetTitle } from 'grognard/rulesets/index.js';
import {
  addSeat, removeSeat, seatsForRoom, tabSeat, setTabSeat, markLive, clearLive, isLive, gameOfRoom, rememberRoom, roomOfGame,
} from 'grognard/seats.js';
import { EventLog, fetchEvents } from 'grognard/log.js';
import { scenarioTitle, seatLabelOf } from 'grognard/names.js';
import { OrdersUI } from 'grognard/orders.js';
import { chatForm } from 'grognard/chat.js';
import { showJoin } from 'grognard/join.js';
import { buildScreen, showGameOver, showOffer } from 'grognard/play_screen.js';
import { confirmOrder, warningsFor } from 'grognard/confirm.js';
import { clockPanel } from 'grognard/clock_panel.js';
import { clockCommand, CLOCK_HELP } from 'grognard/clocks.js';
import { notifyPlayer } from 'grognard/browser_notify.js';

const ENDED = new Set(['finished', 'aborted']);

export function showRoom(ctx, code) {
  const { conn, app, intent } = ctx;
  const st = {
    code, seated: null, token: '', gameId: '', seatId: '', role: '', room: null, rs: null,
    view: null, legal: [], toAct: '', acting: [], status: '', endNote: null, legalGen: 0, title: '',
  };
  let ui = null;
  let scr = null;
  let log = null;
  let chat = null;
  let clocks = null;
  let disposed = false;
  let liveTimer = null;
  const offs = [];
  document.title = `Grognard: room ${code}`;

  const showError = (e) => {
    const el = document.getElementById('error');
    if (el) el.textContent = e ? errorText(e) : '';
  };

  // The request a command makes; shows the server's refusal and resolves false on one.
  let commandNo = 0;
  // Gives `command`, once the player has confirmed it when the server warns about it.
  async function send(command) {
    const warned = await warningsFor(conn, command);
    if (warned.length && !(await confirmOrder(scr.confirm, warned))) return false;
    const commandId = `w${Date.now().toString(36)}${(commandNo++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    try {
      const r = await conn.request({ command: { commandId, command } });
      showError(null);
      return r.commandResult || true;
    } catch (e) {
      showError(e);
      return false;
    }
  }

  async function takeBack() {
    try {
      const r = await conn.request({ takeBack: {} });
      const t = r.takeBack || {};
      showError(null);
      scr.notice.textContent = t.done ? 'Taken back.' : `Asked ${(t.asked || []).map(seatLabel).join(', ')} to let you take it back.`;
    } catch (e) {
      showError(e);
    }
  }

  const seatLabel = (id) => seatLabelOf(st.room && st.room.seats, id);

  // Which seat to take or resume: what the lobby asked, else this tab's, else the only one held
  // (by token in this browser, else by the logged-in account).
  let accountSeats = [];
  async function start() {
    try {
      await conn.connect();
    } catch (e) {
      // the state line shows the connection; requests wait for it
    }
    if (disposed) return;
    const stored = seatsForRoom(code);
    if (intent && intent.join) return join(intent.join);
    if (intent && intent.seated) return enter(intent.seated, '');
    if (intent && intent.account) return resume(intent.account);
    // A notice's link names the seat: this browser's token for it, else the account's seat.
    const named = !intent ? new URLSearchParams(location.search).get('seat') : '';
    if (named) {
      const held = stored.find((s) => s.seatId === named);
      if (held) return resume(held);
      accountSeats = await findAccountSeats();
      if (disposed) return;
      const mine = accountSeats.find((s) => s.seatId === named);
      if (mine) return resume({ gameId: mine.gameId, seatId: mine.seatId });
      if (!accountSeats.length && (await resumeUnknownRoom(named))) return null;
      if (disposed) return null;
    }
    let entry = null;
    if (intent && intent.resume) entry = stored.find((s) => s.seatId === intent.resume);
    if (!entry) entry = stored.find((s) => s.seatId === tabSeat(code));
    // The one seat held here that no other tab of this browser plays now.
    const free = stored.filter((s) => !isLive(s.gameId, s.seatId));
    if (!entry && free.length === 1) entry = free[0];
    if (entry) return resume(entry);
    // No token for the room here: the seats the account holds in its game, if logged in.
    accountSeats = (await findAccountSeats()).filter((a) => !stored.some((s) => s.gameId === a.gameId && s.seatId === a.seatId));
    if (disposed) return;
    const mine = accountSeats.filter((s) => !isLive(s.gameId, s.seatId));
    entry = mine.find((s) => s.seatId === tabSeat(code)) || (mine.length === 1 ? mine[0] : null);
    if (entry) return resume(entry);
    return pick(null);
  }

  // The seats of this room's game that the logged-in account holds (none when logged out): the
  // game found by the invite code this browser remembers, or in the open rooms' list.
  async function findAccountSeats() {
    try {
      let gameId = gameOfRoom(code);
      if (!gameId) {
        const r = await conn.request({ listRooms: {} });
        const room = ((r.rooms && r.rooms.rooms) || []).find((x) => x.inviteCode === code);
        gameId = room ? room.gameId : '';
      }
      if (!gameId) return [];
      const r = await conn.request({ listMyGames: {} });
      return ((r.myGames && r.myGames.games) || []).filter((g) => g.game && g.game.gameId === gameId)
        .map((g) => ({ gameId, seatId: g.seatId, label: g.label || g.seatId, role: g.role, inviteCode: code }));
    } catch (e) {
      return [];  // logged out (UNAUTHENTICATED), or the server could not tell: the seats to take
    }
  }

  // A room this browser never saw and the lobby does not list (unlisted, on another device):
  // the account's live games holding `seatId` whose room is unknown here are resumed in turn
  // until one is this room. True when seated.
  async function resumeUnknownRoom(seatId) {
    let games = [];
    try {
      const r = await conn.request({ listMyGames: {} });
      games = ((r.myGames && r.myGames.games) || []).filter((g) => g.seatId === seatId && g.game
        && (g.game.status === 'running' || g.game.status === 'waiting') && !roomOfGame(g.game.gameId));
    } catch (e) {
      return false;  // logged out, or the server could not tell
    }
    for (const g of games) {
      if (disposed) return false;
      try {
        const r = await conn.request({ resume: { gameId: g.game.gameId, seatId, lastSeq: '0' } });
        if (r.seated && r.seated.room && r.seated.room.inviteCode === code) {
          const seated = await conn.completeSeated(r.seated);
          if (!disposed) enter(seated, '');
          return true;
        }
        rememberRoom(r.seated.room.inviteCode, g.game.gameId);
        await conn.request({ leave: {} }).catch(() => {});
      } catch (e) {
        // not this one
      }
    }
    return false;
  }

  function pick(error) {
    clear(app);
    showJoin(app, { conn, code, stored: [...seatsForRoom(code), ...accountSeats], error, onJoin: join, onResume: resume })
      .catch((e) => showError(e));
  }

  async function join({ role, seat, name }) {
    try {
      const body = { inviteCode: code, role };
      if (seat && role !== 'observer') body.seat = seat;
      if (name) body.name = name;
      const r = await conn.request({ joinRoom: body });
      const s = r.seated;
      const mine = (s.room.seats || []).find((x) => x.seatId === s.seatId);
      addSeat({ token: s.token, gameId: s.gameId, inviteCode: s.room.inviteCode, seatId: s.seatId,
        label: mine ? mine.label : (s.role === 'observer' ? 'observer' : s.seatId), role: s.role,
        ruleset: s.room.ruleset, name: name || '' });
      if (!disposed) enter(s, s.token);
    } catch (e) {
      if (!disposed) pick(e);
    }
  }

  // Resumes a seat by its token, or without one (entry: { gameId, seatId }) as the logged-in
  // account's seat.
  async function resume(entry) {
    try {
      const body = entry.token ? { token: entry.token, lastSeq: '0' }
        : { gameId: entry.gameId, seatId: entry.seatId, lastSeq: '0' };
      const r = await conn.request({ resume: body });
      const seated = await conn.completeSeated(r.seated);
      if (!disposed) enter(seated, entry.token || '');
    } catch (e) {
      if (entry.token && (e.code === 'NOT_FOUND' || e.code === 'UNAUTHENTICATED')) removeSeat(entry.gameId, entry.seatId);
      if (!disposed) pick(e);
    }
  }

  // Seated: build the screen and keep it live.
  function enter(seated, token) {
    Object.assign(st, {
      seated, token, gameId: seated.gameId, seatId: seated.seatId, role: seated.role, room: seated.room,
      rs: rulesets[seated.room.ruleset] || null, view: seated.view || null, toAct: seated.toAct || seated.room.toAct || '',
      acting: seated.actingSeats || [], status: seated.room.status || '',
    });
    setTabSeat(code, seated.seatId);
    rememberRoom(code, seated.gameId);
    markLive(seated.gameId, seated.seatId);
    clearInterval(liveTimer);
    liveTimer = setInterval(() => markLive(seated.gameId, seated.seatId), 4000);
    conn.setSeat({ token, gameId: seated.gameId, seatId: seated.seatId, lastSeq: 0 });
    conn.noteSeated(seated);
    clear(app);
    scr = buildScreen({ code, room: st.room, title: rulesetTitle(st.room.ruleset) });
    app.append(scr.root);
    if (!st.rs) showError({ message: `This page cannot draw the rule set "${st.room.ruleset}"; the log and chat still work.` });
    log = new EventLog(scr.log, st.rs, seatLabel);
    chat = chatForm({ seats: st.room.seats, mySeat: st.seatId, send: (b) => conn.request(b), showError });
    scr.chatBox.append(chat.form);
    if (clocks) clocks.stop();
    clocks = clockPanel({ conn, seatLabel, showError, state: () => st,
      onRoom: (room) => { if (room.status) st.status = room.status; refresh(); } });
    scr.status.after(clocks.root);
    clocks.update(st.room);
    scr.takeBack.addEventListener('click', takeBack);
    ui = new OrdersUI({
      svg: scr.map, ordersEl: scr.orders, commandForm: scr.commandForm, commandInput: scr.command,
      helpEl: scr.help, rs: st.rs || emptyRuleset, send, showError, takeBack,
      // `claim [SEAT]` and `grant SEAT HOURS`: the clock panel's requests.
      pageLine: (text) => {
        const c = clockCommand(text, { seats: st.room.seats, role: st.role });
        if (!c) return null;
        if (c.error) {
          showError({ message: c.error, clause: '' });
          return Promise.resolve(false);
        }
        return clocks.request(c);
      },
      pageHelp: CLOCK_HELP,
      state: () => ({ view: st.view, legal: st.legal, seat: st.seatId, role: st.role,
        canOrder: st.role !== 'observer' && !ENDED.has(st.status) && !!st.rs }),
    });
    st.title = `${rulesetTitle(st.room.ruleset)}: ${st.room.scenario}`;
    scenarioTitle(conn, st.room.ruleset, st.room.scenario).then((t) => {
      st.title = `${rulesetTitle(st.room.ruleset)}: ${t}`;
      if (!disposed) scr.title.firstChild.textContent = st.title;
    });
    addEvents(seated.events || [], st.view, Number(seated.lastSeq || 0));
    if (!(seated.events || []).length && Number(seated.lastSeq || 0) > 0) history();
    refresh();
  }

  // The events before this page came (after a join): the log starts at the game's beginning.
  async function history() {
    try {
      const r = await fetchEvents(conn, st.gameId);
      addEvents(r.events, null, 0);
    } catch (e) {
      if (e.code !== 'FAILED_PRECONDITION') showError(e);
    }
  }

  function addEvents(events, view, viewSeq) {
    // The view after an event when known; else the latest view, whose names of units and sides
    // are the same (the words need them; the numbers in the words come from the event).
    log.add(events, (ev) => (Number(ev.seq) === viewSeq && view ? view : st.view));
    for (const ev of events) if (ev.system && (ev.system.result || ev.system.seed)) st.endNote = ev.system;
  }

  // Draws what changed and asks for the legal commands again.
  function refresh() {
    scr.you.textContent = st.role === 'observer'
      ? 'You are watching as an observer.'
      : `You play ${seatLabel(st.seatId)} (${st.role}).`;
    const yours = st.acting.includes(st.seatId) && !ENDED.has(st.status);
    scr.toAct.textContent = `${yours ? 'Your turn: ' : ''}${st.toAct || st.status}`;
    scr.status.classList.toggle('your-turn', yours);
    let situation = '';
    if (st.rs && st.view) {
      try {
        situation = st.rs.status(st.view) || '';
      } catch (e) {
        situation = '';
      }
    }
    scr.situation.textContent = situation;
    document.title = `${yours ? '(your turn) ' : ''}Grognard: room ${code}`;
    scr.takeBack.hidden = st.role === 'observer' || ENDED.has(st.status);
    scr.commandForm.hidden = st.role === 'observer' || ENDED.has(st.status);
    if (ENDED.has(st.status)) showGameOver(scr.gameOver, st);
    clocks.draw();
    ui.update();
    panels();
    getLegal();
  }

  async function getLegal() {
    const gen = ++st.legalGen;
    if (st.role === 'observer' || ENDED.has(st.status) || st.status === 'waiting') {
      if (st.legal.length) {
        st.legal = [];
        ui.update();
        panels();
      }
      return;
    }
    try {
      const r = await conn.request({ getLegal: {} });
      if (gen !== st.legalGen || disposed) return;
      st.legal = (r.legal && r.legal.commands) || [];
      ui.update();
      panels();
    } catch (e) {
      if (gen === st.legalGen && e.code !== 'UNAVAILABLE') showError(e);
    }
  }

  function panels() {
    if (!st.rs || typeof st.rs.panels !== 'function') return;
    try {
      st.rs.panels(scr.panels, { view: st.view, legal: st.legal, seat: st.seatId, role: st.role, send });
    } catch (e) {
      showError({ message: `The rule set's panel failed: ${e.message}` });
    }
  }

  function onBatch(b) {
    if (!log || b.gameId !== st.gameId) return;
    const events = b.events || [];
    const last = events.length ? Number(events[events.length - 1].seq) : 0;
    if (b.view) st.view = b.view;
    addEvents(events, b.view, last);
    const wasMine = st.acting.includes(st.seatId);
    st.toAct = b.toAct || '';
    st.acting = b.actingSeats || [];
    if (b.status) st.status = b.status;
    if (b.clocks) clocks.update(b);
    refresh();
    if (!wasMine && st.acting.includes(st.seatId) && st.role !== 'observer' && !ENDED.has(st.status)) {
      notifyPlayer(`Your move in ${st.title} (room ${code}, as ${seatLabel(st.seatId)})${st.toAct ? `: ${st.toAct}` : ''}`,
        st.gameId, () => {
          // Clicked after the tab went elsewhere: back to this room and seat.
          if (disposed) ctx.navigate(`/rooms/${code}?seat=${encodeURIComponent(st.seatId)}`);
        });
    }
  }

  offs.push(conn.on('events', onBatch));
  offs.push(conn.on('resumed', (s) => {
    if (!log || s.gameId !== st.gameId) return;
    onBatch({ gameId: s.gameId, events: s.events, view: s.view, toAct: s.toAct, actingSeats: s.actingSeats, status: s.room && s.room.status,
      clocks: s.room && s.room.clocks, clocksAtMs: s.room && s.room.clocksAtMs });
  }));
  offs.push(conn.on('resume_failed', (e) => showError(e)));
  offs.push(conn.on('take_back_offer', (o) => {
    if (scr) showOffer(scr.offer, o, conn, showError);
  }));
  offs.push(conn.on('take_back', (t) => {
    if (!scr) return;
    if (t.refused) scr.notice.textContent = 'Your take-back was refused: the command stands.';
    else if (t.lapsed) {
      scr.notice.textContent = 'The take-back lapsed: a command was given since, or another seat answered.';
      clear(scr.offer);
    }
  }));

  // A tab closing or reloading stops marking its seat as played.
  const onHide = () => {
    if (st.gameId) clearLive(st.gameId, st.seatId);
  };
  window.addEventListener('pagehide', onHide);

  start();

  return {
    dispose() {
      disposed = true;
      offs.forEach((off) => off());
      if (ui) ui.dispose();
      if (clocks) clocks.stop();
      clearInterval(liveTimer);
      if (st.gameId) clearLive(st.gameId, st.seatId);
      window.removeEventListener('pagehide', onHide);
      if (st.gameId) {
        conn.setSeat(null);
        conn.request({ leave: {} }).catch(() => {});
        // An observer who leaves gives his seat up (docs/protocol.md): its token opens nothing.
        if (st.role === 'observer') removeSeat(st.gameId, st.seatId);
      }
    },
  };
}

// Stands in for a rule set this page has no module for: nothing to draw or order.
const emptyRuleset = {
  drawMap(svgEl) {
    clear(svgEl);
    svgEl.setAttribute('viewBox', '0 0 100 20');
    svgEl.append(svg('text', { x: 2, y: 12 }, 'No map for this rule set.'));
  },
  pointAt: () => null, describeEvent: () => null, actors: () => [], orders: () => [],
  withPoint: () => null, parse: () => ({ error: 'no command line for this rule set' }), help: '', status: () => '',
};
