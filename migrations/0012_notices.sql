-- 0012_notices: notifications to players with accounts (docs/notifications.md).
--
-- accounts: where an account wants its notices. webhook_url and webhook_secret: the player's
-- receiver and the secret its calls are signed with (the secret must be kept to sign: it opens
-- nothing on this server); webhook_failing: why the last notice could not be delivered after
-- every retry (NULL: working). mail_notices: 'each' (a mail per game, at most one per game in a
-- few hours), 'daily' (one digest a day) or 'off'.
--
-- notices: the outbox. A room writes a notice in the same transaction as the event that causes
-- it, so a crash between the commit and the sending neither loses it nor sends it again under
-- another key: `key` is the idempotency key every attempt carries (unique: a notice written
-- twice is written once). hook_state and mail_state: 'pending' until sent, 'sent', 'failed'
-- (the webhook, after every retry), or 'none' (the account had no such channel when its turn
-- came). Deleting an account deletes its notices (ON DELETE CASCADE).
--
-- notice_mails: when an account was last mailed about a game (game_id '' for the daily digest),
-- so that a game mails a player at most once in a few hours.

ALTER TABLE accounts ADD COLUMN webhook_url TEXT;
ALTER TABLE accounts ADD COLUMN webhook_secret TEXT;
ALTER TABLE accounts ADD COLUMN webhook_failing TEXT;
ALTER TABLE accounts ADD COLUMN mail_notices TEXT NOT NULL DEFAULT 'each'
  CHECK (mail_notices IN ('each', 'daily', 'off'));

CREATE TABLE notices (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  key TEXT NOT NULL UNIQUE,
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  game_id TEXT NOT NULL,
  seat_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  text TEXT NOT NULL,
  link TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  hook_state TEXT NOT NULL DEFAULT 'pending'
    CHECK (hook_state IN ('pending', 'sent', 'failed', 'none')),
  hook_attempts INTEGER NOT NULL DEFAULT 0,
  hook_next_ms INTEGER NOT NULL DEFAULT 0,
  mail_state TEXT NOT NULL DEFAULT 'pending' CHECK (mail_state IN ('pending', 'sent', 'none'))
);

-- What the sender looks for, without a scan: webhooks due, mails waiting.
CREATE INDEX notices_hooks_due ON notices (hook_next_ms) WHERE hook_state = 'pending';
CREATE INDEX notices_mails_waiting ON notices (account_id, game_id) WHERE mail_state = 'pending';
CREATE INDEX notices_by_account ON notices (account_id);
-- The notices old enough to be deleted once done with.
CREATE INDEX notices_by_time ON notices (created_ms);

CREATE TABLE notice_mails (
  account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  game_id TEXT NOT NULL,
  sent_ms INTEGER NOT NULL,
  PRIMARY KEY (account_id, game_id)
);
