// The web client's entry point: opens the connection and shows the page that location.pathname
// names: `/` the lobby, `/rooms/CODE` a room (play or watch), `/games/ID` a game's replay,
// `/account/reset` a forgotten password (where a reset mail's link lands).
// Navigation inside the client uses history.pushState, so the back button works.

import { Conn } from 'grognard/conn.js';
import { clear, html } from 'grognard/svg.js';
import { showLobby } from 'grognard/lobby.js';
import { showRoom } from 'grognard/play.js';
import { showReplay } from 'grognard/replay.js';
import { showReset } from 'grognard/reset.js';

const app = document.getElementById('app');
const connState = document.getElementById('conn-state');
const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
const conn = new Conn(`${scheme}://${location.host}/`);

let current = null;      // the page shown: { dispose() }
let intent = null;       // what the next page should do at once (join a seat, watch), in memory

conn.on('state', ({ state, text }) => {
  connState.textContent = text;
  connState.className = `conn-${state}`;
});

// Goes to `path` inside the client; `withIntent` is handed to the page once.
export function navigate(path, withIntent = null) {
  intent = withIntent;
  if (path !== location.pathname) history.pushState({}, '', path);
  route();
}

function route() {
  if (current) {
    try {
      current.dispose();
    } catch (e) {
      connState.textContent = `A page error: ${e.message}`;
    }
  }
  current = null;
  clear(app);
  const path = decodeURIComponent(location.pathname);
  const ctx = { conn, app, navigate, intent };
  intent = null;
  let m;
  if (path === '/' || path === '/index.html') {
    document.title = 'Grognard';
    current = showLobby(ctx);
  } else if ((m = path.match(/^\/rooms\/([A-Za-z0-9]+)\/?$/))) {
    current = showRoom(ctx, m[1].toUpperCase());
  } else if ((m = path.match(/^\/games\/([A-Za-z0-9_-]+)\/?$/))) {
    current = showReplay(ctx, m[1]);
  } else if (path === '/account/reset') {
    current = showReset(ctx);
  } else {
    document.title = 'Grognard: no such page';
    app.append(html('section', { id: 'not-found', class: 'page-msg' },
      html('h1', {}, 'No such page'),
      html('p', {}, 'Nothing lives at ', html('code', {}, path), '. ',
        html('a', { href: '/', 'data-route': true }, 'Go to the lobby'), '.')));
    current = { dispose() {} };
  }
}

// Links marked data-route stay in the page; others (the battle report) load as usual.
document.addEventListener('click', (e) => {
  const a = e.target.closest && e.target.closest('a[data-route]');
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin) return;
  e.preventDefault();
  navigate(url.pathname);
});

window.addEventListener('popstate', () => route());

conn.connect().catch(() => {});
route();
