#pragma once
// The plumbing between a rule set's native commands and events and their bytes, written once
// for every rule set (docs/engine.md, "The shared adapter"). A rule set converts native <-> its
// protobuf messages (`to_pb`, `from_pb`) and names them in a Conversions struct:
//
//   struct Conversions {
//     using WireCommand = pb::Command;
//     using WireEvent = pb::Event;
//     static auto to_pb(const auto& native) { return wire::to_pb(native); }
//     static auto from_pb(const auto& message) { return wire::from_pb(message); }
//   };
//   using Codec = adapter::WireCodec<Conversions>;
//
// and gets Codec::parse_command, parse_event and serialize. It also holds what every codec's
// decoding shares: overload sets for std::visit, enums shifted by one, and a Reader that keeps the
// first error met.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/result.h"
#include "grognard/parse.h"
#include "rules/adapter/roll.h"

namespace grognard::adapter {

template <class Conversions>
struct WireCodec {
  using WireCommand = typename Conversions::WireCommand;
  using WireEvent = typename Conversions::WireEvent;

  // Bytes that are not a message give kInvalidArgument ("malformed command").
  static auto parse_command(std::string_view bytes) {
    return parse<WireCommand>(bytes, "malformed command");
  }
  static auto parse_event(std::string_view bytes) {
    return parse<WireEvent>(bytes, "malformed event");
  }
  static std::string serialize(const auto& native) {
    return Conversions::to_pb(native).SerializeAsString();
  }

 private:
  template <class Wire>
  static auto parse(std::string_view bytes, const char* malformed)
      -> decltype(Conversions::from_pb(std::declval<const Wire&>())) {
    Wire msg;
    if (!proto::parse_message(msg, bytes)) return engine::invalid(malformed);
    return Conversions::from_pb(msg);
  }
};

// An overload set for std::visit over a native command or event.
template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

// Every native enum of a codec is the wire enum shifted by one (0 is UNSPECIFIED on the wire).
template <class Pb, class N>
Pb pb_enum(N n) {
  return static_cast<Pb>(static_cast<int>(n) + 1);
}
template <class N>
engine::Result<N> native_enum(int value, int count, const std::string& what) {
  if (value < 1 || value > count) {
    return engine::invalid(what + " " + std::to_string(value) + " is not a known value");
  }
  return static_cast<N>(value - 1);
}

// Decoding a message of many parts: each read keeps the first error met (and gives a default
// value), so a decoder reads every part and returns `error` once at the end.
struct Reader {
  std::optional<engine::Error> error;

  template <class T>
  T take(engine::Result<T> r) {
    if (!r) {
      if (!error) error = r.error();
      return {};
    }
    return std::move(r).value();
  }
  engine::Roll roll(const grognard::v1::Roll& r) { return take(roll_from(r)); }
  std::optional<engine::Roll> maybe_roll(bool has, const grognard::v1::Roll& r) {
    if (!has) return std::nullopt;
    return roll(r);
  }
  std::vector<engine::Roll> rolls(
      const google::protobuf::RepeatedPtrField<grognard::v1::Roll>& rs) {
    std::vector<engine::Roll> out;
    for (const auto& r : rs) out.push_back(roll(r));
    return out;
  }
};

}  // namespace grognard::adapter
