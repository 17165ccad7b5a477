#pragma once
// The RCW introductory scenario (scenarios/rcw/intro.textproto) played by the real rules through
// the wire adapter, for the client's RCW tests: views as each seat receives them, and commands
// decided and applied as the server would, with the events each viewer receives.
#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <vector>

#include "../support/source_file.h"
#include "client/codec.h"
#include "engine/dice.h"
#include "grognard/v1/rcw.pb.h"
#include "rules/rcw/wire/ruleset.h"

namespace grognard::clitest {

namespace rpb = ::grognard::v1::rcw;

// Where deploy_all() puts each unit: the Reds' HQ and R1 in the birch copse and the Whites' HQ
// and machine gun in Pokrovka stay hidden (R10); R2, R3, W1 and W2 stand in the open.
struct Placed {
  const char* seat;
  const char* line;  // as typed
};
inline const std::vector<Placed> kDeployment = {
    {"side:0", "deploy R-HQ 12,17.5 N"}, {"side:0", "deploy R1 8,14 N"},
    {"side:0", "deploy R2 18,20 N"},     {"side:0", "deploy R3 22,17 N"},
    {"side:1", "deploy W-HQ 24,5 S"},    {"side:1", "deploy W1 30,9.5 S"},
    {"side:1", "deploy W2 16,9 S"},      {"side:1", "deploy W3 27,6 S"},
};

class Pokrovka {
 public:
  explicit Pokrovka(const std::string& scenario = "scenarios/rcw/intro.textproto") {
    auto loaded = rs_->load_scenario(grognard::test_support::source_file(scenario));
    REQUIRE(loaded.ok());
    gs_ = std::move(loaded).value();
    auto started = rs_->begin(*gs_, dice_);
    REQUIRE(started.ok());
    for (const auto& e : *started) REQUIRE(rs_->apply(*gs_, e).ok());
  }

  static engine::Viewer viewer(const std::string& seat) {
    if (seat.empty()) return engine::Viewer{engine::Role::kObserver, "", false};
    return engine::Viewer{engine::Role::kGeneral, seat, false};
  }

  // The view as `seat` receives it ("side:0", "side:1"; "" an observer).
  rpb::View view(const std::string& seat) const {
    rpb::View v;
    REQUIRE(v.ParseFromString(rs_->view(*gs_, viewer(seat))));
    return v;
  }
  google::protobuf::Any any(const std::string& seat) const { return client::pack(view(seat)); }

  // Decides `command` for `seat` and applies its events; the error's message when refused. The
  // events as each of `watchers` receives them are put in `seen` (one list per watcher).
  std::string play(const std::string& seat, const google::protobuf::Any& command,
                   const std::vector<std::string>& watchers = {},
                   std::vector<std::vector<google::protobuf::Any>>* seen = nullptr) {
    rpb::Command c;
    REQUIRE(command.UnpackTo(&c));
    auto events = rs_->decide(*gs_, seat, c.SerializeAsString(), dice_);
    if (!events.ok()) return events.error().message.empty() ? "refused" : events.error().message;
    if (seen) seen->assign(watchers.size(), {});
    for (const auto& e : *events) {
      for (std::size_t i = 0; seen && i < watchers.size(); ++i) {
        const auto shown = rs_->view_event(*gs_, e, viewer(watchers[i]));
        rpb::Event pe;
        if (shown) REQUIRE(pe.ParseFromString(*shown));
        (*seen)[i].push_back(client::pack(pe));
      }
      REQUIRE(rs_->apply(*gs_, e).ok());
    }
    return "";
  }

  v1::LegalCommands legal_commands(const std::string& seat) const {
    v1::LegalCommands out;
    for (const auto& b : rs_->legal(*gs_, seat)) {
      rpb::Command c;
      REQUIRE(c.ParseFromString(b));
      *out.add_commands() = client::pack(c);
    }
    return out;
  }

 private:
  std::unique_ptr<engine::Ruleset> rs_ = rcw::wire::make_rcw_ruleset();
  std::unique_ptr<engine::GameState> gs_;
  engine::SeededDice dice_{engine::Seed{5}};
};

}  // namespace grognard::clitest
