// The shared adapter's contract (rules/adapter/traits.h): a Traits struct that gives everything
// satisfies RuleSetTraits, and one that leaves a piece out does not (so WireRuleset<Traits>
// does not compile, and the compiler names the piece). Linked here because Itchy & Scratchy's
// wire library brings the adapter; the three rule sets' own Traits are checked where they are
// compiled (WireRuleset requires the concept).

#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "grognard/v1/dice.pb.h"
#include "rules/adapter/traits.h"
#include "rules/adapter/wire_ruleset.h"

namespace engine = grognard::engine;
namespace adapter = grognard::adapter;

namespace traits_test {

struct WithTurn {
  int turn = 0;
};
struct WithoutTurn {};
struct Add {
  int n = 0;
};
using Command = std::variant<Add>;
struct Added {
  int n = 0;
};
using Event = std::variant<Added>;

struct Codec {
  using WireCommand = grognard::v1::Roll;  // any message: only its descriptor is asked for
  using WireEvent = grognard::v1::Roll;
  static engine::Result<Command> parse_command(std::string_view) { return Command{Add{1}}; }
  static engine::Result<Event> parse_event(std::string_view) { return Event{Added{1}}; }
  static std::string serialize(const Command&) { return "c"; }
  static std::string serialize(const Event&) { return "e"; }
};

// Everything a rule set gives, over `S`; `kFits` false leaves fits() out.
template <class S, bool kFits = true>
struct Traits {
  static constexpr std::string_view kName = "test";
  static constexpr int kVersion = 1;
  using State = S;
  using Command = traits_test::Command;
  using Event = traits_test::Event;
  using Codec = traits_test::Codec;
  using WireView = grognard::v1::Roll;
  static engine::Result<S> load_scenario(std::string_view) { return S{}; }
  static std::string title(const S&) { return "test"; }
  static std::vector<engine::SeatSpec> seats(const S&) { return {}; }
  static engine::Status fits(const S&, const Event&) requires kFits { return engine::ok_status(); }
  static engine::ToAct to_act(const S&) { return {}; }
  static engine::Bytes view(const S&, const engine::Viewer&) { return {}; }
  static std::optional<engine::Bytes> view_event(const S&, const Event&, const engine::Bytes& b,
                                                 const engine::Viewer&) {
    return b;
  }
  static engine::StateHash hash(const S&) { return {}; }
  static engine::StateHash full_hash(const S&) { return {}; }
  static engine::Result<std::vector<Event>> begin(const S&, engine::Dice&) {
    return std::vector<Event>{};
  }
  static engine::Result<std::vector<Event>> decide(const S&, std::string_view, const Command&,
                                                   engine::Dice&) {
    return std::vector<Event>{};
  }
  static void apply(S&, const Event&) {}
  static std::vector<Command> legal(const S&, std::string_view) { return {}; }
};

}  // namespace traits_test

TEST_CASE("a rule set's Traits must give everything the adapter uses, turn included", "[adapter]") {
  STATIC_REQUIRE(adapter::RuleSetTraits<traits_test::Traits<traits_test::WithTurn>>);
  // A State without `turn` (engine::Ruleset::turn) is refused...
  STATIC_REQUIRE_FALSE(adapter::RuleSetTraits<traits_test::Traits<traits_test::WithoutTurn>>);
  // ...and so is a Traits without fits().
  STATIC_REQUIRE_FALSE(
      adapter::RuleSetTraits<traits_test::Traits<traits_test::WithTurn, /*kFits=*/false>>);

  // What the concept admits, the adapter serves: the turn is the state's own.
  const adapter::WireRuleset<traits_test::Traits<traits_test::WithTurn>> rs;
  auto state = rs.load_scenario("");
  REQUIRE(state.ok());
  CHECK(rs.turn(**state) == 0);
  CHECK(rs.wire_types().command == "grognard.v1.Roll");
}
