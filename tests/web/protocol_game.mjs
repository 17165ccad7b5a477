// Games played over the JSON protocol, for the tests that need a room or an ended game without
// playing one through the page (when run alone with --only, or when the whole-game test failed).
import { check, rng } from './lib.mjs';

// Opens a room and seats one connection per seat: { room, seats: [{ seatId, role, proto, token }] }.
export async function seatedRoom(t, ruleset, scenario, { join = true } = {}) {
  const host = await t.protocol('protocol-host');
  const ans = await host.req({ createRoom: { ruleset, scenario, observersAllowed: true } });
  check(ans.room, `create_room ${ruleset}/${scenario}: ${JSON.stringify(ans.error ?? ans).slice(0, 200)}`);
  const seats = [];
  if (!join) return { room: ans.room, host, seats };
  for (const s of ans.room.seats) {
    const proto = await t.protocol(`protocol-${s.seatId}`);
    const got = await proto.req({ joinRoom: { inviteCode: ans.room.inviteCode, role: s.role, seat: s.seatId, name: s.label } });
    check(got.seated, `join_room ${s.seatId}: ${JSON.stringify(got.error ?? got).slice(0, 200)}`);
    seats.push({ seatId: s.seatId, role: s.role, proto, token: got.seated.token });
  }
  return { room: ans.room, host, seats };
}

// Gives random legal commands (referees last) until the game ends; resolves with the game id.
export async function playToEnd(t, ruleset, scenario, seed = 7, limit = 600) {
  const { room, seats } = await seatedRoom(t, ruleset, scenario);
  const rand = rng(seed);
  for (let i = 0; i < limit; i += 1) {
    let acted = false;
    const order = [...seats.filter((s) => s.role !== 'referee'), ...seats.filter((s) => s.role === 'referee')];
    for (const s of order) {
      const legal = (await s.proto.req({ getLegal: {} })).legal?.commands ?? [];
      if (!legal.length) continue;
      const command = rand.pick(legal);
      const ans = await s.proto.req({ command: { commandId: `t${i}`, command } });
      check(ans.commandResult, `command ${JSON.stringify(command)}: ${JSON.stringify(ans.error ?? ans).slice(0, 200)}`);
      acted = true;
      break;
    }
    if (!acted) break;
  }
  const games = await seats[0].proto.req({ listGames: { ruleset } });
  const game = (games.games?.games ?? []).find((g) => g.gameId === room.gameId);
  check(game && game.status === 'finished', `the protocol game ${room.gameId} did not finish (${game?.status})`);
  return room.gameId;
}

// The ended Itchy & Scratchy game of the whole-game test, or one played now.
export async function endedItchyGame(t) {
  if (t.shared.itchyEnded) return t.shared.itchyGameId;
  if (!t.shared.protocolGameId) t.shared.protocolGameId = await playToEnd(t, 'itchy', 'intro');
  t.note = `on a game played over the protocol (${t.shared.protocolGameId}): the whole-game test did not end one`;
  return t.shared.protocolGameId;
}
