-- 0003_chain_version: adds games.chain_version, the form of the game's event chain
-- (docs/protocol.md, "Event chain and commitments"). Games stored before this version keep
-- version 1, where each link covers the event's payload itself; games created from now on use
-- version 2, where it covers a digest of the payload that is keyed with the game's secret seed
-- whenever some seat may not read the event whole, so that a chain value cannot be used to test
-- guesses about what is hidden.

ALTER TABLE games ADD COLUMN chain_version INTEGER NOT NULL DEFAULT 1;
