// The seat tokens this browser holds, kept in localStorage['grognard.seats'] (localStorage is
// per server already): a JSON list of { token, gameId, inviteCode, seatId, label, role,
// ruleset, name }. A token is the seat: whoever has it plays it. Also the player's name, and
// which seat of a room this tab plays (sessionStorage, so that two tabs may hold two seats).

const KEY = 'grognard.seats';
const NAME_KEY = 'grognard.name';
const TAB_KEY = 'grognard.tab.';

function readList() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(list) ? list.filter((s) => s && s.token && s.gameId) : [];
  } catch (e) {
    return [];
  }
}

function writeList(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch (e) {
    // Storage full or forbidden: the seat still plays in this tab, it just is not remembered.
  }
}

// Every stored seat, newest first.
export function allSeats() {
  return readList();
}

// Stores a seat (replacing one of the same game and seat id).
export function addSeat(entry) {
  const list = readList().filter((s) => !(s.gameId === entry.gameId && s.seatId === entry.seatId));
  list.unshift({
    token: entry.token, gameId: entry.gameId, inviteCode: entry.inviteCode || '',
    seatId: entry.seatId, label: entry.label || entry.seatId, role: entry.role || '',
    ruleset: entry.ruleset || '', name: entry.name || '',
  });
  writeList(list);
}

export function removeSeat(gameId, seatId) {
  writeList(readList().filter((s) => !(s.gameId === gameId && s.seatId === seatId)));
}

// The stored seats of the room with this invite code.
export function seatsForRoom(code) {
  const c = String(code || '').toUpperCase();
  return readList().filter((s) => String(s.inviteCode).toUpperCase() === c);
}

export function seatsForGame(gameId) {
  return readList().filter((s) => s.gameId === gameId);
}

// The seat id this tab played last in the room, if any.
export function tabSeat(code) {
  try {
    return sessionStorage.getItem(TAB_KEY + String(code).toUpperCase()) || '';
  } catch (e) {
    return '';
  }
}

export function setTabSeat(code, seatId) {
  try {
    sessionStorage.setItem(TAB_KEY + String(code).toUpperCase(), seatId);
  } catch (e) {
    // not remembered; harmless
  }
}

export function playerName() {
  try {
    return localStorage.getItem(NAME_KEY) || '';
  } catch (e) {
    return '';
  }
}

export function setPlayerName(name) {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch (e) {
    // not remembered; harmless
  }
}

// Which seats an open tab plays now: the tab playing a seat writes the time every few seconds,
// so that another tab of the same browser opening the room's link offers the open seats
// rather than taking over that seat (two tabs may play both sides of a game).
const LIVE_KEY = 'grognard.live.';
const LIVE_MS = 12000;

export function markLive(gameId, seatId) {
  try {
    // Marks left by tabs that closed without saying so are dropped after a minute.
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const k = localStorage.key(i);
      if (k && k.startsWith(LIVE_KEY) && Date.now() - Number(localStorage.getItem(k) || 0) > 60000) {
        localStorage.removeItem(k);
      }
    }
    localStorage.setItem(`${LIVE_KEY}${gameId}/${seatId}`, String(Date.now()));
  } catch (e) {
    // not remembered; harmless
  }
}

export function clearLive(gameId, seatId) {
  try {
    localStorage.removeItem(`${LIVE_KEY}${gameId}/${seatId}`);
  } catch (e) {
    // harmless
  }
}

export function isLive(gameId, seatId) {
  try {
    const t = Number(localStorage.getItem(`${LIVE_KEY}${gameId}/${seatId}`) || 0);
    return Date.now() - t < LIVE_MS;
  } catch (e) {
    return false;
  }
}

// The game of each room this browser has been in, by invite code (not secret: a room's page
// needs it to find the seat an account holds there when this browser has no token for it).
// localStorage['grognard.rooms']: { CODE: gameId }, the newest 200.
const ROOMS_KEY = 'grognard.rooms';

export function rememberRoom(code, gameId) {
  if (!code || !gameId) return;
  try {
    const map = JSON.parse(localStorage.getItem(ROOMS_KEY) || '{}');
    const c = String(code).toUpperCase();
    delete map[c];
    map[c] = gameId;
    const keys = Object.keys(map);
    for (const k of keys.slice(0, Math.max(0, keys.length - 200))) delete map[k];
    localStorage.setItem(ROOMS_KEY, JSON.stringify(map));
  } catch (e) {
    // not remembered; the open rooms' list still tells the listed ones
  }
}

// The game id of the room with this invite code, if this browser knows it.
export function gameOfRoom(code) {
  const c = String(code || '').toUpperCase();
  try {
    const map = JSON.parse(localStorage.getItem(ROOMS_KEY) || '{}');
    if (map && typeof map[c] === 'string') return map[c];
  } catch (e) {
    // fall through to the seats
  }
  const s = seatsForRoom(c)[0];
  return s ? s.gameId : '';
}

// The invite code of a game's room, if this browser knows it.
export function roomOfGame(gameId) {
  try {
    const map = JSON.parse(localStorage.getItem(ROOMS_KEY) || '{}');
    for (const [code, id] of Object.entries(map || {})) if (id === gameId) return code;
  } catch (e) {
    // fall through to the seats
  }
  const s = seatsForGame(gameId).find((x) => x.inviteCode);
  return s ? s.inviteCode : '';
}
