-- 0006_commands_in_events: the commands table goes. Each row repeated what the command's first
-- event already holds (events.seat, events.command_id; its last event is the end of the run of
-- events that follows), and the server never read it: a room finds the commands of its game in
-- its events when it is loaded. Written with every command, it cost a page of its own per game
-- in every group commit (docs/performance.md).

DROP TABLE commands;
