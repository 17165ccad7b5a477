// Pages of a game no room holds (issue 33: an archived game was read whole from the store for
// each page of get_events, on the I/O thread that asked): each page reads its own events from the
// store, folded on from a fold kept by an earlier page, on a thread of the lobby's own; and the
// pages say what the whole log said.
#include <catch2/catch.hpp>

#include <set>
#include <thread>

#include "world.h"

using namespace grognard;
using grognard::testing::FakePeer;
using grognard::testing::World;

namespace {

// A finished game of Secrets with `chats` chat messages, no room holding it (the lobby started
// again after its end): its id.
std::string stored_game(World& w, const room::LobbyOptions& o, int chats) {
  const std::string invite = w.create();
  auto north = std::make_shared<FakePeer>("north"), south = std::make_shared<FakePeer>("south");
  auto seated = w.join(north, invite, "player");
  REQUIRE(seated.has_seated());
  REQUIRE(w.join(south, invite, "player").has_seated());
  REQUIRE(w.command(north, "add 2", "c1").has_command_result());
  for (int i = 0; i < chats; ++i) {
    v1::ClientMessage m;
    m.mutable_chat()->set_text("message " + std::to_string(i));
    REQUIRE(w.ask(i % 2 == 0 ? north : south, m).has_command_result());
  }
  REQUIRE(w.command(south, "reveal", "c2").has_command_result());
  w.lobby = w.make_lobby(o);  // a restart: ended games are not loaded
  REQUIRE(w.lobby->recover().empty());
  return seated.seated().game_id();
}

v1::ServerMessage page(World& w, const std::string& id, std::uint64_t from,
                       const std::string& as = "") {
  v1::ClientMessage m;
  m.mutable_get_events()->set_game_id(id);
  m.mutable_get_events()->set_from_seq(from);
  m.mutable_get_events()->set_as_seat(as);
  return w.ask(std::make_shared<FakePeer>("reader"), m);
}

}  // namespace

TEST_CASE("a page of a stored game reads that page, off the thread that asked",
          "[room][archive][pages]") {
  room::LobbyOptions o;
  o.events_per_page = 100;
  World w(o);
  const std::string id = stored_game(w, o, 2'000);
  const std::uint64_t last = w.store.event_count(id);
  REQUIRE(last > 2'000);
  w.store.forget_reads();

  // Every page in turn: each reads its own events, and the pages hold every event once.
  std::vector<std::uint64_t> seqs;
  std::size_t pages = 0;
  for (std::uint64_t from = 1; from != 0; ++pages) {
    auto r = page(w, id, from);
    REQUIRE(r.has_event_list());
    for (const auto& e : r.event_list().events()) seqs.push_back(e.seq());
    from = r.event_list().next_seq();
  }
  CHECK(seqs.size() == last);
  CHECK(std::set<std::uint64_t>(seqs.begin(), seqs.end()).size() == last);
  std::uint64_t read = 0;
  for (const auto& r : w.store.reads()) {
    CHECK(r.game_id == id);
    CHECK(r.thread != std::this_thread::get_id());
    CHECK(r.to != 0);
    CHECK(r.to >= r.from);
    read += r.to - r.from + 1;
  }
  INFO(pages << " pages read " << read << " events from the store");
  CHECK(read <= last + pages);  // each event about once, not the whole log a page

  // A jump far into the log reads from a fold kept on the way, not from the start.
  w.store.forget_reads();
  auto far = page(w, id, last - 150);
  REQUIRE(far.has_event_list());
  CHECK(far.event_list().events(0).seq() == last - 150);
  for (const auto& r : w.store.reads()) CHECK(r.from > last - 600);

  // Seen as a seat, the same game hides what that seat never saw (South's secret word).
  auto as_north = page(w, id, 1, "player:0");
  REQUIRE(as_north.has_event_list());
  CHECK(as_north.event_list().events(0).seq() == 1);
  CHECK(as_north.SerializeAsString().find("banana") == std::string::npos);
  CHECK(page(w, id, 1).SerializeAsString().find("banana") != std::string::npos);
}

TEST_CASE("a stored game's state at an event is folded from a kept fold, off the thread that asked",
          "[room][archive][pages]") {
  room::LobbyOptions o;
  o.events_per_page = 100;
  World w(o);
  const std::string id = stored_game(w, o, 600);
  const std::uint64_t last = w.store.event_count(id);
  for (std::uint64_t from = 1; from != 0;) from = page(w, id, from).event_list().next_seq();
  w.store.forget_reads();
  v1::ClientMessage m;
  m.mutable_get_state()->set_game_id(id);
  m.mutable_get_state()->set_at_seq(last - 10);
  auto state = w.ask(std::make_shared<FakePeer>("reader"), m);
  REQUIRE(state.has_state());
  CHECK(state.state().seq() == last - 10);
  for (const auto& r : w.store.reads()) {
    CHECK(r.thread != std::this_thread::get_id());
    CHECK(r.from > last - 400);
  }
}
