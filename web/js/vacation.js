// Vacations in the account card (docs/clocks.md "Vacations", docs/web.md "Clocks"): take one
// of N whole days, which stops the account's clocks in every game, or end it early; the days
// left of this year's budget.

import { html } from 'grognard/svg.js';
import { errorText } from 'grognard/conn.js';

const untilText = (ms) => new Date(Number(ms)).toLocaleString(undefined,
  { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

// ctx: { conn, account (the AccountState) }. Returns the card's <details> element.
export function vacationBox({ conn, account }) {
  let state = account;
  const status = html('p', { id: 'vacation-status', role: 'status', 'aria-live': 'polite' });
  const err = html('p', { id: 'vacation-error', class: 'error', role: 'alert' });
  const days = html('input', { id: 'vacation-days', type: 'number', min: '1', max: '365', value: '7' });
  const take = html('button', { id: 'vacation-take', type: 'submit' }, 'Take a vacation');
  const end = html('button', { id: 'vacation-end', type: 'button' }, 'End vacation');
  const form = html('form', { id: 'vacation-form' },
    html('p', { class: 'hint' }, 'Your clocks stand still in every game while you are away.'),
    status,
    html('p', { id: 'vacation-take-row' }, html('label', { for: 'vacation-days' }, 'Days '), days, ' ', take),
    html('p', {}, end), err);

  function draw() {
    const on = Number(state.vacationUntilMs || 0) > 0;
    const left = Number(state.vacationDaysLeft || 0);
    const budget = `${left} day${left === 1 ? '' : 's'} of vacation left this year.`;
    status.textContent = on ? `On vacation until ${untilText(state.vacationUntilMs)}: your clocks stand still. ${budget}`
      : `Not on vacation. ${budget}`;
    take.textContent = `Take a vacation (${days.value || 'N'} days)`;
    form.querySelector('#vacation-take-row').hidden = on;
    end.parentElement.hidden = !on;
  }

  async function ask(body) {
    err.textContent = '';
    try {
      const r = await conn.request(body);
      if (r.account) state = r.account;
      draw();
    } catch (e) {
      err.textContent = errorText(e);
    }
  }

  days.addEventListener('input', draw);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const n = Number(days.value);
    if (!Number.isInteger(n) || n < 1) {
      err.textContent = `"${days.value}" is not a number of days: a whole number, at least 1.`;
      return;
    }
    ask({ takeVacation: { days: n } });
  });
  end.addEventListener('click', () => ask({ endVacation: {} }));
  draw();
  return html('details', { id: 'vacation-box' }, html('summary', {}, 'Vacation'), form);
}
