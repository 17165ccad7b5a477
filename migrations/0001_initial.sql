-- 0001_initial: the first schema. Records which migrations are applied, and holds the games,
-- their seats, their event logs (the truth every game state is folded from) and the ids of
-- the commands already applied, so that a re-sent command is answered and not applied twice.
-- Enumerations are stored without CHECK constraints (the server validates them on reading),
-- so that a later version may add values without rebuilding a table.

CREATE TABLE schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_ms INTEGER NOT NULL
);

CREATE TABLE games (
  id TEXT PRIMARY KEY NOT NULL,
  ruleset TEXT NOT NULL,
  scenario TEXT NOT NULL,
  scenario_text TEXT NOT NULL,
  invite_code TEXT NOT NULL,
  listed INTEGER NOT NULL CHECK (listed IN (0, 1)),
  observers_allowed INTEGER NOT NULL CHECK (observers_allowed IN (0, 1)),
  status TEXT NOT NULL,                                          -- waiting, running, finished, failed
  seed BLOB NOT NULL CHECK (length(seed) = 32),                  -- secret while the game runs
  seed_sha256 BLOB NOT NULL CHECK (length(seed_sha256) = 32),    -- published when it starts
  dice_next INTEGER NOT NULL,
  last_seq INTEGER NOT NULL,
  created_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL,
  ended_ms INTEGER NOT NULL
);

-- Players join by invite code: one game per code.
CREATE UNIQUE INDEX games_by_invite ON games (invite_code) WHERE invite_code <> '';

CREATE TABLE seats (
  game_id TEXT NOT NULL REFERENCES games (id),
  seat_id TEXT NOT NULL,
  role TEXT NOT NULL,
  label TEXT NOT NULL,
  player_name TEXT NOT NULL,
  token_sha256 BLOB NOT NULL CHECK (length(token_sha256) = 32),  -- never the token itself
  claimed_ms INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat_id)
);

CREATE TABLE events (
  game_id TEXT NOT NULL REFERENCES games (id),
  seq INTEGER NOT NULL CHECK (seq >= 1),
  kind INTEGER NOT NULL,                                         -- 0 rules, 1 chat, 2 system, 3 taken back
  payload BLOB NOT NULL,
  state_hash BLOB NOT NULL CHECK (length(state_hash) = 32),
  chain BLOB NOT NULL CHECK (length(chain) = 32),
  seat TEXT NOT NULL,
  command_id TEXT NOT NULL,
  audience TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  PRIMARY KEY (game_id, seq)
);

CREATE TABLE commands (
  game_id TEXT NOT NULL REFERENCES games (id),
  seat TEXT NOT NULL,
  command_id TEXT NOT NULL,
  first_seq INTEGER NOT NULL,
  last_seq INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat, command_id)
);
