#pragma once
// The authorisation matrix's world (authz_test.cpp): a running Sharpe's Mess game (a referee,
// three players, an observer) and a running Itchy & Scratchy game (two generals) in one lobby,
// each connection kind of the matrix as a peer, every message kind aimed at the game under test,
// and what a refusal must leave untouched (every game's stored events, every other peer's inbox).

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "fork_world.h"
#include "grognard/v1/sharpe.pb.h"

namespace grognard::testing {

struct AuthzWorld {
  ForkWorld f;
  v1::RoomInfo sharpe = f.create("sharpe", "village");
  v1::RoomInfo itchy = f.create("itchy", "intro");
  std::map<std::string, std::shared_ptr<FakePeer>> sharpe_seats = f.seat_all(sharpe);
  std::map<std::string, std::shared_ptr<FakePeer>> itchy_seats = f.seat_all(itchy);
  std::shared_ptr<FakePeer> observer = std::make_shared<FakePeer>("observer");
  std::shared_ptr<FakePeer> stranger = std::make_shared<FakePeer>("stranger");

  AuthzWorld() { REQUIRE(f.join(observer, sharpe.invite_code(), "observer", "").has_seated()); }

  // The first seat to act in `game` that is not the referee (the referee may act at any time).
  std::string acting(const std::string& game) {
    for (const std::string& s : f.acting(game)) {
      if (s != "referee") return s;
    }
    FAIL("nobody but the referee acts in " << game);
    return {};
  }
  // A seat of `seats` that is neither `not_this` nor the referee.
  static std::string other(const std::map<std::string, std::shared_ptr<FakePeer>>& seats,
                           const std::string& not_this) {
    for (const auto& [id, peer] : seats) {
      if (id != not_this && id != "referee") return id;
    }
    FAIL("no other seat than " << not_this);
    return {};
  }
  // The referee ends the Sharpe's Mess game (S12).
  void end_sharpe() {
    v1::sharpe::Command c;
    c.mutable_ruling()->set_kind(v1::sharpe::RULING_END_GAME);
    c.mutable_ruling()->set_result("a draw");
    c.mutable_ruling()->set_reason("the test is over");
    google::protobuf::Any any;
    any.set_type_url("type.googleapis.com/grognard.v1.sharpe.Command");
    any.set_value(c.SerializeAsString());
    INFO("ending the game");
    REQUIRE(f.command(sharpe_seats.at("referee"), any).has_command_result());
    REQUIRE(f.record(sharpe.game_id()).status == record::GameStatus::kFinished);
  }

  std::vector<std::shared_ptr<FakePeer>> peers() const {
    std::vector<std::shared_ptr<FakePeer>> out{observer, stranger};
    for (const auto& [id, p] : sharpe_seats) out.push_back(p);
    for (const auto& [id, p] : itchy_seats) out.push_back(p);
    return out;
  }

  // What a refusal must not change: each game's stored events, each peer's inbox.
  struct Snapshot {
    std::size_t sharpe_events = 0, itchy_events = 0, games = 0;
    std::map<const FakePeer*, std::size_t> received;
  };
  Snapshot snapshot() {
    f.w.settle();
    Snapshot s;
    s.sharpe_events = f.w.store.event_count(sharpe.game_id());
    s.itchy_events = f.w.store.event_count(itchy.game_id());
    s.games = f.w.store.games(record::GameFilter{})->size();
    for (const auto& p : peers()) s.received[p.get()] = p->received();
    return s;
  }
};

}  // namespace grognard::testing
