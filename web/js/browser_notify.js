// Notices in this browser while a tab of the client is open (docs/web.md "Notifications"): the
// Notification API, asked for only when the player presses "Notify me in this browser" (never
// on page load), the choice kept in localStorage['grognard.notify'] ('on' or 'off'). A notice
// is shown only while the page is hidden or not focused: the lobby's Your games when a game
// comes to wait for you (my_games.js), the room page when the game comes to wait for its seat
// (play.js). Clicking it focuses the tab and opens the game. Where the browser has no
// Notification API, nothing of this shows and nothing happens.

import { html, clear } from 'grognard/svg.js';

const KEY = 'grognard.notify';

export const notifySupported = () => typeof window.Notification === 'function';

function chosen() {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch (e) {
    return false;
  }
}

function choose(on) {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch (e) {
    // storage forbidden: the choice lasts as long as the page
  }
}

// The player asked for notices here and the browser allows them.
export function notifyOn() {
  return notifySupported() && Notification.permission === 'granted' && chosen();
}

// The player is not looking at this tab.
export const pageAway = () => document.hidden || !document.hasFocus();

// Shows `body` as a notice when they are on and the page is hidden or not focused; `tag` (the
// game id) keeps one notice per game; `open()` runs after a click has focused the tab.
export function notifyPlayer(body, tag, open) {
  if (!notifyOn() || !pageAway()) return null;
  let n = null;
  try {
    n = new Notification('Grognard', { body, tag });
  } catch (e) {
    return null;  // a browser that allows notices only from a service worker
  }
  n.onclick = () => {
    try {
      window.focus();
    } catch (e) {
      // focus refused: the notice still opens the game
    }
    n.close();
    if (open) open();
  };
  return n;
}

// The control: "Notify me in this browser" (asks the browser's permission on its click), or
// that they are on with "Stop", or that the browser blocks them. Returns a <p> (an empty one
// where the browser has no Notification API).
export function browserNotifyControl() {
  const root = html('p', { id: 'notify-browser-row' });
  if (!notifySupported()) {
    root.hidden = true;
    return root;
  }
  function draw(words) {
    clear(root);
    if (notifyOn()) {
      const stop = html('button', { type: 'button', id: 'notify-browser-stop' }, 'Stop notifying me here');
      stop.addEventListener('click', () => { choose(false); draw(''); });
      root.append(html('span', { id: 'notify-browser-state' }, 'This browser shows a notice when a game comes to wait for you while its tab is in the background. '), stop);
      return;
    }
    const ask = html('button', { type: 'button', id: 'notify-browser' }, 'Notify me in this browser');
    ask.addEventListener('click', async () => {
      let permission = Notification.permission;
      try {
        if (permission !== 'granted') permission = await Notification.requestPermission();
      } catch (e) {
        permission = 'denied';
      }
      choose(permission === 'granted');
      draw(permission === 'granted' ? '' : 'The browser did not allow notices for this site: allow them in its site settings, then press the button again.');
    });
    root.append(ask, ' ', html('span', { id: 'notify-browser-state', class: 'hint' },
      words || (Notification.permission === 'denied'
        ? 'This browser blocks notices for this site: allow them in its site settings first.'
        : 'While a tab of Grognard is open, a notice tells you when a game waits for you.')));
  }
  draw('');
  return root;
}
