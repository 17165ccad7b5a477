#pragma once
// The village scenario (scenarios/sharpe/village.textproto) played by the real rules through
// the wire adapter, for the client's Sharpe's Mess tests: views as each seat receives them, and
// typed commands decided and applied as the server would.
#include <catch2/catch.hpp>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "../support/source_file.h"
#include "client/codec.h"
#include "engine/dice.h"
#include "grognard/v1/protocol.pb.h"
#include "grognard/v1/sharpe.pb.h"
#include "render/sharpe_ui.h"
#include "rules/sharpe/wire/ruleset.h"

namespace grognard::clitest {

namespace spb = ::grognard::v1::sharpe;

class Village {
 public:
  Village() {
    auto loaded = rs_->load_scenario(
        grognard::test_support::source_file("scenarios/sharpe/village.textproto"));
    REQUIRE(loaded.ok());
    gs_ = std::move(loaded).value();
    auto started = rs_->begin(*gs_, dice_);
    REQUIRE(started.ok());
    for (const auto& e : *started) REQUIRE(rs_->apply(*gs_, e).ok());
  }

  // The view as `seat` receives it ("player:british", "referee"; "" an observer).
  spb::View view(const std::string& seat = "referee") const {
    engine::Viewer viewer{engine::Role::kObserver, seat, false};
    if (seat == "referee") viewer.role = engine::Role::kReferee;
    if (seat.rfind("player:", 0) == 0) viewer.role = engine::Role::kPlayer;
    spb::View v;
    REQUIRE(v.ParseFromString(rs_->view(*gs_, viewer)));
    return v;
  }
  google::protobuf::Any any(const std::string& seat = "referee") const {
    return client::pack(view(seat));
  }

  // `line` as the client reads it when `seat` types it; fails the test when it makes no command.
  google::protobuf::Any typed(const std::string& line, const std::string& seat) const {
    std::vector<std::string> words;
    std::istringstream in(line);
    for (std::string w; in >> w;) words.push_back(w);
    auto p = cli::SharpeUi().parse(words, any(seat));
    INFO(line);
    REQUIRE(p);
    INFO(p->error);
    REQUIRE(p->command);
    return *p->command;
  }

  // Decides `command` for `seat` and applies its events; the error's message when refused.
  std::string play(const std::string& seat, const google::protobuf::Any& command) {
    spb::Command c;
    REQUIRE(command.UnpackTo(&c));
    auto events = rs_->decide(*gs_, seat, c.SerializeAsString(), dice_);
    if (!events.ok()) return events.error().message.empty() ? "refused" : events.error().message;
    for (const auto& e : *events) REQUIRE(rs_->apply(*gs_, e).ok());
    return "";
  }

  // What the server would offer `seat` now (GetLegal's answer).
  v1::LegalCommands legal(const std::string& seat) const {
    v1::LegalCommands out;
    for (const auto& c : rs_->legal(*gs_, seat)) {
      auto* any = out.add_commands();
      any->set_type_url("type.googleapis.com/grognard.v1.sharpe.Command");
      any->set_value(c);
    }
    return out;
  }

  // The seat whose hero's card is drawn (the first player seat to act).
  std::string player_to_act() const {
    for (const auto& s : rs_->to_act(*gs_).seats) {
      if (s != "referee") return s;
    }
    return "";
  }

 private:
  std::unique_ptr<engine::Ruleset> rs_ = sharpe::wire::make_sharpe_ruleset();
  std::unique_ptr<engine::GameState> gs_;
  engine::SeededDice dice_{engine::Seed{3}};
};

}  // namespace grognard::clitest
