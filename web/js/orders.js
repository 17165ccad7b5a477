// Giving orders on the room page: clicks on the map (select a unit, its targets highlighted,
// click a target to give the order, pick a point for orders that need one), the #orders panel
// (the same orders as buttons, reachable by keyboard; Escape deselects) and the command line
// (`help` shows the rule set's syntax; anything else is parsed by the rule set and sent).

import { html, clear } from 'grognard/svg.js';

export class OrdersUI {
  // opts: { svg, ordersEl, commandForm, commandInput, helpEl, rs, state() -> { view, legal,
  // seat, canOrder }, send(command) -> Promise<boolean>, showError(e), takeBack(),
  // pageLine(text) -> null (not the page's: the rule set reads it) or Promise<boolean> (done),
  // pageHelp (the page's own words, added to `help`) }
  constructor(opts) {
    Object.assign(this, opts);
    this.selected = null;     // the selected actor's key
    this.pointOrder = null;   // an order waiting for a point on the map
    this.choice = null;       // several orders for one click: [{ label, command }]
    this.busy = false;
    this.actorList = [];
    this.actorOrders = [];
    this.freeOrders = [];
    this.onClick = (e) => this.mapClick(e);
    this.onKey = (e) => {
      if (e.key === 'Escape') this.escape();
    };
    this.onSubmit = (e) => {
      e.preventDefault();
      this.typed();
    };
    this.svg.addEventListener('click', this.onClick);
    document.addEventListener('keydown', this.onKey);
    this.commandForm.addEventListener('submit', this.onSubmit);
  }

  dispose() {
    this.svg.removeEventListener('click', this.onClick);
    document.removeEventListener('keydown', this.onKey);
    this.commandForm.removeEventListener('submit', this.onSubmit);
  }

  // Calls a rule-set function, showing (not throwing) what goes wrong in it.
  safe(fn, fallback) {
    try {
      return fn();
    } catch (e) {
      this.showError({ message: `The rule set's page code failed: ${e.message}` });
      return fallback;
    }
  }

  // After the view or the legal commands changed: recompute and redraw.
  update() {
    const { view, legal, canOrder } = this.state();
    const list = canOrder && view ? this.safe(() => this.rs.actors(legal, view), []) || [] : [];
    this.actorList = list;
    if (this.selected && !list.some((a) => a.key === this.selected)) this.selected = null;
    if (this.pointOrder && !this.selected && this.pointOrder.actor) this.pointOrder = null;
    this.choice = null;
    this.recompute();
    this.render();
  }

  recompute() {
    const { view, legal, canOrder } = this.state();
    if (!canOrder || !view) {
      this.actorOrders = [];
      this.freeOrders = [];
      return;
    }
    this.actorOrders = this.selected ? this.safe(() => this.rs.orders(legal, this.selected, view), []) || [] : [];
    this.freeOrders = this.safe(() => this.rs.orders(legal, null, view), []) || [];
  }

  marks() {
    const targets = new Map();
    for (const o of this.actorOrders) if (o.target && !targets.has(o.target)) targets.set(o.target, o.kind || 'move');
    for (const o of this.freeOrders) if (o.target && !targets.has(o.target)) targets.set(o.target, o.kind || 'order');
    return { selected: this.selected, targets, seat: this.state().seat };
  }

  select(key) {
    this.selected = key;
    this.pointOrder = null;
    this.choice = null;
    this.recompute();
    this.render();
  }

  escape() {
    if (this.choice || this.pointOrder) {
      this.choice = null;
      this.pointOrder = null;
    } else if (!this.helpEl.hidden) {
      this.helpEl.hidden = true;
      return;
    } else if (this.selected) {
      this.selected = null;
      this.recompute();
    } else {
      return;
    }
    this.render();
  }

  // The map keys under a click, topmost first: a unit standing in an area that is a target
  // still lets the click reach the area.
  keysAt(e) {
    const keys = [];
    const add = (el) => {
      const k = el && el.closest ? el.closest('[data-key]') : null;
      if (k && this.svg.contains(k)) {
        const key = k.getAttribute('data-key');
        if (!keys.includes(key)) keys.push(key);
      }
    };
    add(e.target);
    if (typeof document.elementsFromPoint === 'function' && (e.clientX || e.clientY)) {
      for (const el of document.elementsFromPoint(e.clientX, e.clientY)) add(el);
    }
    return keys;
  }

  // A click on the map: a point for a waiting order, a target, an actor, else deselect.
  mapClick(e) {
    if (this.busy || !this.state().canOrder) return;
    const keys = this.keysAt(e);
    if (this.pointOrder) {
      // Inch tables give a point under the click; grids the clicked area's or unit's key.
      const p = this.safe(() => this.rs.pointAt(this.svg, e.clientX, e.clientY), null) || keys[0];
      if (p) this.give(this.safe(() => this.rs.withPoint(this.pointOrder, p), null));
      return;
    }
    const all = [...this.actorOrders, ...this.freeOrders];
    const target = keys.find((k) => all.some((o) => o.target === k));
    if (target) {
      const onTarget = all.filter((o) => o.target === target);
      if (onTarget.length === 1) return this.give(onTarget[0].command);
      return this.choose(onTarget.map((o) => ({ label: o.label, command: o.command })));
    }
    const actor = keys.find((k) => this.actorList.some((a) => a.key === k));
    if (actor) return this.select(actor === this.selected ? null : actor);
    const pointOrders = this.actorOrders.filter((o) => o.point);
    if (this.selected && pointOrders.length) {
      const p = this.safe(() => this.rs.pointAt(this.svg, e.clientX, e.clientY), null);
      if (p) {
        const made = pointOrders.map((o) => ({ label: `${o.label} (${p.slice(2)})`, command: this.safe(() => this.rs.withPoint(o, p), null) }));
        if (made.length === 1) return this.give(made[0].command);
        return this.choose(made);
      }
    }
    if (this.selected) this.select(null);
  }

