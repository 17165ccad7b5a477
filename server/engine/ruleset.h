#pragma once
// The Ruleset interface: how a room hosts any rule set without knowing its rules.
// docs/engine.md says how each of the three activation models maps onto it.
//
// A rule set is value-in, value-out: decide() checks every clause and produces events,
// apply() folds one event into the state, view() says what one seat may see, legal() lists
// what a seat may do now. Commands, events and views cross this interface in the rule set's
// own wire encoding (serialized protobuf messages of proto/grognard/v1/<ruleset>.proto), so
// the room can store and forward them without including any rule set's types, and the pure
// rules code behind each adapter never sees protobuf.
//
// Thread-safety: a Ruleset is immutable and may be shared; a GameState is touched by one
// thread at a time (the room's strand).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/advice.h"
#include "engine/canonical.h"
#include "engine/dice.h"
#include "engine/measure.h"
#include "engine/result.h"

namespace grognard::engine {

using Bytes = std::string;  // a serialized protobuf message of the rule set's wire schema

enum class Role : std::uint8_t { kGeneral, kPlayer, kReferee, kObserver };
const char* to_string(Role r);

// A seat the rule set defines for a game: a general of one side, a player owning named
// groups, or the referee. Observers are not listed: any number may watch.
struct SeatSpec {
  std::string id;  // stable within the game: "side:0", "player:2", "referee"
  Role role = Role::kGeneral;
  std::string label;  // for people: "British", "Lt. Sharpe's group"
};

// Who is looking or acting. `seat` is empty for observers.
struct Viewer {
  Role role = Role::kObserver;
  std::string seat;
  bool game_over = false;  // archives of ended games may show everything
};

// "Who may act now?" The room gates commands with this and nothing else.
struct ToAct {
  std::vector<std::string> seats;  // seats whose commands decide() will consider now
  bool game_over = false;
  std::string summary;  // one line for people: "Turn 3, British: activate units"
  // Seats that are not to act but whose commands decide() still considers: the few a rule set
  // allows out of turn (decide() refuses the rest). Not published as acting seats.
  std::vector<std::string> out_of_turn;
};

// A rule set's game state, opaque to the room.
class GameState {
 public:
  virtual ~GameState() = default;
  virtual std::unique_ptr<GameState> clone() const = 0;
};

class Ruleset {
 public:
  virtual ~Ruleset() = default;

  virtual std::string_view name() const = 0;  // "itchy", "rcw", "sharpe"

  // The rules' version: raised whenever a change makes the same commands and dice yield other
  // events, or the same events fold to another state or hash. Each game records the version it
  // was played under, and a re-simulation after an upgrade (docs/archives.md) names both.
  virtual int version() const = 0;

  // Full protobuf names of the rule set's Command, Event and View messages
  // ("grognard.v1.itchy.Command"): the room wraps payloads in google.protobuf.Any with them.
  struct WireTypes {
    std::string command, event, view;
  };
  virtual const WireTypes& wire_types() const = 0;

  // The scenario's own title ("The Wells of Abu Hamra").
  virtual std::string title(const GameState& state) const = 0;

  // Parses and validates a scenario (protobuf text format); errors name the problem.
  virtual Result<std::unique_ptr<GameState>> load_scenario(std::string_view text) const = 0;

  // What a scenario that loads allows but likely does not mean, one line each, for whoever
  // offers it (the server logs them when it registers its scenarios). Default: nothing.
  virtual std::vector<std::string> scenario_warnings(const GameState& /*initial*/) const {
    return {};
  }

  virtual std::vector<SeatSpec> seats(const GameState& state) const = 0;

  // Events that start the game once the room is ready (first initiative throw, first shuffle).
  virtual Result<std::vector<Bytes>> begin(const GameState& state, Dice& dice) const = 0;

