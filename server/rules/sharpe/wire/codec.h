#pragma once
// Native <-> wire (grognard.v1.sharpe) for commands, events and views. Everything that comes
// off the wire is checked: a decode names what is missing or out of range as kInvalidArgument.
// Encoding then decoding a command or an event gives it back exactly, dice included.

#include <string>
#include <string_view>

#include "engine/result.h"
#include "engine/ruleset.h"
#include "rules/adapter/wire_codec.h"
#include "rules/sharpe/wire/convert.h"

namespace grognard::sharpe::wire {

pb::Command to_pb(const Command& command);
Result<Command> from_pb(const pb::Command& command);

pb::Event to_pb(const Event& event);
Result<Event> from_pb(const pb::Event& event);

// What `viewer` may see of the state: undrawn cards as counts only (never which, never their
// order); a briefing only to its own player and the referee; the referee's waiting card only to
// the referee.
pb::View to_view(const State& state, const engine::Viewer& viewer);

// What `viewer` may see of one event: shuffles (hero deck and bad deck) lose their throws and
// order until the game has ended; a briefing's text reaches only its player and the referee;
// the face of the referee's added card reaches only the referee.
pb::Event view_of(const Event& event, const engine::Viewer& viewer, bool game_over);

// Serialized bytes <-> native (rules/adapter/wire_codec.h): Codec::parse_command,
// Codec::parse_event, Codec::serialize. Bytes that are not a message give kInvalidArgument.
struct Conversions {
  using WireCommand = pb::Command;
  using WireEvent = pb::Event;
  static auto to_pb(const auto& native) { return wire::to_pb(native); }
  static auto from_pb(const auto& message) { return wire::from_pb(message); }
};
using Codec = adapter::WireCodec<Conversions>;

}  // namespace grognard::sharpe::wire
