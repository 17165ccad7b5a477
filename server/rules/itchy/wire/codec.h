#pragma once
// Native <-> wire (grognard.v1.itchy) for commands, events and views. Everything that comes
// off the wire is checked: a decode names what is missing or out of range as kInvalidArgument.
// Encoding then decoding an event gives it back exactly, dice included.

#include <string>
#include <string_view>

#include "engine/result.h"
#include "grognard/v1/itchy.pb.h"
#include "rules/adapter/wire_codec.h"
#include "rules/itchy/command.h"
#include "rules/itchy/state.h"

namespace grognard::itchy::wire {

namespace pb = ::grognard::v1::itchy;

pb::Command to_pb(const Command& command);
engine::Result<Command> from_pb(const pb::Command& command);

pb::Event to_pb(const Event& event);
engine::Result<Event> from_pb(const pb::Event& event);

// The whole state as a seat sees it (Itchy & Scratchy hides nothing).
pb::View to_view(const State& state);
void to_view(const State& state, pb::View& out);  // into `out`, which may live on an arena

// Serialized bytes <-> native (rules/adapter/wire_codec.h): Codec::parse_command,
// Codec::parse_event, Codec::serialize. Bytes that are not a message give kInvalidArgument.
struct Conversions {
  using WireCommand = pb::Command;
  using WireEvent = pb::Event;
  static auto to_pb(const auto& native) { return wire::to_pb(native); }
  static auto from_pb(const auto& message) { return wire::from_pb(message); }
};
using Codec = adapter::WireCodec<Conversions>;

// The event in protobuf text format on one line, without a trailing space (golden replays).
std::string to_text(const Event& event);

}  // namespace grognard::itchy::wire
