// The page's one connection to the server: the JSON protocol of docs/protocol.md over a
// WebSocket. request(body) sends a request and returns a Promise of the answer; pushes
// (events, closing, take-back offers and results) go to listeners. After a drop it connects
// again with back-off, says hello and, when the page holds a seat, resumes it with the last
// event seen, so that no event is missed and none comes twice: by its token, or by game and
// seat id for a seat of the account the connection is logged in to (docs/accounts.md).

const CLIENT = 'grognard-web 1';
const PING_MS = 60000;          // well inside the server's idle timeout
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];
const POLICY_WAIT_MS = 30000;   // after a 1008 close (rate limit, operator): not at once

// An answer of the server's `error`, or a failure of the connection, as a rejection value.
export class ServerError extends Error {
  constructor({ code = 'UNAVAILABLE', clause = '', message = '' } = {}) {
    super(message);
    this.code = code;
    this.clause = clause;
    this.message = message;
  }
}

// The words of an error for a person: the server's message, then its clause.
export function errorText(e) {
  if (!e) return '';
  const msg = e.message || String(e);
  return e.clause ? `${msg} (${e.clause})` : msg;
}

export class Conn {
  constructor(url) {
    this.url = url;
    this.ws = null;
    this.nextId = 1;
    this.pending = new Map();     // requestId -> { resolve, reject }
    this.listeners = new Map();   // type -> Set of functions
    this.welcome = null;
    this.seat = null;             // { token, gameId, seatId, lastSeq } while the page holds a seat
    this.attempt = 0;
    this.closingReason = '';
    this.stopped = false;
    this.ready = null;            // Promise: connected, hello answered, seat resumed
    this.readyResolve = null;
    this.readyDone = false;       // whether `ready` has settled
    this.pingTimer = null;
    this.retryTimer = null;
    this.held = null;             // event batches pushed while a Seated is completed
    this.resetReady();
  }

