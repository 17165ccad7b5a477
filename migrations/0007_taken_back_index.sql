-- 0007_taken_back_index: the take-backs of a game (events of kind 3, TakenBack) found through an
-- index of their own, so that a page of a stored game's log is folded without reading the rest
-- of its events (server/room/stored_pages.h): a fold of part of a log needs to know every
-- take-back of the whole. Partial: only take-backs are indexed, so no other event costs more.

CREATE INDEX events_taken_back ON events (game_id, seq) WHERE kind = 3;
