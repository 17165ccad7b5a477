#pragma once
// Logging: spdlog to stderr (stdout carries only the "listening on" line that tests parse), or
// to a file (--log-file, reopened on SIGHUP), in one of two formats (--log-format,
// GROGNARD_LOG_FORMAT):
//
//   text (default), for people:
//     2026-12-01T16:08:27.123+00:00 info  [game g-7Hq2] all seats taken: the game begins
//   json, one JSON object a line, for log collectors:
//     {"time":"2026-12-01T16:08:27.123+00:00","level":"info","game":"g-7Hq2",
//      "message":"all seats taken: the game begins"}
//
// JSON fields: "time" (ISO 8601, milliseconds, UTC offset: the text format's), "level" (trace,
// debug, info, warning, error, critical: spdlog's names, as in the text format), "game" and
// "connection" when the line is about one, "message" (the rest). Strings are escaped as JSON
// requires; bytes that are not UTF-8 become U+FFFD.
//
// The fields come from the message itself, so every log line keeps these conventions:
//   - about a game: starts with "[game ID] " (room::Room::log_prefix(), or spelled out where no
//     room is at hand, as in lobby.cpp). In JSON: "game": "ID", stripped from "message".
//   - about a connection: starts with the peer name and ": " ("127.0.0.1:51234#7: connected
//     on /"; room::Peer::name(), "HOST:PORT#N", "[V6]:PORT#N" or "?#N"), after the game prefix
//     if there is one. In JSON: "connection": the name, stripped from "message".
//   - a peer name as the first word (after the game prefix) without the ':', as the subject
//     of a sentence ("[game ID] 127.0.0.1:51234#7 took seat side:0 …"), also fills
//     "connection" but stays in "message".
// Anything else is kept whole in "message".

#include <string>

namespace grognard::app {

// REQUIRES: `level` is one of trace, debug, info, warn (or warning), error; `format` is text or
// json. `file` not empty: the lines go to that file, appended (--log-file), instead of stderr.
// Throws std::runtime_error when the file cannot be opened.
void setup_logging(const std::string& level, const std::string& format = "text",
                   const std::string& file = {});

// Closes the log file and opens it again by its name before the next line (SIGHUP, after
// logrotate moved it). Safe in a signal handler's place: it only sets a flag. False when the
// logs go to stderr (nothing to reopen).
bool reopen_log_file();

}  // namespace grognard::app
