// The lobby's "Your games" card: the games where the logged-in account holds a seat
// (list_my_games, docs/protocol.md "Accounts"), those waiting for its action first, then those
// waiting for others, then the ended ones. A running or waiting game opens its room page and
// resumes the seat: by its token when this browser holds one, else as the account's seat by
// game and seat id. An ended game opens its replay. The page's title counts the games waiting
// for you: "(2) Grognard". When that number rises while the tab is in the background, each game
// that came to wait for you is told by the browser's Notification API if the player turned it
// on (browser_notify.js); clicking the notice opens the game as its button does.

import { html, clear } from 'grognard/svg.js';
import { errorText } from 'grognard/conn.js';
import { rulesetTitle } from 'grognard/rulesets/index.js';
import { rememberRoom, roomOfGame, seatsForGame } from 'grognard/seats.js';
import { durationText } from 'grognard/clocks.js';
import { notifyPlayer } from 'grognard/browser_notify.js';

const LIVE = new Set(['waiting', 'running']);

// The title of the lobby: the games waiting for you, counted.
export function lobbyTitle(waiting) {
  return waiting > 0 ? `(${waiting}) Grognard` : 'Grognard';
}

// ctx: { conn, navigate, scenarioTitle(ruleset, name), roomCode(gameId) (a listed room's
// invite code, or '') }. Returns { root, load(loggedIn), held(), stop() }: load draws the list
// again and resolves with it; held() is the set of "gameId/seatId" the account holds; stop()
// when the lobby goes.
export function myGamesCard({ conn, navigate, scenarioTitle, roomCode }) {
  const err = html('p', { id: 'my-games-error', class: 'error', role: 'alert', 'aria-live': 'assertive' });
  const list = html('div', { id: 'my-games' });
  const root = html('section', { id: 'my-games-card', class: 'card', 'aria-labelledby': 'h-my-games', hidden: true },
    html('h2', { id: 'h-my-games' }, 'Your games'), err, list);
  let held = new Set();
  let shown = '';
  let stopped = false;   // the lobby has gone: the title is another page's
  let waitingBefore = null;  // "gameId/seatId" of the games waiting for you at the last load

  // Opens a running or waiting game's room page with the account's seat.
  async function open(g) {
    const gameId = g.game.gameId;
    const token = seatsForGame(gameId).find((s) => s.seatId === g.seatId && s.inviteCode);
    if (token) return navigate(`/rooms/${token.inviteCode}`, { resume: g.seatId });
    const code = roomOfGame(gameId) || roomCode(gameId);
    if (code) return navigate(`/rooms/${code}`, { account: { gameId, seatId: g.seatId } });
    // An unlisted room this browser never saw: its invite code comes with the seat.
    try {
      const r = await conn.request({ resume: { gameId, seatId: g.seatId, lastSeq: '0' } });
      const seated = await conn.completeSeated(r.seated);
      rememberRoom(seated.room.inviteCode, gameId);
      return navigate(`/rooms/${seated.room.inviteCode}`, { seated });
    } catch (e) {
      err.textContent = errorText(e);
      return null;
    }
  }

  function item(g) {
    const s = g.game || {};
    const live = LIVE.has(s.status);
    const title = `${rulesetTitle(s.ruleset)}: ${scenarioTitle(s.ruleset, s.scenario)}`;
    const li = html('li', { class: `my-game${g.yourAction ? ' your-action' : ''}`, dataset: { game: s.gameId, seat: g.seatId } });
    if (live) {
      const verb = g.yourAction ? 'Play' : 'Open';
      const b = html('button', { type: 'button', class: 'open-game', 'aria-label': `${verb} ${g.label || g.seatId} in ${title}` },
        `${verb} ${g.label || g.seatId}`);
      b.addEventListener('click', () => open(g));
      li.append(b, ' ', html('strong', {}, title));
    } else {
      li.append(html('a', { href: `/games/${s.gameId}`, 'data-route': true }, title));
    }
    li.append(' ', html('span', { class: `badge status-${s.status}` }, s.status),
      live ? '' : ` as ${g.label || g.seatId}`);
    if (g.yourAction) li.append(html('p', { class: 'to-act' }, html('strong', {}, 'Your turn: '), g.toAct || 'the game waits for you'));
    else if (live && g.toAct) li.append(html('p', { class: 'to-act' }, g.toAct));
    else if (!live && s.result) li.append(` ${s.result}`);
    if (!live) li.append(' ', html('a', { href: `/games/${s.gameId}/report`, class: 'report-link' }, 'report'));
    else if (g.mayClaim) li.append(html('p', { class: 'game-clock claim' }, 'Another seat is out of time: open the game to claim the win on time.'));
    else if (s.timeControl) {
      li.append(html('p', { class: 'game-clock' }, Number(g.timeLeftMs || 0) > 0
        ? `${durationText(g.timeLeftMs)} left on your clock` : 'Your clock has run out.'));
    }
    return li;
  }

  function draw(games, waiting) {
    const groups = [
      ['Waiting for you', games.filter((g) => g.yourAction), 'my-games-yours'],
      ['Waiting for others', games.filter((g) => !g.yourAction && LIVE.has(g.game && g.game.status)), 'my-games-others'],
      ['Ended', games.filter((g) => !g.yourAction && !LIVE.has(g.game && g.game.status)), 'my-games-ended'],
    ];
    clear(list);
    if (!games.length) {
      list.append(html('p', { class: 'empty' }, 'None yet: the seats you take while logged in are kept here, and "Keep in my account" adds those this browser holds.'));
    }
    for (const [head, group, id] of groups) {
      if (!group.length) continue;
      const label = id === 'my-games-yours' ? `${head} (${waiting})` : head;
      list.append(html('h3', { id: `h-${id}` }, label),
        html('ul', { id, class: 'my-games', 'aria-labelledby': `h-${id}` }, group.map(item)));
    }
  }

  // The games that came to wait for you since the last load, told when their number rose (not
  // at the first load: those were waiting when the page came).
  function tellWaiting(yours, waiting) {
    const key = (g) => `${g.game && g.game.gameId}/${g.seatId}`;
    if (waitingBefore && waiting > waitingBefore.size) {
      for (const g of yours) {
        if (waitingBefore.has(key(g))) continue;
        const s = g.game || {};
        const title = `${rulesetTitle(s.ruleset)}: ${scenarioTitle(s.ruleset, s.scenario)}`;
        notifyPlayer(`Your move in ${title} (game ${s.gameId}, as ${g.label || g.seatId})${g.toAct ? `: ${g.toAct}` : ''}`,
          s.gameId, () => open(g));
      }
    }
    waitingBefore = new Set(yours.map(key));
  }

  // Asks for the account's games again (nothing when logged out); the title follows.
  async function load(loggedIn) {
    if (stopped) return null;
    root.hidden = !loggedIn;
    if (!loggedIn) {
      held = new Set();
      shown = '';
      waitingBefore = null;
      clear(list);
      document.title = lobbyTitle(0);
      return null;
    }
    try {
      const r = await conn.request({ listMyGames: {} });
      if (stopped) return null;
      const games = (r.myGames && r.myGames.games) || [];
      const waiting = Number((r.myGames && r.myGames.waitingForYou) || 0);
      held = new Set(games.map((g) => `${g.game && g.game.gameId}/${g.seatId}`));
      err.textContent = '';
      document.title = lobbyTitle(waiting);
      tellWaiting(games.filter((g) => g.yourAction), waiting);
      // Drawn again only when it changed, so that the focus stays where it was.
      const key = JSON.stringify(games.map((g) => [g, g.game && scenarioTitle(g.game.ruleset, g.game.scenario)]));
      if (key !== shown) {
        shown = key;
        draw(games, waiting);
      }
      return games;
    } catch (e) {
      if (stopped) return null;
      if (e.code === 'UNAUTHENTICATED') throw e;  // logged out meanwhile: the caller asks again
      if (e.code !== 'UNAVAILABLE') err.textContent = errorText(e);
      return null;
    }
  }

  return { root, load, held: () => held, stop() { stopped = true; } };
}
