-- 0002_archive_indexes: adds games.result (one line saying how an ended game ended; empty
-- for games stored before this version and for games still running) and the indexes the
-- archive queries use: games by creation date, by rule set, by status, and seats by player.

ALTER TABLE games ADD COLUMN result TEXT NOT NULL DEFAULT '';

CREATE INDEX games_by_created ON games (created_ms);
CREATE INDEX games_by_ruleset ON games (ruleset, created_ms);
CREATE INDEX games_by_status ON games (status, created_ms);
CREATE INDEX seats_by_player ON seats (player_name, game_id);
