#pragma once
// Native <-> wire (grognard.v1.rcw) for commands, events and views. Everything that comes off
// the wire is checked: a decode names what is missing or out of range as kInvalidArgument.
// Encoding then decoding a command or an event gives it back exactly, dice included.

#include <optional>
#include <string>
#include <string_view>

#include "engine/result.h"
#include "engine/ruleset.h"
#include "rules/adapter/wire_codec.h"
#include "rules/rcw/rules.h"
#include "rules/rcw/wire/convert.h"

namespace grognard::rcw::wire {

pb::Command to_pb(const Command& command);
Result<Command> from_pb(const pb::Command& command);

pb::Event to_pb(const Event& event);
// The placeholder (`hidden`) is refused: it stands for an event the viewer may not read.
Result<Event> from_pb(const pb::Event& event);

// R20: who `viewer` is to the rules: a general's side (none for observers and anyone else),
// seeing all once the game is over (or `viewer.game_over`: an archive of an ended game).
Sight sight_of(const State& state, const engine::Viewer& viewer);

// What `viewer` may see of the state (R20): the units rcw::seen_by leaves him, each with the
// cover class it counts as; the open activation only if he sees its unit.
pb::View to_view(const State& state, const engine::Viewer& viewer);

// What `viewer` may see of one event, given the state before it (R20, rcw::redact): the event,
// the event with what he may not see left out, or the empty placeholder `hidden`.
pb::Event view_of(const State& before, const Event& event, const engine::Viewer& viewer);

// Serialized bytes <-> native (rules/adapter/wire_codec.h): Codec::parse_command,
// Codec::parse_event, Codec::serialize. Bytes that are not a message give kInvalidArgument.
struct Conversions {
  using WireCommand = pb::Command;
  using WireEvent = pb::Event;
  static auto to_pb(const auto& native) { return wire::to_pb(native); }
  static auto from_pb(const auto& message) { return wire::from_pb(message); }
};
using Codec = adapter::WireCodec<Conversions>;

}  // namespace grognard::rcw::wire
