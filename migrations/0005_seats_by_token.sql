-- 0005_seats_by_token: an index on seats.token_sha256, so that a seat whose game is not loaded
-- (a game that ended while the server was down, or whose room was let go after it ended) is
-- found by its token with a lookup rather than a scan of every seat (docs/protocol.md, "Resume").

CREATE INDEX seats_by_token ON seats (token_sha256);
