// The lobby at `/`: the player's account (account.js) and games (my_games.js), the player's
// name, creating a room, joining by invite code, the open rooms with their seats, the seats
// this browser holds (resume, keep in the account) and the archived games.

import { html, clear } from 'grognard/svg.js';
import { errorText } from 'grognard/conn.js';
import { rulesetTitle } from 'grognard/rulesets/index.js';
import { allSeats, playerName, removeSeat, setPlayerName } from 'grognard/seats.js';
import { scenarioTitles, seatsLine, seatLabelOf } from 'grognard/names.js';
import { accountCard } from 'grognard/account.js';
import { myGamesCard } from 'grognard/my_games.js';
import { clocksText, timeControlField } from 'grognard/clocks.js';

const REFRESH_MS = 5000;

export function showLobby(ctx) {
  const { conn, app, navigate } = ctx;
  let disposed = false;
  let timer = null;

  const err = html('p', { id: 'error', class: 'error', role: 'alert', 'aria-live': 'assertive' });
  let errCode = '';
  const showError = (e) => {
    err.textContent = e ? errorText(e) : '';
    errCode = e ? e.code || '' : '';
  };

  // --- your name
  const nameInput = html('input', { id: 'player-name', type: 'text', maxlength: '60', autocomplete: 'nickname', value: playerName() });
  nameInput.addEventListener('change', () => setPlayerName(nameInput.value.trim()));
  const nameBox = html('section', { class: 'card', 'aria-labelledby': 'h-name' },
    html('h2', { id: 'h-name' }, 'Your name'),
    html('p', {}, html('label', { for: 'player-name' }, 'Shown to the other players: '), nameInput));

  // --- create a room
  const rulesetSel = html('select', { id: 'create-ruleset' });
  const scenarioSel = html('select', { id: 'create-scenario' });
  const scenarioAbout = html('p', { id: 'scenario-about', class: 'hint' });
  const observers = html('input', { id: 'create-observers', type: 'checkbox', checked: true });
  const unlisted = html('input', { id: 'create-unlisted', type: 'checkbox' });
  const timeControl = timeControlField();
  const createBtn = html('button', { id: 'create-room', type: 'submit' }, 'Create the room');
  const createForm = html('form', { id: 'create-form' },
    html('p', {}, html('label', { for: 'create-ruleset' }, 'Rule set '), rulesetSel),
    html('p', {}, html('label', { for: 'create-scenario' }, 'Scenario '), scenarioSel),
    scenarioAbout,
    timeControl.root,
    html('p', {}, observers, html('label', { for: 'create-observers' }, ' Observers may watch')),
    html('p', {}, unlisted, html('label', { for: 'create-unlisted' }, ' Unlisted (reached only by its invite code)')),
    html('p', {}, createBtn));
  const createBox = html('section', { class: 'card', 'aria-labelledby': 'h-create' },
    html('h2', { id: 'h-create' }, 'Create a room'), createForm);

  // --- join by code
  const codeInput = html('input', { id: 'join-code', type: 'text', maxlength: '16', autocomplete: 'off', spellcheck: 'false', class: 'code' });
  const joinForm = html('form', { id: 'join-form' },
    html('p', {}, html('label', { for: 'join-code' }, 'Invite code '), codeInput, ' ',
      html('button', { id: 'join-go', type: 'submit' }, 'Go to the room')));
  const joinBox = html('section', { class: 'card', 'aria-labelledby': 'h-join' },
    html('h2', { id: 'h-join' }, 'Join by invite code'), joinForm);

  // --- lists
  const rooms = html('ul', { id: 'rooms', class: 'rooms' });
  const mySeats = html('ul', { id: 'my-seats', class: 'my-seats' });
  const games = html('ul', { id: 'games', class: 'games' });
  const refreshBtn = html('button', { type: 'button', id: 'rooms-refresh' }, 'Refresh');

  // --- the account and its games
  let roomCodes = new Map();   // gameId -> invite code of the listed rooms
  const myGames = myGamesCard({ conn, navigate, scenarioTitle: (r, n) => scenarioTitle(r, n), roomCode: (id) => roomCodes.get(id) || '' });
  const account = accountCard({ conn, onChange: () => { loadMyGames(); } });

  const root = html('div', { id: 'lobby', class: 'lobby' },
    html('h1', {}, 'Grognard: wargames by web'),
    err,
    html('div', { class: 'lobby-grid' },
      html('div', { class: 'lobby-col' }, account.root, nameBox, createBox, joinBox,
        html('section', { class: 'card', 'aria-labelledby': 'h-mine' },
          html('h2', { id: 'h-mine' }, 'Your seats'), mySeats)),
      html('div', { class: 'lobby-col' }, myGames.root,
        html('section', { class: 'card', 'aria-labelledby': 'h-rooms' },
          html('h2', { id: 'h-rooms' }, 'Open rooms ', refreshBtn), rooms),
        html('section', { class: 'card', 'aria-labelledby': 'h-games' },
          html('h2', { id: 'h-games' }, 'Archived games'), games))));
  app.append(root);

  const name = () => {
    const n = nameInput.value.trim();
    setPlayerName(n);
    return n;
  };

  // Scenarios of the chosen rule set.
  async function loadScenarios() {
    clear(scenarioSel);
    scenarioAbout.textContent = '';
    if (!rulesetSel.value) return;
    try {
      const r = await conn.request({ listScenarios: { ruleset: rulesetSel.value } });
      const list = (r.scenarios && r.scenarios.scenarios) || [];
      for (const s of list) {
        scenarioSel.append(html('option', { value: s.name, dataset: { about: s.description || '' } }, s.title || s.name));
      }
      showAbout();
    } catch (e) {
      showError(e);
    }
  }
  function showAbout() {
    const o = scenarioSel.selectedOptions[0];
    scenarioAbout.textContent = o ? o.dataset.about : '';
  }
  rulesetSel.addEventListener('change', loadScenarios);
  scenarioSel.addEventListener('change', showAbout);

  createForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    showError(null);
    createBtn.disabled = true;
    try {
      const r = await conn.request({ createRoom: {
        ruleset: rulesetSel.value, scenario: scenarioSel.value,
        observersAllowed: observers.checked, unlisted: unlisted.checked, timeControl: timeControl.line(),
      } });
      // On to the room, where the creator picks a seat.
      navigate(`/rooms/${r.room.inviteCode}`);
    } catch (err2) {
      showError(err2);
    } finally {
      createBtn.disabled = false;
    }
  });

  joinForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const code = codeInput.value.trim().replace(/^.*\/rooms\//, '').replace(/[^A-Za-z0-9]/g, '').toUpperCase();
    if (!code) {
      err.textContent = 'Type the invite code you were sent (letters and digits), or paste its link.';
      return;
    }
    navigate(`/rooms/${code}`);
  });

  // The open rooms, each with its seats: a button per open seat, one to watch.
  function roomItem(room) {
    const seats = html('ul', { class: 'seats' });
    for (const s of room.seats || []) {
      if (s.taken) {
        seats.append(html('li', { class: 'seat taken' }, `${s.label}: ${s.playerName || 'taken'}`,
          s.connected ? '' : ' (away)'));
      } else {
        const b = html('button', { type: 'button', class: 'join-seat', dataset: { seat: s.seatId } }, `Play ${s.label}`);
        b.addEventListener('click', () => navigate(`/rooms/${room.inviteCode}`, { join: { role: s.role, seat: s.seatId, name: name() } }));
        seats.append(html('li', { class: 'seat open' }, b, s.role !== 'general' ? ` (${s.role})` : ''));
      }
    }
    const li = html('li', { class: 'room', dataset: { room: room.inviteCode } },
      html('p', { class: 'room-head' },
        html('a', { href: `/rooms/${room.inviteCode}`, 'data-route': true, class: 'code' }, room.inviteCode), ' ',
        html('strong', {}, rulesetTitle(room.ruleset)), `: ${scenarioTitle(room.ruleset, room.scenario)} `,
        html('span', { class: `badge status-${room.status}` }, room.status)),
      room.toAct ? html('p', { class: 'to-act' }, room.toAct) : '',
      room.timeControl ? html('p', { class: 'room-clock' }, 'Clock: ', clocksText(room, (id) => seatLabelOf(room.seats, id))) : '',
      seats);
    if (room.observersAllowed) {
      const w = html('button', { type: 'button', class: 'watch' }, 'Watch');
      w.addEventListener('click', () => navigate(`/rooms/${room.inviteCode}`, { join: { role: 'observer', name: name() } }));
      li.append(html('p', {}, w, room.observers ? ` ${room.observers} watching` : ''));
    }
    return li;
  }

  // The list is patched, not rebuilt: a room that did not change keeps its element, so a
  // keyboard user keeps the focus; in a room that changed, the same button gets it back.
  let roomItems = new Map();   // inviteCode -> { key: the room as JSON, li }
  const noRooms = html('li', { class: 'empty' }, 'No open rooms. Create one!');
  function showRooms(list) {
    const active = rooms.contains(document.activeElement) ? document.activeElement : null;
    const inRoom = active && active.closest('[data-room]');
    const focusSel = !inRoom ? null
      : active.dataset.seat ? `[data-seat="${CSS.escape(active.dataset.seat)}"]`
        : active.classList.contains('watch') ? 'button.watch' : active.matches('a.code') ? 'a.code' : null;
    const next = new Map();
    const wanted = [];
    for (const room of list) {
      const key = JSON.stringify([room, scenarioTitle(room.ruleset, room.scenario)]);
      const old = roomItems.get(room.inviteCode);
      const li = old && old.key === key ? old.li : roomItem(room);
      next.set(room.inviteCode, { key, li });
      wanted.push(li);
    }
    if (!list.length) wanted.push(noRooms);
    roomItems = next;
    wanted.forEach((li, i) => {
      if (rooms.children[i] !== li) rooms.insertBefore(li, rooms.children[i] || null);
    });
    while (rooms.children.length > wanted.length) rooms.lastElementChild.remove();
    if (focusSel && !rooms.contains(document.activeElement)) {
      const again = rooms.querySelector(`[data-room="${CSS.escape(inRoom.dataset.room)}"] ${focusSel}`);
      if (again) again.focus();
    }
  }

  async function loadRooms() {
    try {
      const r = await conn.request({ listRooms: {} });
      if (disposed) return;
      if (errCode === 'UNAVAILABLE') showError(null);  // connected again
      const list = (r.rooms && r.rooms.rooms) || [];
      roomCodes = new Map(list.map((room) => [room.gameId, room.inviteCode]));
      showRooms(list);
    } catch (e) {
      if (!disposed) showError(e);
    }
  }
  refreshBtn.addEventListener('click', () => { loadRooms(); loadGames(); loadMyGames(); });

  // The account's games, and the seats of this browser that it could keep.
  let reopened = false;
  async function loadMyGames() {
    const loggedIn = account.account().loggedIn;
    try {
      await myGames.load(loggedIn);
    } catch (e) {
      // Refused as logged out: the session ended elsewhere (the card asks the server again), or
      // the connection was opened before the cookie was set (it is opened again, once).
      if (!disposed && (await account.check()).loggedIn && !reopened) {
        reopened = true;
        await conn.reconnect().catch(() => {});
      }
      if (!disposed) await myGames.load(account.account().loggedIn).catch(() => {});
    }
    if (!disposed) loadMine();
  }

  // Makes the seat of this token the account's ("Keep in my account").
  async function claim(s, button) {
    button.disabled = true;
    try {
      await conn.request({ claimSeat: { token: s.token } });
      showError(null);
      await loadMyGames();
    } catch (e) {
      showError(e);
      button.disabled = false;
    }
  }

  let mineShown = '';
  function loadMine() {
    const list = allSeats();
    const loggedIn = account.account().loggedIn;
    const kept = list.map((s) => myGames.held().has(`${s.gameId}/${s.seatId}`));
    // Drawn again only when it changed, so that the focus stays where it was.
    const key = JSON.stringify([list, loggedIn, kept]);
    if (key === mineShown) return;
    mineShown = key;
    clear(mySeats);
    if (!list.length) mySeats.append(html('li', { class: 'empty' }, 'None yet: the seats you take are remembered in this browser.'));
    for (const s of list) {
      const b = html('button', { type: 'button', class: 'resume', dataset: { tokenOf: `${s.gameId}/${s.seatId}` } },
        `Resume ${s.role === 'observer' ? 'watching' : s.label}`);
      b.addEventListener('click', () => navigate(`/rooms/${s.inviteCode}`, { resume: s.seatId }));
      const forget = html('button', { type: 'button', class: 'forget', 'aria-label': `Forget the seat ${s.label} of room ${s.inviteCode}` }, 'Forget');
      forget.addEventListener('click', () => {
        removeSeat(s.gameId, s.seatId);
        loadMine();
      });
      const li = html('li', {}, b, ' ', html('span', { class: 'code' }, s.inviteCode), ` ${rulesetTitle(s.ruleset)}`,
        s.name ? ` as ${s.name}` : '', ' ', html('a', { href: `/games/${s.gameId}`, 'data-route': true }, 'replay'), ' ', forget);
      // Logged in: a player's seat held by token may become the account's (an observer's not).
      if (account.account().loggedIn && s.role !== 'observer') {
        if (myGames.held().has(`${s.gameId}/${s.seatId}`)) {
          li.append(' ', html('small', { class: 'kept' }, 'in your account'));
        } else {
          const keep = html('button', { type: 'button', class: 'claim', 'aria-label': `Keep the seat ${s.label} of room ${s.inviteCode} in my account` }, 'Keep in my account');
          keep.addEventListener('click', () => claim(s, keep));
          li.append(' ', keep);
        }
      }
      mySeats.append(li);
    }
  }

  // Finished and aborted games, newest first.
  async function loadGames() {
    try {
      const [f, a] = await Promise.all([
        conn.request({ listGames: { status: 'finished', limit: 50 } }),
        conn.request({ listGames: { status: 'aborted', limit: 20 } }),
      ]);
      if (disposed) return;
      const list = [...((f.games && f.games.games) || []), ...((a.games && a.games.games) || [])]
        .sort((x, y) => Number(y.endedMs || y.createdMs || 0) - Number(x.endedMs || x.createdMs || 0));
      clear(games);
      if (!list.length) games.append(html('li', { class: 'empty' }, 'No game has ended yet.'));
      for (const g of list) {
        const seats = seatsLine(g.seats);
        const when = g.endedMs ? new Date(Number(g.endedMs)).toLocaleString() : '';
        games.append(html('li', { class: 'game' },
          html('a', { href: `/games/${g.gameId}`, 'data-route': true }, `${rulesetTitle(g.ruleset)}: ${scenarioTitle(g.ruleset, g.scenario)}`),
          ` ${seats}. `, html('span', { class: `badge status-${g.status}` }, g.status), ' ',
          g.result ? `${g.result} ` : '', when ? html('small', {}, when) : '', ' ',
          html('a', { href: `/games/${g.gameId}/report`, class: 'report-link' }, 'report')));
      }
    } catch (e) {
      if (!disposed) showError(e);
    }
  }

  // Scenario titles by rule set and name, for the lists (list_scenarios of every rule set).
  let titles = new Map();
  const scenarioTitle = (ruleset, name) => titles.get(`${ruleset}/${name}`) || name;

  (async () => {
    try {
      titles = await scenarioTitles(conn);
    } catch (e) {
      // the lists show the scenarios' names instead
    }
    loadRooms();
    loadGames();
    loadMyGames();
  })();

  (async () => {
    try {
      const welcome = await conn.connect();
      if (disposed) return;
      for (const r of (welcome && welcome.rulesets) || []) {
        rulesetSel.append(html('option', { value: r }, rulesetTitle(r)));
      }
      await loadScenarios();
    } catch (e) {
      showError(e);
    }
  })();
  loadMine();
  timer = setInterval(() => { loadRooms(); loadMyGames(); }, REFRESH_MS);

  return {
    dispose() {
      disposed = true;
      clearInterval(timer);
      myGames.stop();
    },
  };
}
