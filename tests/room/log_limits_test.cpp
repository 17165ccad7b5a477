// The bounds of a game's log (issue 13: "a game's log has no size limit, and long logs cannot
// be fetched"): chat per seat and per room, events per game, answers a page at a time; and the
// cost of a page far into a long log and of the 10,000th observer's join (printed, not asserted).
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

#include "room/room.h"
#include "world.h"

using namespace grognard;
using grognard::testing::FakePeer;
using grognard::testing::World;

namespace {

// The world's store with observers' seats kept apart: MemoryStore looks through a game's seats
// for each one stored, which would time the test double rather than the room.
class ObserversApart final : public record::Store {
 public:
  explicit ObserversApart(testing::MemoryStore& inner) : inner_(inner) {}
  void append(record::WriteBatch b, std::function<void(engine::Status)> done) override {
    std::erase_if(b.seats, [&](const record::SeatRecord& s) {
      if (s.role == "observer") observers_[s.seat_id] = s;
      return s.role == "observer";
    });
    inner_.append(std::move(b), std::move(done));
  }
  engine::Result<std::optional<record::GameRecord>> game(const std::string& id) override {
    return inner_.game(id);
  }
  engine::Result<std::optional<record::GameRecord>> game_by_token(
      const record::Hash32& t) override {
    return inner_.game_by_token(t);
  }
  engine::Result<std::optional<record::GameRecord>> game_by_invite(const std::string& c) override {
    return inner_.game_by_invite(c);
  }
  engine::Result<std::vector<record::GameRecord>> games(const record::GameFilter& f) override {
    return inner_.games(f);
  }
  engine::Result<std::vector<record::GameRecord>> unfinished_games() override {
    return inner_.unfinished_games();
  }
  engine::Result<std::vector<record::SeatRecord>> seats(const std::string& id) override {
    auto out = inner_.seats(id);
    if (out.ok()) {
      for (const auto& [seat_id, s] : observers_) out->push_back(s);
    }
    return out;
  }
  engine::Result<std::vector<record::EventRecord>> events(const std::string& id, std::uint64_t from,
                                                          std::uint64_t to) override {
    return inner_.events(id, from, to);
  }
  engine::Result<std::vector<record::EventRecord>> taken_back(const std::string& id) override {
    return inner_.taken_back(id);
  }
  void flush() override { inner_.flush(); }