  // Checks `command` from `seat` against every clause. A rejected command changes nothing and
  // its Error names the clause. REQUIRES: `state` is the fold of all events so far.
  virtual Result<std::vector<Bytes>> decide(const GameState& state, std::string_view seat,
                                            const Bytes& command, Dice& dice) const = 0;

  // Folds one event (produced by decide/begin, possibly read back from storage).
  virtual Status apply(GameState& state, const Bytes& event) const = 0;

  // What `viewer` may see of the whole state (a serialized View message).
  virtual Bytes view(const GameState& state, const Viewer& viewer) const = 0;

  // What `viewer` may see of one event, given the state before it; nullopt hides it whole.
  virtual std::optional<Bytes> view_event(const GameState& before, const Bytes& event,
                                          const Viewer& viewer) const = 0;

  // Every command `seat` may give now; each is accepted by decide() (dice aside).
  virtual std::vector<Bytes> legal(const GameState& state, std::string_view seat) const = 0;

  // Notes and warnings for a preview of `command` from `seat` (docs/protocol.md, "Previews"),
  // which decide() accepted on `state` with `events`, thrown with dice that are not the game's.
  // They say only what `seat` may see, and nothing the dice decide. Default: no note, no
  // warning, and no event shown (the shared adapter shows them all for a rule set that hides
  // nothing).
  virtual Advice advise(const GameState& /*state*/, std::string_view /*seat*/,
                        const Bytes& /*command*/, const std::vector<Bytes>& /*events*/) const {
    return {};
  }

  virtual ToAct to_act(const GameState& state) const = 0;

  // The turn the game stands at: 1 for the first, 0 before the game begins (every view shows
  // it; a battle report keeps the view at the end of each turn).
  virtual int turn(const GameState& state) const = 0;

  // Distance, range bands, line of sight and cover from `from` to `to` (unit or figure ids, or
  // points), as `viewer` may know them (docs/protocol.md, "Measuring"). Anything the viewer
  // cannot see is answered exactly as an unknown name (kNotFound). Default: this rule set
  // cannot measure (kFailedPrecondition).
  virtual Result<Measurement> measure(const GameState& state, const Viewer& viewer,
                                      std::string_view from, std::string_view to) const;

  // The state hash every viewer receives after each event. For a rule set with hidden
  // information it leaves the secrets out: a hash over a secret would let anyone who knows the
  // rest of the state test its few possible values one by one.
  virtual StateHash hash(const GameState& state) const = 0;

  // The hash over everything, secrets included. Never published as it is: the room is to
  // publish HMAC-SHA256(seed, full_hash) beside hash(), which anyone may check once the seed is
  // revealed. A rule set that hides nothing leaves this default: the same as hash().
  virtual StateHash full_hash(const GameState& state) const { return hash(state); }

  // Both hashes of one state, as the room stores them with every event. A rule set whose full
  // hash is its published one computes it once.
  struct Hashes {
    StateHash published, full;
  };
  virtual Hashes hashes(const GameState& state) const { return {hash(state), full_hash(state)}; }

  // Every viewer sees the whole state and every event alike (Itchy & Scratchy): the room may
  // render one view for all of them.
  virtual bool hides_nothing() const { return false; }

  // Every seat and observer may read `event` whole, given the state before it. When not, the
  // room chains a digest of it keyed with the game's secret seed instead of its plain hash, so
  // that nobody can test guesses about it (docs/protocol.md, "Event chain and commitments").
  // The default asks view_event: public when it shows every seat and an observer the event
  // byte for byte as it is.
  virtual bool event_public(const GameState& before, const Bytes& event) const;

  // Whether `event`, given the state before it, settled something that taking it back would not
  // undo (docs/protocol.md, "Taking back"): it threw dice, or it showed some seat what was hidden
  // from it. A seat takes back at once only a command none of whose events reveals anything;
  // else the opponent (or the referee) must agree. The default asks consent for every command.
  virtual bool reveals(const GameState& /*before*/, const Bytes& /*event*/) const { return true; }
};

}  // namespace grognard::engine
