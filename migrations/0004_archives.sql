-- 0004_archives: what archives need (docs/archives.md).
-- games.ruleset_version: the rule set's version the game was played under (0: stored before
--   versions were recorded), so that a re-simulation after an upgrade knows what changed.
-- games.source_game, source_seq, dice_from: set for a game forked from event source_seq of
--   source_game; its throws from number dice_from on come from its own seed.
-- games.drift: one line when the current rules fold the stored game differently (the first
--   differing event); such a game takes no command until the operator decides. Empty: none.
-- games.imported_ms: when the game was imported from an archive file (0: played here).
-- events.withheld_digest: for an event imported without its payload (chat sent to one seat,
--   which an archive file never carries), the digest its chain link covers. Empty otherwise.

ALTER TABLE games ADD COLUMN ruleset_version INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN source_game TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN source_seq INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN dice_from INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN drift TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN imported_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN withheld_digest BLOB NOT NULL DEFAULT x'';

CREATE INDEX games_by_source ON games (source_game) WHERE source_game <> '';