  choose(list) {
    this.choice = list.filter((c) => c.command);
    this.pointOrder = null;
    this.render();
    const first = this.ordersEl.querySelector('.chooser button');
    if (first) first.focus();
  }

  // Sends a command; the page refreshes the view and legal commands when its events come.
  async give(command) {
    if (!command || this.busy) return;
    this.busy = true;
    this.choice = null;
    this.pointOrder = null;
    this.render();
    try {
      await this.send(command);
    } finally {
      this.busy = false;
      this.render();
    }
  }

  // An order button: orders needing a point wait for a click on the map.
  orderButton(o, fk) {
    const b = html('button', { type: 'button', class: `order kind-${o.kind || 'order'}`, dataset: { fk }, disabled: this.busy },
      o.point ? `${o.label}…` : o.label);
    b.addEventListener('click', () => {
      if (o.point) {
        this.pointOrder = Object.assign({ actor: this.selected }, o);
        this.choice = null;
        this.render();
      } else {
        this.give(o.command);
      }
    });
    return b;
  }

  // The #orders panel.
  render() {
    const focused = document.activeElement && this.ordersEl.contains(document.activeElement)
      ? document.activeElement.dataset.fk : null;
    const { view, canOrder, role } = this.state();
    clear(this.ordersEl);
    const box = this.ordersEl;
    if (!canOrder) {
      box.append(html('p', { class: 'hint' }, role === 'observer'
        ? 'You are watching: observers give no orders.'
        : 'No orders now.'));
    } else {
      if (this.choice) {
        const c = html('div', { class: 'chooser', role: 'group', 'aria-label': 'Which order?' }, html('p', {}, 'Which order?'));
        this.choice.forEach((o, i) => {
          const b = html('button', { type: 'button', class: 'order choice', dataset: { fk: `choice:${i}` } }, o.label);
          b.addEventListener('click', () => this.give(o.command));
          c.append(b);
        });
        const cancel = html('button', { type: 'button', class: 'cancel' }, 'Cancel');
        cancel.addEventListener('click', () => this.escape());
        c.append(cancel);
        box.append(c);
      }
      if (this.pointOrder) {
        const cancel = html('button', { type: 'button', class: 'cancel', dataset: { fk: 'cancel-point' } }, 'Cancel');
        cancel.addEventListener('click', () => this.escape());
        box.append(html('p', { class: 'point-mode' }, `${this.pointOrder.label}: click the map where. `, cancel));
      }
      const sel = this.actorList.find((a) => a.key === this.selected);
      if (sel) {
        box.append(html('p', { class: 'selected-actor' }, 'Selected: ', html('strong', {}, sel.label), ' (Escape deselects)'));
        const list = html('div', { class: 'order-list' });
        this.actorOrders.forEach((o, i) => list.append(this.orderButton(o, `a:${o.label}:${i}`)));
        if (!this.actorOrders.length) list.append(html('span', { class: 'hint' }, 'No orders for it now.'));
        box.append(list);
      }
      if (this.freeOrders.length) {
        const list = html('div', { class: 'order-list free' });
        this.freeOrders.forEach((o, i) => list.append(this.orderButton(o, `f:${o.label}:${i}`)));
        box.append(list);
      }
      if (this.actorList.length) {
        const list = html('div', { class: 'actor-list', role: 'group', 'aria-label': 'Units that may act' },
          html('span', { class: 'hint' }, 'May act: '));
        for (const a of this.actorList) {
          const b = html('button', { type: 'button', class: 'actor', 'aria-pressed': String(a.key === this.selected), dataset: { fk: `actor:${a.key}`, key: a.key } }, a.label);
          b.addEventListener('click', () => this.select(a.key === this.selected ? null : a.key));
          list.append(b);
        }
        box.append(list);
      }
      if (!this.actorList.length && !this.freeOrders.length && !this.choice) {
        box.append(html('p', { class: 'hint' }, 'Nothing for you to order now.'));
      }
    }
    if (focused) {
      const again = [...box.querySelectorAll('[data-fk]')].find((b) => b.dataset.fk === focused);
      if (again) again.focus();
    }
    this.draw(view);
  }

  draw(view) {
    if (!view || !this.rs) return;
    this.safe(() => this.rs.drawMap(this.svg, view, this.marks()), null);
  }

  // The command line.
  async typed() {
    const text = this.commandInput.value.trim();
    if (!text) return;
    if (/^(help|\?)$/i.test(text)) {
      this.helpEl.textContent = `Commands (Escape hides this list; undo takes back your last command):\n${this.rs.help || 'This rule set has no command line help.'}${this.pageHelp ? `\n${this.pageHelp}` : ''}`;
      this.helpEl.hidden = false;
      this.commandInput.value = '';
      return;
    }
    if (/^undo$/i.test(text)) {
      this.commandInput.value = '';
      this.takeBack();
      return;
    }
    const own = this.pageLine ? this.pageLine(text) : null;
    if (own) {
      this.busy = true;
      try {
        if (await own) this.commandInput.value = '';
      } finally {
        this.busy = false;
        this.render();
      }
      return;
    }
    const { view, legal, seat } = this.state();
    const r = this.safe(() => this.rs.parse(text, { view, legal, seat }), { error: 'could not read the command' });
    if (!r || r.error || !r.command) {
      const e = r && r.error;
      this.showError(typeof e === 'object' ? e : { message: e || 'could not read the command', clause: '' });
      return;
    }
    this.busy = true;
    try {
      if (await this.send(r.command)) this.commandInput.value = '';
    } finally {
      this.busy = false;
      this.render();
    }
  }
}
