// The event log (#log): one li[data-seq] per event, in seq order, with the rule set's words,
// every die thrown shown as its face, the modifiers, chat and the server's notes in their place.
// Used by the room page and by the replay.

import { html, clear } from 'grognard/svg.js';
import { eventKind, kindWords } from 'grognard/dice.js';

const D6 = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

// One die as a person reads it: a d6 as its face (with its number for screen readers and on
// hover), any other as "d10: 7" in a box.
function dieElement({ sides, face }) {
  const s = Number(sides || 0);
  const f = Number(face || 0);
  if (s === 6 && f >= 1 && f <= 6) {
    return html('span', { class: 'die d6', role: 'img', 'aria-label': `d6: ${f}`, title: `d6: ${f}` }, D6[f - 1]);
  }
  return html('span', { class: 'die dn' }, `d${s}: ${f}`);
}

function diceElement(dice) {
  if (!dice || !dice.length) return null;
  return html('span', { class: 'dice' }, ...dice.map(dieElement));
}

// The words for one GameEvent. `rs` is the rule-set module, `view` the view after the event (or
// null), `seatLabel(id)` a seat's label.
function describe(ev, rs, view, seatLabel) {
  if (ev.rules) {
    try {
      const d = rs ? rs.describeEvent(ev.rules, view) : null;
      if (d) return { kind: 'rules', text: d.text || '', dice: d.dice || [], detail: d.detail || '' };
    } catch (e) {
      return { kind: 'rules', text: `${eventName(ev.rules)} (not put in words: ${e.message})`, dice: [], detail: '' };
    }
    return { kind: 'rules', text: eventName(ev.rules), dice: [], detail: '' };
  }
  if (ev.chat) {
    const c = ev.chat;
    const who = c.fromName && c.fromName !== c.fromLabel ? `${c.fromName} (${c.fromLabel})` : (c.fromLabel || c.fromSeat || 'someone');
    const to = c.to ? ` to ${seatLabel(c.to)} only` : '';
    return { kind: 'chat', text: `${who}${to}: ${c.text || ''}`, dice: [], detail: '' };
  }
  if (ev.system) {
    const s = ev.system;
    const bits = [];
    if (s.result && !(s.text || '').includes(s.result)) bits.push(`Result: ${s.result}`);
    if (s.seed && !(s.text || '').includes(s.seed)) bits.push(`Seed: ${s.seed}`);
    return { kind: s.clock ? 'clock' : 'system', text: s.text || '', dice: [], detail: bits.join('. ') };
  }
  if (ev.takenBack) {
    const t = ev.takenBack;
    const range = t.firstSeq === t.lastSeq ? `event ${t.firstSeq}` : `events ${t.firstSeq}–${t.lastSeq}`;
    const agreed = t.agreedBy ? `, agreed by ${seatLabel(t.agreedBy)}` : '';
    return { kind: 'taken-back', text: `${seatLabel(t.bySeat)} took back ${range}${agreed}: they no longer count.`, dice: [], detail: '' };
  }
  return { kind: 'system', text: 'An event this page does not know.', dice: [], detail: '' };
}

// The name of a rule-set event's body, for when its module gives no words.
function eventName(rules) {
  const k = eventKind(rules);
  return k ? kindWords(k) : 'event';
}

// Every event of a game from `fromSeq` on (get_events), a page at a time: an answer that stopped
// at a page bound says where the rest starts (nextSeq, docs/protocol.md "Pages"). The pages reach
// the game's last event as of the first answer.
export async function fetchEvents(conn, gameId, asSeat = '', fromSeq = 1) {
  const all = [];
  let from = fromSeq;
  let to = 0;
  let last = 0;
  while (from) {
    const body = { gameId, fromSeq: String(from) };
    if (to) body.toSeq = String(to);
    if (asSeat) body.asSeat = asSeat;
    const r = await conn.request({ getEvents: body });
    const list = r.eventList || {};
    all.push(...(list.events || []));
    last = Number(list.lastSeq || 0);
    if (!to) to = last;
    const next = Number(list.nextSeq || 0);
    from = next > from ? next : 0;
  }
  return { events: all, lastSeq: last };
}

