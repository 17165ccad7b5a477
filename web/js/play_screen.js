// The room page's fixed layout (map left or on top, side panel with a scrolling log), the
// invite link with its copy button, the end-of-game box and the take-back question.

import { html, svg, clear } from 'grognard/svg.js';

export function buildScreen({ code, room, title }) {
  const link = `${location.origin}/rooms/${code}`;
  const s = {};
  s.map = svg('svg', { id: 'map', role: 'img', 'aria-label': 'The map', preserveAspectRatio: 'xMidYMid meet' });
  s.invite = html('a', { id: 'invite-link', href: link }, link);
  const copy = html('button', { type: 'button', id: 'copy-invite' }, 'Copy link');
  const copyNote = html('span', { id: 'copy-note', class: 'hint', 'aria-live': 'polite' });
  copy.addEventListener('click', () => copyLink(s.invite, link, copyNote));
  s.you = html('p', { id: 'you' });
  s.toAct = html('strong', { class: 'to-act' });
  s.situation = html('span', { class: 'situation' });
  s.status = html('div', { id: 'status', role: 'status', 'aria-live': 'polite' }, s.toAct, ' ', s.situation);
  s.gameOver = html('section', { id: 'game-over', class: 'game-over', hidden: true, 'aria-live': 'polite' });
  s.error = html('p', { id: 'error', class: 'error', role: 'alert', 'aria-live': 'assertive' });
  s.notice = html('p', { id: 'notice', class: 'notice', 'aria-live': 'polite' });
  s.offer = html('div', { id: 'offer' });
  s.confirm = html('div', { id: 'confirm-warning', class: 'offer', role: 'alertdialog', 'aria-label': 'The server warns', hidden: true });
  s.orders = html('div', { id: 'orders', class: 'orders' });
  s.command = html('input', { id: 'command', type: 'text', autocomplete: 'off', spellcheck: 'false', placeholder: 'type help for the commands' });
  s.takeBack = html('button', { type: 'button', id: 'take-back', title: 'Take back your last command' }, 'Take back');
  s.commandForm = html('form', { id: 'command-form', class: 'command-form' },
    html('label', { for: 'command' }, 'Command'), s.command,
    html('button', { type: 'submit', id: 'command-send' }, 'Send'));
  s.help = html('pre', { id: 'help', class: 'help', hidden: true, tabindex: '0' });
  s.panels = html('div', { id: 'panels', class: 'panels' });
  s.log = html('ol', { id: 'log', class: 'log', 'aria-label': 'What happened', tabindex: '0' });
  s.chatBox = html('div', { class: 'chat-box' });

  s.root = html('section', { id: 'play', class: 'play' },
    html('div', { class: 'play-head' },
      s.title = html('h1', { id: 'room-title' }, `${title}: ${room.scenario}`, html('span', { class: 'code' }, ` room ${code}`)),
      s.you,
      html('p', { class: 'invite' }, 'Invite a friend: ', s.invite, ' ', copy, ' ', copyNote)),
    html('div', { class: 'play-body' },
      html('div', { class: 'map-pane' }, s.map),
      html('aside', { class: 'side-pane', 'aria-label': 'Turn, orders and log' },
        s.status, s.gameOver, s.error, s.notice, s.offer, s.confirm,
        html('section', { class: 'orders-box', 'aria-labelledby': 'h-orders' },
          html('div', { class: 'box-head' }, html('h2', { id: 'h-orders' }, 'Orders'), s.takeBack), s.orders),
        s.commandForm, s.help,
        html('section', { class: 'log-box', 'aria-labelledby': 'h-log' },
          html('h2', { id: 'h-log' }, 'Log'), s.log),
        s.chatBox, s.panels)));
  return s;
}

// Copies the invite link: the clipboard where the browser allows it, else selects the link.
async function copyLink(a, link, note) {
  try {
    await navigator.clipboard.writeText(link);
    note.textContent = 'Copied.';
  } catch (e) {
    const range = document.createRange();
    range.selectNodeContents(a);
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch (e2) {
      ok = false;
    }
    note.textContent = ok ? 'Copied.' : 'Selected: press Ctrl+C (or ⌘C) to copy.';
  }
}

// The end: the result, the seed (anyone may now re-derive every die) and the replay and report.
export function showGameOver(box, st) {
  const note = st.endNote || {};
  clear(box);
  box.hidden = false;
  box.append(
    html('h2', {}, st.status === 'aborted' ? 'The game was closed' : 'The game is over'),
    html('p', { class: 'result' }, note.result || st.toAct || st.status),
    note.seed ? html('p', { class: 'seed' }, 'Dice seed: ', html('code', {}, note.seed)) : '',
    html('p', {},
      html('a', { href: `/games/${st.gameId}`, 'data-route': true }, 'Replay'), ' · ',
      html('a', { href: `/games/${st.gameId}/report` }, 'Battle report')));
}

// Another seat asks to take back its command: allow or refuse.
export function showOffer(box, o, conn, showError) {
  clear(box);
  const range = o.firstSeq === o.lastSeq ? `event ${o.firstSeq}` : `events ${o.firstSeq}–${o.lastSeq}`;
  const answer = async (accept) => {
    clear(box);
    try {
      await conn.request({ answerTakeBack: { accept } });
    } catch (e) {
      showError(e);
    }
  };
  const yes = html('button', { type: 'button', class: 'accept' }, 'Allow');
  const no = html('button', { type: 'button', class: 'refuse' }, 'Refuse');
  yes.addEventListener('click', () => answer(true));
  no.addEventListener('click', () => answer(false));
  box.append(html('div', { class: 'offer', role: 'alertdialog', 'aria-label': 'Take-back request' },
    html('p', {}, `${o.fromLabel || o.fromSeat} asks to take back ${range}. `), yes, ' ', no));
  yes.focus();
}
