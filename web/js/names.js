// Names the core pages (lobby, room, replay, seat picking) share: a seat's label, the seats of
// a game in one line ("British (Ann) v Boers (Bob)") and a scenario's title, asked of the
// server (list_scenarios) once per rule set and remembered.

// The label of seat `id` among `seats` (RoomInfo or GameSummary seats); an observer or the
// server when it is none of them.
export function seatLabelOf(seats, id) {
  const s = (seats || []).find((x) => x.seatId === id);
  if (s) return s.label;
  return id && id.startsWith('observer:') ? 'an observer' : (id || 'the server');
}

// "British (Ann) v Boers (Bob)": each seat's label with its player's name when known.
export function seatsLine(seats) {
  return (seats || []).map((s) => `${s.label}${s.playerName ? ` (${s.playerName})` : ''}`).join(' v ');
}

const asked = new Map();   // rule set ('' for all) -> Promise of Map 'ruleset/name' -> title

// The scenarios' titles of `ruleset` (of every rule set for ''): a Promise of a Map from
// 'ruleset/name' to the title. A failed request is asked again next time.
export function scenarioTitles(conn, ruleset = '') {
  if (!asked.has(ruleset)) {
    const p = conn.request({ listScenarios: ruleset ? { ruleset } : {} }).then((r) => {
      const titles = new Map();
      for (const sc of (r.scenarios && r.scenarios.scenarios) || []) {
        titles.set(`${sc.ruleset || ruleset}/${sc.name}`, sc.title || sc.name);
      }
      return titles;
    });
    asked.set(ruleset, p);
    p.catch(() => asked.delete(ruleset));
  }
  return asked.get(ruleset);
}

// A scenario's title; its name when the server gives none or cannot be asked.
export async function scenarioTitle(conn, ruleset, name) {
  try {
    return (await scenarioTitles(conn, ruleset)).get(`${ruleset}/${name}`) || name;
  } catch (e) {
    return name;
  }
}
