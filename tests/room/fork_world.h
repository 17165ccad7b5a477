#pragma once
// Forking games in the room tests: the test world with the real rule sets and scenarios of this
// build beside the test one, and what the fork tests repeat (seating every seat, folding a game
// from the store, giving commands picked from the legal list, asking for a fork).

#include <catch2/catch.hpp>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "app/builtin.h"
#include "record/replay.h"
#include "world.h"

namespace grognard::testing {

struct ForkWorld {
  World w;
  int next_id = 0;

  ForkWorld() { app::add_builtin(w.registry); }

  const engine::Ruleset& rules(const std::string& game_id) {
    return *w.registry.ruleset(w.store.game(game_id)->value().ruleset);
  }
  record::GameRecord record(const std::string& game_id) { return **w.store.game(game_id); }

  v1::RoomInfo create(const std::string& ruleset, const std::string& scenario) {
    v1::ClientMessage m;
    m.mutable_create_room()->set_ruleset(ruleset);
    m.mutable_create_room()->set_scenario(scenario);
    m.mutable_create_room()->set_observers_allowed(true);
    auto answer = w.ask(std::make_shared<FakePeer>("creator"), m);
    REQUIRE(answer.has_room());
    return answer.room();
  }
  v1::ServerMessage join(const std::shared_ptr<FakePeer>& peer, const std::string& invite,
                         const std::string& role, const std::string& seat) {
    v1::ClientMessage m;
    m.mutable_join_room()->set_invite_code(invite);
    m.mutable_join_room()->set_role(role);
    m.mutable_join_room()->set_seat(seat);
    return w.ask(peer, m);
  }
  // A new peer in every seat of `room`, by seat id.
  std::map<std::string, std::shared_ptr<FakePeer>> seat_all(const v1::RoomInfo& room) {
    std::map<std::string, std::shared_ptr<FakePeer>> peers;
    for (const v1::SeatInfo& s : room.seats()) {
      auto peer = std::make_shared<FakePeer>(s.seat_id());
      const auto answer = join(peer, room.invite_code(), s.role(), s.seat_id());
      INFO(answer.ShortDebugString());
      REQUIRE(answer.has_seated());
      peers[s.seat_id()] = peer;
    }
    return peers;
  }

  // The game's state after its last stored event, folded from the store.
  std::unique_ptr<engine::GameState> state(const std::string& game_id) {
    const auto& rs = rules(game_id);
    auto initial = rs.load_scenario(record(game_id).scenario_text);
    REQUIRE(initial.ok());
    auto folded = record::state_after(rs, **initial, w.store.raw_events(game_id), ~0ull);
    REQUIRE(folded.ok());
    return std::move(*folded);
  }
  std::vector<std::string> acting(const std::string& game_id) {
    return rules(game_id).to_act(*state(game_id)).seats;
  }

  v1::ServerMessage command(const std::shared_ptr<FakePeer>& peer, const google::protobuf::Any& c) {
    v1::ClientMessage m;
    m.mutable_command()->set_command_id("c" + std::to_string(++next_id));
    *m.mutable_command()->mutable_command() = c;
    return w.ask(peer, m);
  }
  std::vector<google::protobuf::Any> legal(const std::shared_ptr<FakePeer>& peer) {
    v1::ClientMessage m;
    m.mutable_get_legal();
    auto answer = w.ask(peer, m);
    REQUIRE(answer.has_legal());
    return {answer.legal().commands().begin(), answer.legal().commands().end()};
  }
  // One command from the first acting seat that `peers` hold (players before the referee): the
  // legal command `prefer` likes (the first listed if none). REQUIREs it to be accepted; returns
  // the seat and the command.
  std::pair<std::string, google::protobuf::Any> step(
      const std::string& game_id, std::map<std::string, std::shared_ptr<FakePeer>>& peers,
      const std::function<bool(const google::protobuf::Any&)>& prefer) {
    auto seats = acting(game_id);
    REQUIRE_FALSE(seats.empty());
    std::string seat = seats.front();
    for (const auto& s : seats) {
      if (s != "referee") seat = s;
    }
    auto options = legal(peers.at(seat));
    REQUIRE_FALSE(options.empty());
    google::protobuf::Any chosen = options.front();
    for (const auto& any : options) {
      if (prefer(any)) chosen = any;
    }
    auto answer = command(peers.at(seat), chosen);
    INFO(seat << ": " << answer.ShortDebugString());
    REQUIRE(answer.has_command_result());
    return {seat, chosen};
  }

  v1::ServerMessage fork(const std::shared_ptr<FakePeer>& peer, const std::string& game_id,
                         std::uint64_t at) {
    v1::ClientMessage m;
    m.mutable_fork_game()->set_game_id(game_id);
    m.mutable_fork_game()->set_at_seq(at);
    m.mutable_fork_game()->set_observers_allowed(true);
    return w.ask(peer, m);
  }
};

inline bool contains_any(const std::vector<std::string>& frames, std::string_view needle) {
  for (const auto& f : frames) {
    if (!needle.empty() && f.find(needle) != std::string::npos) return true;
  }
  return false;
}

}  // namespace grognard::testing
