-- 0009_operator: what the server's operator decided that must outlive a restart
-- (docs/operations.md, "Admin"): the bans on addresses and ranges, and whether the creation of
-- new rooms is paused, and why. A restart used to lift both, and the guide's upgrade procedure
-- is "pause, then restart".
-- bans.subject: an IP address or a CIDR range as the server normalises it ("203.0.113.0/24").
-- A ban past its until_ms is lifted; the server deletes such rows as it meets them.
-- operator_settings: one row per setting; 'creation_paused' holds the pause's reason (its
-- row absent: not paused).

CREATE TABLE bans (
  subject TEXT PRIMARY KEY NOT NULL,
  until_ms INTEGER NOT NULL,
  reason TEXT NOT NULL DEFAULT '',
  created_ms INTEGER NOT NULL
);

CREATE TABLE operator_settings (
  name TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
);