 private:
  testing::MemoryStore& inner_;
  std::map<std::string, record::SeatRecord> observers_;
};

// North and South at a new table of Secrets in a world with `options`.
struct Game {
  std::unique_ptr<ObserversApart> apart;  // outlives the world's lobby
  World w;
  std::string invite;
  std::shared_ptr<FakePeer> north = std::make_shared<FakePeer>("north");
  std::shared_ptr<FakePeer> south = std::make_shared<FakePeer>("south");
  std::string north_token, id;
  explicit Game(room::LobbyOptions options, bool observers_apart = false) : w(options) {
    if (observers_apart) {
      apart = std::make_unique<ObserversApart>(w.store);
      w.lobby = std::make_unique<room::Lobby>(
          w.ioc.get_executor(), *apart, w.registry, w.metrics, [this] { return ++w.now; }, options);
    }
    invite = w.create();
    auto a = w.join(north, invite, "player");
    REQUIRE(a.has_seated());
    REQUIRE(w.join(south, invite, "player").has_seated());
    north_token = a.seated().token();
    id = a.seated().game_id();
  }
  v1::ServerMessage chat(const std::shared_ptr<FakePeer>& peer, const std::string& text) {
    v1::ClientMessage m;
    m.mutable_chat()->set_text(text);
    return w.ask(peer, m);
  }
  v1::ServerMessage events(const std::shared_ptr<FakePeer>& peer, std::uint64_t from,
                           std::uint64_t to = 0, const std::string& as = "") {
    v1::ClientMessage m;
    m.mutable_get_events()->set_game_id(id);
    m.mutable_get_events()->set_from_seq(from);
    m.mutable_get_events()->set_to_seq(to);
    m.mutable_get_events()->set_as_seat(as);
    return w.ask(peer, m);
  }
  v1::ServerMessage resume(const std::shared_ptr<FakePeer>& peer, std::uint64_t last_seq) {
    v1::ClientMessage m;
    m.mutable_resume()->set_token(north_token);
    m.mutable_resume()->set_last_seq(last_seq);
    return w.ask(peer, m);
  }
  std::uint64_t last_seq() { return w.store.event_count(id); }
  // Every page from `from` on, checking each is within `per_page` stored events.
  std::vector<std::uint64_t> pages(const std::shared_ptr<FakePeer>& peer, std::uint64_t from,
                                   std::uint64_t to, std::size_t per_page) {
    std::vector<std::uint64_t> seqs;
    for (int guard = 0; from != 0 && guard < 10'000; ++guard) {
      auto r = events(peer, from, to);
      REQUIRE(r.has_event_list());
      for (const auto& e : r.event_list().events()) {
        CHECK(e.seq() >= from);
        CHECK(e.seq() < from + per_page);
        seqs.push_back(e.seq());
      }
      const std::uint64_t next = r.event_list().next_seq();
      CHECK((next == 0 || next == from + per_page));
      from = next;
    }
    return seqs;
  }
};

bool says(const v1::ServerMessage& m, v1::Code code, const std::string& a, const std::string& b) {
  return m.has_error() && m.error().code() == code &&
         m.error().message().find(a) != std::string::npos &&
         m.error().message().find(b) != std::string::npos;
}

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

TEST_CASE(
    "chat past a seat's or a room's bound is refused and not stored, also after a restart "
    "(issue 13: unbounded chat)",
    "[room][limits]") {
  room::LobbyOptions o;
  o.chat_per_seat = 3;
  o.chat_per_room = 5;
  Game g(o);
  for (int i = 0; i < 3; ++i) REQUIRE(g.chat(g.north, "hello").has_command_result());
  const std::uint64_t stored = g.last_seq();
  CHECK(says(g.chat(g.north, "once more"), v1::RESOURCE_EXHAUSTED, "chat_per_seat", "3"));
  CHECK(g.last_seq() == stored);
  for (int i = 0; i < 2; ++i) REQUIRE(g.chat(g.south, "hi").has_command_result());
  CHECK(says(g.chat(g.south, "and again"), v1::RESOURCE_EXHAUSTED, "chat_per_room", "5"));
  CHECK(g.last_seq() == stored + 2);

  // The counts come from the log: a restarted server refuses as the first did.
  g.w.lobby = g.w.make_lobby(o);
  REQUIRE(g.w.lobby->recover().empty());
  auto back = std::make_shared<FakePeer>("north again");
  REQUIRE(g.resume(back, 0).has_seated());
  CHECK(says(g.chat(back, "after the restart"), v1::RESOURCE_EXHAUSTED, "chat_per_seat", "3"));
  CHECK(g.last_seq() == stored + 2);
}

TEST_CASE(
    "a game at max_game_events refuses commands and chat but can still be ended or closed "
    "(issue 13: a game's log has no size limit)",
    "[room][limits]") {
  room::LobbyOptions o;
  o.max_game_events = 12;
  Game g(o);
  while (g.last_seq() < 12) REQUIRE(g.chat(g.north, "filling").has_command_result());
  CHECK(says(g.chat(g.south, "one too many"), v1::RESOURCE_EXHAUSTED, "max_game_events", "12"));
  // North acts first (player:0).
  CHECK(says(g.w.command(g.north, "add 1", "c1"), v1::RESOURCE_EXHAUSTED, "max_game_events", "12"));
  CHECK(g.last_seq() == 12);

  SECTION("a command that ends the game is taken past the bound") {
    auto r = g.w.command(g.north, "reveal", "c2");
    REQUIRE(r.has_command_result());
    CHECK(g.last_seq() > 12);
    CHECK(g.last_seq() <= 12 + room::Room::kEventsReserve);
    CHECK(g.north->binding()->room->info().status() == "finished");
  }
  SECTION("the operator closes it, and its note is stored") {
    std::optional<engine::Status> closed;
    g.w.lobby->close_room(g.invite, "stuck at the bound", [&](engine::Status s) { closed = s; });
    g.w.settle();
    REQUIRE(closed);
    CHECK(closed->ok());
    CHECK(g.last_seq() == 13);
  }
}

TEST_CASE(
    "GetEvents and Resume answer a page at a time, next_seq saying where the rest starts "
    "(issue 13: long logs cannot be fetched)",
    "[room][limits][pages]") {
  room::LobbyOptions o;
  o.events_per_page = 3;
  Game g(o);
  for (int i = 0; i < 5; ++i) {
    REQUIRE(g.w.command(g.north, "add 1", "n" + std::to_string(i)).has_command_result());
    REQUIRE(g.chat(g.south, "hm").has_command_result());
    REQUIRE(g.w.command(g.south, "add 2", "s" + std::to_string(i)).has_command_result());
  }
  const std::uint64_t last = g.last_seq();
  REQUIRE(last > 12);
  // North sees every event but South's secret.
  const auto paged = g.pages(g.north, 1, 0, 3);
  CHECK(paged.size() == last - 1);
  CHECK(std::set<std::uint64_t>(paged.begin(), paged.end()).size() == paged.size());

  // A seat asks for its own view of the running game, not another's.
  CHECK(g.events(g.north, 1, 0, "player:0").has_event_list());
  CHECK(g.events(g.north, 1, 0, "player:1").error().code() == v1::PERMISSION_DENIED);

  // Resume from 0: the first page, then the rest as that seat; a live event meanwhile comes
  // after the answer's last_seq.
  auto back = std::make_shared<FakePeer>("north again");
  auto s = g.resume(back, 0);
  REQUIRE(s.has_seated());
  CHECK(s.seated().events_size() <= 3);
  REQUIRE(s.seated().next_seq() == 4);
  std::vector<std::uint64_t> seen;
  for (const auto& e : s.seated().events()) seen.push_back(e.seq());
  REQUIRE(g.chat(g.south, "while you page").has_command_result());
  const auto rest = g.pages(back, s.seated().next_seq(), s.seated().last_seq(), 3);
  seen.insert(seen.end(), rest.begin(), rest.end());
  CHECK(seen == paged);

  // After a restart, with no bound, the same events in one answer.
  o.events_per_page = 0;
  g.w.lobby = g.w.make_lobby(o);
  REQUIRE(g.w.lobby->recover().empty());
  auto whole = g.resume(back, 0);
  REQUIRE(whole.has_seated());
  CHECK(whole.seated().next_seq() == 0);
  CHECK(static_cast<std::size_t>(whole.seated().events_size()) == paged.size() + 1);
}

TEST_CASE("a page far into a 20,000-event log costs a page: figures", "[room][limits][pages]") {
  room::LobbyOptions o;
  o.chat_per_seat = o.chat_per_room = 0;
  o.chat_bytes_per_address = 0;
  o.max_game_events = 0;
  o.events_per_page = 500;
  Game g(o);
  for (int i = 0; i < 20'000; ++i) {
    REQUIRE(g.chat(g.north, "a message of some length to make the log weigh").has_command_result());
    if (i % 500 == 0) g.south->take();
  }
  g.south->take();
  const std::uint64_t last = g.last_seq();
  for (int round = 1; round <= 2; ++round) {
    const auto t0 = std::chrono::steady_clock::now();
    auto r = g.events(g.north, last - 400);
    const double ms = ms_since(t0);
    REQUIRE(r.has_event_list());
    CHECK(r.event_list().next_seq() == 0);
    std::printf("page of 401 events at the end of a %llu-event log (round %d): %.2f ms\n",
                static_cast<unsigned long long>(last), round, ms);
  }
  // The room's own work for one page, without the test's message passing: from the start of
  // the log, then at its end with and without the folds kept.
  testing::SecretsRuleset rs;
  auto initial = rs.load_scenario("apple banana");
  REQUIRE(initial.ok());
  const auto& log = g.w.store.raw_events(g.id);
  engine::Viewer north;
  north.seat = "player:0";
  record::FoldCache kept;
  for (const auto& [what, from, cache] :
       {std::tuple{"start, folds kept", std::uint64_t{1}, &kept},
        std::tuple{"end, no folds kept", last - 499, static_cast<record::FoldCache*>(nullptr)},
        std::tuple{"end, folds kept (first time: kept on the way)", last - 499, &kept},
        std::tuple{"end, folds kept", last - 499, &kept}}) {
    const auto t1 = std::chrono::steady_clock::now();
    auto page = record::page_as_seen(rs, **initial, log, north, 1, from, 0,
                                     {500, record::kPageBytes}, cache);
    const double ms = ms_since(t1);
    REQUIRE(page.ok());
    std::printf("page_as_seen of 500 events at the %s: %.2f ms\n", what, ms);
  }
  const auto t0 = std::chrono::steady_clock::now();
  auto first = g.events(g.north, 1);
  REQUIRE(first.has_event_list());
  CHECK(first.event_list().events_size() >= 499);  // South's secret is not North's
  CHECK(first.event_list().next_seq() == 501);
  std::printf("GetEvents of the whole log: first page of 500 in %.2f ms (%zu bytes)\n",
              ms_since(t0), first.ByteSizeLong());
}

TEST_CASE(
    "joining the 10,000th observer costs what the first did: figures "
    "(issue 13: observer joins grow with the room)",
    "[room][limits][observers]") {
  room::LobbyOptions unbounded;  // the bounds of observer seats (issue 33) off
  unbounded.observers_per_room = unbounded.observers_per_address = unbounded.max_observers = 0;
  Game g(unbounded, true);
  constexpr int kObservers = 10'000, kSample = 200;
  std::vector<std::shared_ptr<FakePeer>> watching;
  double first = 0, last = 0;
  for (int i = 0; i < kObservers; ++i) {
    auto peer = std::make_shared<FakePeer>("observer " + std::to_string(i));
    const auto t0 = std::chrono::steady_clock::now();
    auto r = g.w.join(peer, g.invite, "observer");
    const double ms = ms_since(t0);
    REQUIRE(r.has_seated());
    if (i < kSample) first += ms;
    if (i >= kObservers - kSample) last += ms;
    watching.push_back(std::move(peer));
  }
  CHECK(g.north->binding()->room->info().observers() == kObservers);
  std::printf("observer joins: first %d %.1f us each, last %d (to the %d-th) %.1f us each\n",
              kSample, first * 1000 / kSample, kSample, kObservers, last * 1000 / kSample);
}