  // Listeners: 'events' (EventBatch), 'closing' ({reason}), 'take_back_offer',
  // 'take_back' (pushed TakeBackResult), 'resumed' (Seated after a reconnect),
  // 'resume_failed' (the error), 'state' ({ state: 'connecting'|'open'|'down', text }).
  on(type, fn) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type).add(fn);
    return () => this.listeners.get(type).delete(fn);
  }

  emit(type, value) {
    for (const fn of [...(this.listeners.get(type) || [])]) {
      try {
        fn(value);
      } catch (e) {
        // A listener's failure must not stop the others nor the connection: report it visibly.
        this.emit('state', { state: 'open', text: `A page error: ${e.message}` });
      }
    }
  }

  // A fresh `ready` once the old one has settled. While it is still pending it stays: those
  // awaiting it (connect(), request()) are let go by the next successful open.
  resetReady() {
    if (this.ready && !this.readyDone) return;
    this.readyDone = false;
    this.ready = new Promise((resolve) => {
      this.readyResolve = () => { this.readyDone = true; resolve(); };
    });
  }

  // Opens the connection; resolves with the server's welcome once hello is answered.
  async connect() {
    if (!this.started) {
      this.started = true;
      this.open();
    }
    await this.ready;
    return this.welcome;
  }

  open() {
    clearTimeout(this.retryTimer);
    this.emit('state', { state: 'connecting', text: 'Connecting…' });
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (e) {
      this.scheduleRetry(0);
      return;
    }
    this.ws = ws;
    ws.addEventListener('open', () => this.onOpen(ws));
    ws.addEventListener('message', (m) => this.onMessage(m));
    ws.addEventListener('close', (c) => this.onClose(ws, c));
    // 'error' is always followed by 'close', which handles it.
    ws.addEventListener('error', () => {});
  }

  async onOpen(ws) {
    try {
      const hello = await this.send({ hello: { protocolVersion: 1, client: CLIENT } }, ws);
      this.welcome = hello.welcome;
      if (this.seat) {
        const lastSeq = String(this.seat.lastSeq || 0);
        const body = this.seat.token ? { token: this.seat.token, lastSeq }
          : { gameId: this.seat.gameId, seatId: this.seat.seatId, lastSeq };
        const r = await this.send({ resume: body }, ws);
        const seated = await this.completeSeated(r.seated, ws);
        this.noteSeated(seated);
        if (this.attempt > 0 || this.hadOpen) this.emit('resumed', seated);
      }
    } catch (e) {
      if (ws !== this.ws) return;
      if (this.seat && e.code !== 'UNAVAILABLE') {
        // The seat could not be resumed (room gone, token unknown): the page says so.
        const failed = this.seat;
        this.seat = null;
        this.emit('resume_failed', Object.assign(e, { seat: failed }));
      } else if (e.code === 'UNAVAILABLE') {
        return;  // the socket dropped again; onClose retries
      }
    }
    if (ws !== this.ws) return;
    this.attempt = 0;
    this.hadOpen = true;
    this.closingReason = '';
    this.emit('state', { state: 'open', text: '' });
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      this.request({ ping: {} }).catch(() => {});
    }, PING_MS);
    this.readyResolve();
  }

  onMessage(m) {
    let msg;
    try {
      msg = JSON.parse(m.data);
    } catch (e) {
      return;  // the server speaks JSON to a JSON client; a binary frame is not for us
    }
    const id = msg.requestId || '0';
    if (id !== '0' && this.pending.has(id)) {
      const { resolve, reject } = this.pending.get(id);
      this.pending.delete(id);
      if (msg.error) reject(new ServerError(msg.error));
      else resolve(msg);
      return;
    }
    if (msg.events && this.held) {
      this.held.push(msg.events);
    } else if (msg.events) {
      if (this.seat && msg.events.gameId === this.seat.gameId) {
        for (const ev of msg.events.events || []) {
          this.seat.lastSeq = Math.max(this.seat.lastSeq, Number(ev.seq || 0));
        }
      }
      this.emit('events', msg.events);
    } else if (msg.closing) {
      this.closingReason = msg.closing.reason || '';
      this.emit('closing', msg.closing);
    } else if (msg.takeBackOffer) {
      this.emit('take_back_offer', msg.takeBackOffer);
    } else if (msg.takeBack) {
      this.emit('take_back', msg.takeBack);
    } else if (msg.error) {
      // An error the server could not tie to a request.
      this.emit('state', { state: 'open', text: errorText(msg.error) });
    }
  }

  onClose(ws, c) {
    if (ws !== this.ws) return;
    clearInterval(this.pingTimer);
    this.ws = null;
    const lost = new ServerError({ code: 'UNAVAILABLE', message: 'The connection to the server was lost.' });
    for (const { reject } of this.pending.values()) reject(lost);
    this.pending.clear();
    this.resetReady();
    if (this.stopped) return;
    this.scheduleRetry(c.code);
  }

  scheduleRetry(code) {
    const reason = this.closingReason;
    let wait = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    if (code === 1008) wait = Math.max(wait, POLICY_WAIT_MS);
    this.attempt += 1;
    const why = reason ? `The server closed the connection: ${reason}.` : 'The connection was lost.';
    this.emit('state', { state: 'down', text: `${why} Reconnecting in ${Math.round(wait / 1000)} s…` });
    this.retryTimer = setTimeout(() => this.open(), wait);
  }

  // Opens a fresh WebSocket at once, once the requests in flight are answered (at most 3 s):
  // after the session cookie was set or cleared, so that the upgrade carries it. Resolves when
  // the new connection is ready.
  async reconnect() {
    if (!this.started) return this.connect();
    const until = Date.now() + 3000;
    while (this.pending.size && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    const old = this.ws;
    this.ws = null;
    clearInterval(this.pingTimer);
    clearTimeout(this.retryTimer);
    const lost = new ServerError({ code: 'UNAVAILABLE', message: 'The connection to the server was lost.' });
    for (const { reject } of this.pending.values()) reject(lost);
    this.pending.clear();
    this.resetReady();
    if (old) old.close(1000);
    this.attempt = 0;
    this.open();
    return this.connect();
  }

  // Sends one request on `ws` (already open) and waits for its answer.
  send(body, ws = this.ws) {
    const requestId = String(this.nextId++);
    return new Promise((resolve, reject) => {
      if (!ws || ws.readyState !== WebSocket.OPEN) {
        reject(new ServerError({ code: 'UNAVAILABLE', message: 'Not connected to the server.' }));
        return;
      }
      this.pending.set(requestId, { resolve, reject });
      ws.send(JSON.stringify({ requestId, ...body }));
    });
  }

  // A request once the connection is ready (after a reconnect: once the seat is resumed).
  // Resolves with the server's message (read its body: r.rooms, r.seated, ...); rejects with a
  // ServerError { code, clause, message }.
  async request(body) {
    // `ready` is pending from a drop until the next open, so a request made during an outage
    // waits for it (however many retries fail meanwhile).
    await this.ready;
    return this.send(body);
  }

  // A Seated whose events stopped at a page bound (nextSeq, docs/protocol.md "Pages") made
  // whole: the rest, up to its lastSeq, fetched with getEvents as its seat. Event batches pushed
  // meanwhile (all after its lastSeq) are held back and let through once the caller has taken
  // the whole Seated (after the current task), so none is missed, doubled or shown before the
  // events it follows.
  async completeSeated(seated, ws = this.ws) {
    let next = Number((seated && seated.nextSeq) || 0);
    if (!next) return seated;
    if (!this.held) this.held = [];
    try {
      const events = [...(seated.events || [])];
      const asSeat = seated.role === 'observer' ? 'observer' : seated.seatId;
      while (next) {
        const r = await this.send({ getEvents: { gameId: seated.gameId, fromSeq: String(next), toSeq: String(seated.lastSeq), asSeat } }, ws);
        const list = r.eventList || {};
        events.push(...(list.events || []));
        const after = Number(list.nextSeq || 0);
        next = after > next ? after : 0;
      }
      return { ...seated, events, nextSeq: '0' };
    } finally {
      setTimeout(() => this.releaseHeld(), 0);
    }
  }

  releaseHeld() {
    const held = this.held || [];
    this.held = null;
    for (const events of held) this.onMessage({ data: JSON.stringify({ requestId: '0', events }) });
  }

  // The page holds a seat: resume it after every reconnect from the last event seen (by its
  // token; without one, an account's seat by game and seat id).
  setSeat(seat) {
    this.seat = seat ? {
      token: seat.token || '', gameId: seat.gameId, seatId: seat.seatId || '', lastSeq: Number(seat.lastSeq || 0),
    } : null;
  }

  noteSeated(seated) {
    if (!this.seat || !seated) return;
    let last = Number(seated.lastSeq || 0);
    for (const ev of seated.events || []) last = Math.max(last, Number(ev.seq || 0));
    this.seat.lastSeq = Math.max(this.seat.lastSeq, last);
  }

  // The last event of the seat's game this page has seen.
  get lastSeq() {
    return this.seat ? this.seat.lastSeq : 0;
  }
}
