// What the browser tests share: the harness that runs one test with its own timeout, browser
// contexts and error watch; screenshots; a seeded pseudo-random pick; a protocol client that
// talks JSON over the page's own WebSocket (so Node needs no WebSocket of its own).
import path from 'node:path';

// A test fails with this: its message is the line printed after FAIL.
export class TestFailure extends Error {}
export function check(cond, why) {
  if (!cond) throw new TestFailure(why);
}

// Small, repeatable pseudo-random numbers (mulberry32), so a run picks the same orders.
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: (list) => list[Math.floor(next() * list.length)] };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Runs in every page before its own scripts: counts the page's protocol requests still
// waiting for their answer (window.__grognardPending), so that a test can wait for the page to
// be settled, e.g. for the legal commands it asks for after each event, before clicking.
function countRequests() {
  const pending = new Set();
  window.__grognardPending = pending;
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function watchedSend(data) {
    if (!this.__grognardWatched) {
      this.__grognardWatched = true;
      this.addEventListener('message', (m) => {
        try { pending.delete(String(JSON.parse(m.data).requestId)); } catch { /* a binary frame */ }
      });
      this.addEventListener('close', () => pending.clear());
    }
    try {
      const id = JSON.parse(data).requestId;
      if (id) pending.add(String(id));
    } catch { /* not JSON */ }
    return send.call(this, data);
  };
}

// One test's world: the pages it opened, their errors, its screenshots.
class TestContext {
  constructor(harness, name) {
    this.h = harness;
    this.name = name;
    this.base = harness.base;
    this.ws = harness.ws;
    this.client = harness.client;
    this.tmp = harness.tmp;
    this.clockFile = harness.clockFile;  // the server's test clock ('' without --clock-server)
    this.shared = harness.shared;
    this.contexts = [];
    this.errors = [];
    this.shots = 0;
    this.note = '';
  }

  // A page in a browser context of its own (its own localStorage: one person), watched for
  // console errors and uncaught exceptions.
  async newPage(label, { width = 1280, height = 800, watch = true } = {}) {
    const context = await this.h.browser.newContext({ viewport: { width, height } });
    await context.addInitScript(countRequests);
    this.contexts.push(context);
    const page = await context.newPage();
    if (watch) this.watch(page, label);
    page.setDefaultTimeout(10_000);
    page.label = label;
    return page;
  }

