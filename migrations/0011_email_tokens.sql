-- 0011_email_tokens: the single-use tokens that e-mails carry (docs/accounts.md, "E-mail"): one
-- to confirm an account's address, one to reset a forgotten password. Only the SHA-256 of a
-- token is stored, never the token: a copy of the database confirms nothing and resets nothing.
-- kind: 'confirm' or 'reset'. email: for 'confirm', the address the token confirms (a token
-- sent to an address the account no longer has confirms nothing). A newer token of one kind
-- replaces the account's older ones; a used or expired one is refused, and deleted as tokens of
-- its account are made. Deleting an account deletes its tokens (ON DELETE CASCADE).

CREATE TABLE email_tokens (
  token_hash BLOB PRIMARY KEY NOT NULL CHECK (length(token_hash) = 32),  -- never the token
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('confirm', 'reset')),
  email TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  expires_ms INTEGER NOT NULL,
  used INTEGER NOT NULL DEFAULT 0 CHECK (used IN (0, 1))
);

-- The tokens of an account, found without a scan (a newer token replaces the older ones).
CREATE INDEX email_tokens_by_account ON email_tokens (account_id, kind);

-- An account by its address, for a password reset asked by address.
CREATE INDEX accounts_by_email ON accounts (email COLLATE NOCASE) WHERE email IS NOT NULL;