export class EventLog {
  // `list` the <ol id="log">, `rs` the rule-set module, `seatLabel(id)` a seat's label.
  // With `follow`, the log stays at its newest event while the reader has not scrolled up,
  // also when the panel around it changes size.
  constructor(list, rs, seatLabel, { follow = true } = {}) {
    this.list = list;
    this.rs = rs;
    this.seatLabel = seatLabel || ((id) => id);
    this.items = new Map();   // seq -> li
    this.maxSeq = 0;
    this.stick = follow;
    if (follow) {
      // A scroll the reader made decides; one the browser made because the log or its
      // contents changed size (clamping scrollTop) does not unstick it.
      let lastH = 0;
      let lastSH = 0;
      list.addEventListener('scroll', () => {
        const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 24;
        const resized = list.clientHeight !== lastH || list.scrollHeight !== lastSH;
        lastH = list.clientHeight;
        lastSH = list.scrollHeight;
        if (atBottom || !resized) this.stick = atBottom;
        else list.scrollTop = list.scrollHeight;
      });
      if (typeof ResizeObserver === 'function') {
        new ResizeObserver(() => {
          if (this.stick) list.scrollTop = list.scrollHeight;
        }).observe(list);
      }
    }
  }

  clear() {
    clear(this.list);
    this.items.clear();
    this.maxSeq = 0;
  }

  // Adds events (GameEvent JSON) not shown yet; `viewFor(ev)` gives the view after it or null.
  add(events, viewFor = () => null) {
    const atBottom = this.stick;
    for (const ev of events) {
      const seq = Number(ev.seq || 0);
      if (!seq || this.items.has(seq)) continue;
      const li = this.item(ev, viewFor(ev));
      this.insert(seq, li);
      if (ev.takenBack) this.markTakenBack(Number(ev.takenBack.firstSeq || 0), Number(ev.takenBack.lastSeq || 0));
    }
    if (atBottom) this.list.scrollTop = this.list.scrollHeight;
  }

  item(ev, view) {
    const d = describe(ev, this.rs, view, this.seatLabel);
    const seq = Number(ev.seq);
    const time = ev.timeMs ? new Date(Number(ev.timeMs)) : null;
    return html('li', { class: `ev ev-${d.kind}`, dataset: { seq } },
      html('span', { class: 'seq', title: time ? time.toLocaleString() : '' }, String(seq)),
      html('span', { class: 'words' }, d.text),
      d.dice.length ? ' ' : '', diceElement(d.dice),
      d.detail ? html('span', { class: 'detail' }, d.detail) : null);
  }

  insert(seq, li) {
    if (!this.items.size || seq > this.maxSeq) {
      this.items.set(seq, li);
      this.maxSeq = seq;
      this.list.append(li);
      return;
    }
    this.items.set(seq, li);
    let after = null;
    for (const [s, el] of this.items) {
      if (s < seq && (!after || s > Number(after.dataset.seq))) after = el;
    }
    if (!after) this.list.prepend(li);
    else after.after(li);
  }

  // Puts an event in words again, now that the view after it is known (the replay).
  redo(ev, view) {
    const seq = Number(ev.seq || 0);
    const old = this.items.get(seq);
    if (!old) return;
    const li = this.item(ev, view);
    li.className = old.className;
    li.hidden = old.hidden;
    for (const a of ['aria-current']) if (old.hasAttribute(a)) li.setAttribute(a, old.getAttribute(a));
    const note = old.querySelector('.tb-note');
    if (note) li.append(note);
    old.replaceWith(li);
    this.items.set(seq, li);
  }

  markTakenBack(first, last) {
    for (const [s, el] of this.items) {
      if (s >= first && s <= last) {
        el.classList.add('taken-back');
        if (!el.querySelector('.tb-note')) el.append(html('span', { class: 'tb-note' }, ' (taken back)'));
      }
    }
  }

  // The replay: show events up to `seq` only and mark the current one.
  showUpTo(seq) {
    for (const [s, el] of this.items) {
      el.hidden = s > seq;
      el.classList.toggle('current', s === seq);
      if (s === seq) el.setAttribute('aria-current', 'step');
      else el.removeAttribute('aria-current');
    }
    // Scroll the log itself (not the page) so that the current event shows (#log is
    // position: relative, the offset parent of its items).
    const cur = this.items.get(seq);
    const list = this.list;
    if (cur) {
      if (cur.offsetTop < list.scrollTop) list.scrollTop = cur.offsetTop;
      else if (cur.offsetTop + cur.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = cur.offsetTop + cur.offsetHeight - list.clientHeight;
      }
    }
  }
}
