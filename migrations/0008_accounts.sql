-- 0008_accounts: optional player accounts (docs/accounts.md), so that a player reaches his games
-- from any device. Nothing secret is stored in the clear: a password only as its argon2id hash
-- (a "$argon2id$..." string with its own salt and cost), a session only as the SHA-256 of its
-- token. A name is unique whatever its case (COLLATE NOCASE: names are ASCII letters, digits,
-- '_' and '-', which NOCASE folds fully).
-- seats.account_id: the account a seat was taken by, when its player was logged in; NULL for
-- every seat stored before this version and for seats taken without an account. A deleted
-- account leaves its seats to their names alone (ON DELETE SET NULL): games already played
-- keep the name in their seats and archives.

CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  email TEXT,
  email_confirmed INTEGER NOT NULL DEFAULT 0 CHECK (email_confirmed IN (0, 1)),
  created_ms INTEGER NOT NULL,
  disabled INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1))
);

CREATE TABLE sessions (
  token_hash BLOB PRIMARY KEY NOT NULL CHECK (length(token_hash) = 32),  -- never the token
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_ms INTEGER NOT NULL,
  last_used_ms INTEGER NOT NULL
);

-- Every session of an account, found without a scan (log out everywhere, a deleted account).
CREATE INDEX sessions_by_account ON sessions (account_id);

ALTER TABLE seats ADD COLUMN account_id INTEGER REFERENCES accounts (id) ON DELETE SET NULL;

-- The seats of an account (its games), and what deleting an account sets to NULL.
CREATE INDEX seats_by_account ON seats (account_id) WHERE account_id IS NOT NULL;
