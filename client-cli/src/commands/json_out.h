#pragma once
// --json output: one JSON object per line, each with one key saying what it is:
//   {"event": GameEvent}        every event, in protobuf's JSON mapping (dice inside)
//   {"error": {...}}            a failure: code, clause, message, the line and its number
//   {"result": {...}}           what a request answered (command_result, legal, rooms, …)
//   {"seated": {...}}           the seat taken (its token left out)

#include <string>
#include <vector>

#include <google/protobuf/message.h>

#include "client/result.h"

namespace grognard::cli {

// The message in protobuf's JSON mapping on one line ("{}" if it cannot be printed).
std::string to_json(const google::protobuf::Message& message);
// {"<key>": <message as JSON>}
std::string json_line(const std::string& key, const google::protobuf::Message& message);
// {"error": {"kind", "code", "clause", "message", "text", "line", "input"}}; `text` is
// readable(failure) unless given.
std::string error_json(const client::Failure& failure, int line_no = 0,
                       const std::string& input = "", const std::string& text = "");
// A line that failed in the client itself, with the client's own words as message and text:
// kind "usage" (an unknown command, a bad argument) or "timeout" (a `wait` that ran out).
std::string client_error_json(const std::string& kind, const std::string& why, int line_no,
                              const std::string& input);
// {"<key>": ["line", …]}: what the client answers by itself (`pending`, `show`, `panel`).
std::string json_lines(const std::string& key, const std::vector<std::string>& lines);
// A JSON string literal.
std::string quote(const std::string& text);

}  // namespace grognard::cli