  watch(page, label) {
    page.on('console', (msg) => {
      if (msg.type() === 'error') this.errors.push(`${label}: console error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => this.errors.push(`${label}: uncaught ${err.name}: ${err.message}`));
    page.on('response', (res) => {
      if (res.status() >= 400) this.errors.push(`${label}: HTTP ${res.status()} for ${res.url()}`);
    });
    page.on('crash', () => this.errors.push(`${label}: the page crashed`));
  }

  // Fails the test at once when a page has logged an error.
  noErrors() {
    check(!this.errors.length, this.errors.slice(0, 3).join('; '));
  }

  async shot(page, what) {
    this.shots += 1;
    const file = `${this.name}-${String(this.shots).padStart(2, '0')}-${what}.png`;
    await page.screenshot({ path: path.join(this.h.artefacts, file), fullPage: true });
    return file;
  }

  // A screenshot of one element (a part of a long page).
  async shotOf(locator, what) {
    this.shots += 1;
    const file = `${this.name}-${String(this.shots).padStart(2, '0')}-${what}.png`;
    await locator.screenshot({ path: path.join(this.h.artefacts, file) });
    return file;
  }

  // A protocol session over a WebSocket opened inside a page of the server's origin (its
  // plain-text /healthz: no web client runs there, so its console is not watched; Chromium
  // asks it for a /favicon.ico the server rightly does not have).
  async protocol(label = 'protocol') {
    const page = await this.newPage(label, { watch: false });
    await page.goto(`${this.base}/healthz`);
    return new Protocol(page);
  }

  async close() {
    for (const c of this.contexts) await c.close().catch(() => {});
    this.contexts = [];
  }
}

// JSON frames of docs/protocol.md, sent by a WebSocket that lives in `page`.
export class Protocol {
  constructor(page) {
    this.page = page;
    this.opened = false;
  }

  async open() {
    await this.page.evaluate(() => new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${location.host}/`);
      const waiting = new Map();
      window.__proto = { ws, waiting, id: 0, pushes: [] };
      ws.onopen = () => resolve();
      ws.onerror = () => reject(new Error('WebSocket error'));
      ws.onmessage = (m) => {
        const frame = JSON.parse(m.data);
        const rid = Number(frame.requestId || 0);
        if (rid && waiting.has(rid)) { waiting.get(rid)(frame); waiting.delete(rid); }
        else window.__proto.pushes.push(frame);
      };
    }));
    this.opened = true;
    const welcome = await this.req({ hello: { protocolVersion: 1, client: 'web-tests' } });
    check(welcome.welcome, `hello was answered with ${JSON.stringify(welcome).slice(0, 200)}`);
    return welcome.welcome;
  }

  // Sends one request and resolves with the whole answer frame.
  async req(body) {
    if (!this.opened) await this.open();
    return this.page.evaluate((b) => new Promise((resolve) => {
      const p = window.__proto;
      p.id += 1;
      p.waiting.set(p.id, resolve);
      p.ws.send(JSON.stringify({ requestId: String(p.id), ...b }));
    }), body);
  }

  // Every event of a game (everything revealed once it has ended), page by page.
  async events(gameId, asSeat = '') {
    const all = [];
    let from = 1;
    for (;;) {
      const ans = await this.req({ getEvents: { gameId, fromSeq: String(from), ...(asSeat ? { asSeat } : {}) } });
      check(ans.eventList, `get_events ${gameId}: ${JSON.stringify(ans.error ?? ans).slice(0, 200)}`);
      const got = ans.eventList.events ?? [];
      all.push(...got);
      const last = Number(ans.eventList.lastSeq ?? 0);
      if (!got.length || Number(got[got.length - 1].seq) >= last) return all;
      from = Number(got[got.length - 1].seq) + 1;
    }
  }
}

// Where in the tests an unexpected error came from: ' at file.mjs:LINE'.
function where(err) {
  const m = /\/tests\/web\/([\w.]+:\d+)/.exec(err.stack ?? '');
  return m ? ` at ${m[1]}` : '';
}

// Runs the tests, one TestContext each.
export class Harness {
  constructor({ browser, base, ws, artefacts, client, tmp, clockFile }) {
    Object.assign(this, { browser, base, ws, artefacts, client, tmp, clockFile });
    this.shared = {};
  }

  async run(test) {
    const t = new TestContext(this, test.name);
    const start = Date.now();
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new TestFailure(`took longer than ${test.timeout / 1000} s`)), test.timeout);
    });
    let why = null;
    try {
      const body = test.fn(t);
      body.catch(() => {}); // after a timeout it fails again as its pages close
      await Promise.race([body, timeout]);
      t.noErrors();
    } catch (err) {
      why = err instanceof TestFailure ? err.message : `${err.name}: ${err.message.split('\n')[0]}${where(err)}`;
      if (t.errors.length && !why.includes(t.errors[0])) why += ` (page errors: ${t.errors.slice(0, 3).join('; ')})`;
      await this.failureShots(t);
    } finally {
      clearTimeout(timer);
      await t.close();
    }
    const seconds = ((Date.now() - start) / 1000).toFixed(1);
    return why ? { ok: false, why, seconds } : { ok: true, seconds, note: t.note };
  }

  // A screenshot of every page still open when a test fails, to see why.
  async failureShots(t) {
    for (const c of t.contexts) {
      for (const p of c.pages()) {
        if (!p.label || p.label.startsWith('protocol')) continue;
        await t.shot(p, `failed-${p.label ?? 'page'}`).catch(() => {});
      }
    }
  }
}
