// RCW on the real server: two generals (the Reds over binary protobuf frames, the Whites over
// JSON text frames) and two observers (one of each) play "The road to Pokrovka"
// (scenarios/rcw/intro.textproto): secret deployment with units hidden in the village and the
// copse and others in the open, a cavalry move stopped and a hidden company revealed within 3"
// (R17), shots, a hidden company's activation and a hidden machine gun's Limber that the enemy
// receives only as placeholders (R20), and a concession. Every frame each client receives is
// recorded; until the event that reveals it, no frame to the enemy or an observer holds a
// concealed unit's id, name, coordinates or facing as protobuf or JSON would put them. The chain
// verifies link by link for every client; once the game is over the archive shows everything,
// and every keyed digest and state commitment opens with the revealed seed, the full state
// hashes refolded from the archive with the rule set.
#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <vector>

#include "../support/source_file.h"
#include "rcw_intro.h"
#include "rcw_watch.h"

namespace grognard::e2e {

TEST_CASE("RCW intro on the real server: concealed units stay secret until revealed",
          "[e2e][rcw][R10][R17][R19][R20]") {
  ServerProcess server(kPlayFlags);
  Watcher reds{"Reds (binary)", connect(server, Format::kBinary)};
  Watcher whites{"Whites (JSON)", connect(server, Format::kJson)};
  Watcher watch_bin{"observer (binary)", connect(server, Format::kBinary)};
  Watcher watch_json{"observer (JSON)", connect(server, Format::kJson)};
  const std::vector<Watcher*> all = {&reds, &whites, &watch_bin, &watch_json};
  for (Watcher* w : all) w->client.record_frames(true);

  auto room = reds.client.create_room("rcw", "intro", /*observers_allowed=*/true, false);
  INFO((room.ok() ? "" : client::describe(room.failure())));
  REQUIRE(room.ok());
  const std::string game_id = room->game_id();
  for (Watcher* w : {&watch_bin, &watch_json}) {
    auto seated = w->client.join(room->invite_code(), "observer", "", w->label);
    INFO((seated.ok() ? "" : client::describe(seated.failure())));
    REQUIRE(seated.ok());
    take(*w, *seated);
  }
  std::uint64_t started = 0;
  for (Watcher* w : {&reds, &whites}) {
    const std::string seat = w == &reds ? "side:0" : "side:1";
    auto seated = w->client.join(room->invite_code(), "general", seat, w->label);
    INFO((seated.ok() ? "" : client::describe(seated.failure())));
    REQUIRE(seated.ok());
    REQUIRE(seated->seat_id() == seat);
    w->seat = seat;
    take(*w, *seated);
    started = seated->last_seq();
  }
  REQUIRE(started > 0);
  for (Watcher* w : all) catch_up(*w, started);
  REQUIRE(reds.view.has_value());
  REQUIRE(reds.view->phase() == rcw::DEPLOY);

  Intro intro{reds, whites, all};
  intro.deploy();
  intro.turn_one_reds();
  intro.turn_one_whites();
  intro.concede();
  for (Watcher* w : all) {
    INFO(w->label);
    CHECK(w->status == "finished");
    REQUIRE(w->view.has_value());
    CHECK(w->view->over());
  }

  // Every client received every event, in order, none missing, and the same chain.
  const std::uint64_t last = reds.last_seq;
  for (Watcher* w : all) {
    CHECK(w->last_seq == last);
    check_chain(w->events, w->label);
    for (std::size_t i = 0; i < w->events.size(); ++i) {
      CHECK(w->events[i].chain() == reds.events[i].chain());
      CHECK(w->events[i].state_hash() == reds.events[i].state_hash());
      CHECK(w->events[i].digest() == reds.events[i].digest());
      CHECK(w->events[i].commitment() == reds.events[i].commitment());
    }
  }
  intro.check_placeholders();
  intro.check_no_leaks();
  intro.check_archive(game_id, test_support::read_file(std::string(GROGNARD_SOURCE_DIR) +
                                                       "/scenarios/rcw/intro.textproto"));
}

}  // namespace grognard::e2e
