-- 0010_clocks: time controls (docs/clocks.md).
-- games.time_control: the line chosen when the room was created ('' none, 'days 3',
-- 'pace 3d+1d/5d', 'live 30+10'); games.clocks: each seat's bank and when its clock began to
-- run, written with every batch that changes them ('side:0 86400000 1733600000000;...').
-- server_runs: one row per start of the server, its last sign of life moved on every minute;
-- the time between one run's last sign and the next one's start is charged to no clock.
-- vacations: an account's clocks stand still from from_ms to to_ms in every game; to_ms is
-- moved back when its owner ends it early. Deleting the account deletes them.

ALTER TABLE games ADD COLUMN time_control TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN clocks TEXT NOT NULL DEFAULT '';

CREATE TABLE server_runs (
  id INTEGER PRIMARY KEY,
  started_ms INTEGER NOT NULL,
  alive_ms INTEGER NOT NULL
);

CREATE TABLE vacations (
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  from_ms INTEGER NOT NULL,
  to_ms INTEGER NOT NULL,
  PRIMARY KEY (account_id, from_ms)
);
