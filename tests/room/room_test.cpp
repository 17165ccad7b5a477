// Rooms and the lobby with a test rule set that hides information, an in-memory store that
// can hold or fail commits, and peers that record every message they are sent.
#include <catch2/catch.hpp>

#include "engine/canonical.h"
#include "record/seal.h"
#include "room/room.h"
#include "world.h"

using namespace grognard;
using grognard::testing::FakePeer;
using grognard::testing::Table;
using grognard::testing::World;

namespace {

bool contains(const std::vector<std::string>& frames, std::string_view needle) {
  for (const auto& f : frames) {
    if (f.find(needle) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("hidden information never reaches a seat that may not see it", "[room][views]") {
  Table t;
  auto observer = std::make_shared<FakePeer>("observer");
  REQUIRE(t.w.join(observer, t.invite, "observer").has_seated());
  REQUIRE(t.w.command(t.north, "add 2", "c1").has_command_result());
  REQUIRE(t.w.command(t.south, "add 3", "c2").has_command_result());
  CHECK(contains(t.north->all_serialized(), "apple"));
  CHECK_FALSE(contains(t.north->all_serialized(), "banana"));
  CHECK(contains(t.south->all_serialized(), "banana"));
  CHECK_FALSE(contains(t.south->all_serialized(), "apple"));
  CHECK_FALSE(contains(observer->all_serialized(), "apple"));
  CHECK_FALSE(contains(observer->all_serialized(), "banana"));
  // The archive, asked as the other seat while the game runs, is refused.
  v1::ClientMessage m;
  m.mutable_get_events()->set_game_id(t.north->binding()->room->id());
  m.mutable_get_events()->set_as_seat("player:1");
  CHECK(t.w.ask(t.north, m).error().code() == v1::PERMISSION_DENIED);
  CHECK_FALSE(contains(t.north->all_serialized(), "banana"));
  // Once the game is over everything may be seen.
  REQUIRE(t.w.command(t.north, "reveal", "c3").has_command_result());
  CHECK(contains(t.north->all_serialized(), "banana"));
}

TEST_CASE("the seat that begins the game reads the opening events once, in its answer",
          "[room][views][reliability]") {
  World w;
  const std::string code = w.create();
  auto north = std::make_shared<FakePeer>("north");
  auto south = std::make_shared<FakePeer>("south");
  auto watcher = std::make_shared<FakePeer>("watcher");
  REQUIRE(w.join(north, code, "player").has_seated());
  REQUIRE(w.join(watcher, code, "observer").has_seated());
  const v1::ServerMessage answer = w.join(south, code, "player");
  REQUIRE(answer.has_seated());
  REQUIRE(answer.seated().events_size() > 0);
  CHECK(answer.seated().events(answer.seated().events_size() - 1).seq() ==
        answer.seated().last_seq());
  // Every seq each connection read, from answers and pushes alike.
  const auto seqs = [](const FakePeer& p) {
    std::vector<std::uint64_t> out;
    for (const std::string& bytes : p.all_serialized()) {
      v1::ServerMessage m;
      REQUIRE(m.ParseFromString(bytes));
      for (const auto& e : m.seated().events()) out.push_back(e.seq());
      for (const auto& e : m.events().events()) out.push_back(e.seq());
    }
    return out;
  };
  // The opening events as each sees them (Secrets deals each player a card the other may not
  // see): once each, in order.
  std::vector<std::uint64_t> answered;
  for (const auto& e : answer.seated().events()) answered.push_back(e.seq());
  CHECK(seqs(*south) == answered);  // nothing pushed to it
  CHECK(answered == std::vector<std::uint64_t>{1, 3});
  CHECK(seqs(*north) == std::vector<std::uint64_t>{1, 2});  // pushed to the seat already in
  CHECK(seqs(*watcher) == std::vector<std::uint64_t>{1});
}

TEST_CASE("the seed stays secret until the game ends, its hash is published at the start",
          "[room][dice]") {
  Table t;
  const std::string id = t.north->binding()->room->id();
  const record::GameRecord g = **t.w.store.game(id);
  const std::string seed_hex = engine::to_hex(g.seed.data(), g.seed.size());
  const std::string seed_raw(reinterpret_cast<const char*>(g.seed.data()), g.seed.size());
  REQUIRE(t.w.command(t.north, "add 2", "c1").has_command_result());
  for (const auto& peer : {t.north, t.south}) {
    CHECK_FALSE(contains(peer->all_serialized(), seed_hex));
    CHECK_FALSE(contains(peer->all_serialized(), seed_raw));
    CHECK(contains(peer->all_serialized(), record::hex(g.seed_sha256)));
  }
  REQUIRE(t.w.command(t.south, "reveal", "c2").has_command_result());
  CHECK(contains(t.north->all_serialized(), seed_hex));
  CHECK(engine::sha256(seed_raw).bytes == g.seed_sha256);
}

TEST_CASE("a command is acknowledged and broadcast only after its events are committed",
          "[room][durability]") {
  Table t;
  t.north->take();
  t.south->take();
  t.w.store.hold(true);
  v1::ClientMessage m;
  m.set_request_id(77);
  m.mutable_command()->set_command_id("c1");
  record::pack_any(m.mutable_command()->mutable_command(), "test.Command", "add 1");
  t.w.lobby->handle(t.north, m);
  t.w.settle();
  CHECK(t.north->take().empty());
  CHECK(t.south->take().empty());
  t.w.store.release();
  t.w.settle();
  auto got = t.north->take();
  REQUIRE_FALSE(got.empty());
  bool acked = false;
  for (auto& msg : got) acked = acked || (msg.request_id() == 77 && msg.has_command_result());
  CHECK(acked);
  CHECK_FALSE(t.south->take().empty());
}

TEST_CASE("a failed commit stops the room and acknowledges nothing", "[room][durability]") {
  Table t;
  const std::string id = t.north->binding()->room->id();
  const std::size_t before = t.w.store.event_count(id);
  t.w.store.fail_next();
  auto r = t.w.command(t.north, "add 1", "c1");
  REQUIRE(r.has_error());
  CHECK(r.error().code() == v1::UNAVAILABLE);
  CHECK(t.w.store.event_count(id) == before);
  auto again = t.w.command(t.north, "add 1", "c2");
  REQUIRE(again.has_error());
  CHECK(again.error().code() == v1::UNAVAILABLE);
  CHECK(t.north->binding()->room->info().status() == "failed");
}

TEST_CASE("a chat or a command that cannot be saved counts once as unavailable",
          "[room][durability][metrics]") {
  Table t;
  using room::CommandOutcome;
  t.w.store.fail_next();
  v1::ClientMessage m;
  m.mutable_chat()->set_text("hello");
  auto r = t.w.ask(t.north, m);
  REQUIRE(r.has_error());
  CHECK(r.error().code() == v1::UNAVAILABLE);
  CHECK(t.north->binding()->room->info().status() == "failed");
  // The room stopped on a chat is what the alert on grognard_commands_total{outcome=
  // "unavailable"} (docs/operations.md) is for.
  CHECK(t.w.metrics.commands(CommandOutcome::kUnavailable) == 1);

  Table u;
  u.w.store.fail_next();
  REQUIRE(u.w.command(u.north, "add 1", "c1").has_error());
  CHECK(u.w.metrics.commands(CommandOutcome::kUnavailable) == 1);
}

TEST_CASE("the turn gate: wrong turn, observers, no seat", "[room][gate]") {
  Table t;
  auto wrong = t.w.command(t.south, "add 1", "c1");
  CHECK(wrong.error().code() == v1::NOT_YOUR_TURN);
  auto observer = std::make_shared<FakePeer>("observer");
  REQUIRE(t.w.join(observer, t.invite, "observer").has_seated());
  CHECK(t.w.command(observer, "add 1", "c2").error().code() == v1::PERMISSION_DENIED);
  auto stranger = std::make_shared<FakePeer>("stranger");
  CHECK(t.w.command(stranger, "add 1", "c3").error().code() == v1::UNAUTHENTICATED);
  auto illegal = t.w.command(t.north, "add 42", "c4");
  CHECK(illegal.error().code() == v1::ILLEGAL);
  CHECK(illegal.error().clause() == "secrets.add");
  auto third = std::make_shared<FakePeer>("third");
  CHECK(t.w.join(third, t.invite, "player").error().code() == v1::FAILED_PRECONDITION);
  CHECK(t.w.join(third, "NOSUCH", "player").error().code() == v1::NOT_FOUND);
}

TEST_CASE("a re-sent command is answered, not applied twice", "[room][idempotency]") {
  Table t;
  const std::string id = t.north->binding()->room->id();
  auto first = t.w.command(t.north, "add 1", "same");
  REQUIRE(first.has_command_result());
  const std::size_t count = t.w.store.event_count(id);
  auto again = t.w.command(t.north, "add 1", "same");
  REQUIRE(again.has_command_result());
  CHECK(again.command_result().duplicate());
  CHECK(again.command_result().first_seq() == first.command_result().first_seq());
  CHECK(again.command_result().last_seq() == first.command_result().last_seq());
  CHECK(t.w.store.event_count(id) == count);
}

TEST_CASE("resume gives the seat back with the events missed", "[room][resume]") {
  Table t;
  REQUIRE(t.w.command(t.north, "add 1", "c1").has_command_result());
  auto seated = t.north->take();
  const std::uint64_t seen = t.north->binding()->room->info().status() == "running" ? 4 : 0;
  REQUIRE(t.w.command(t.south, "add 2", "c2").has_command_result());
  auto fresh = std::make_shared<FakePeer>("north again");
  v1::ClientMessage m;
  m.mutable_resume()->set_token(t.north_token);
  m.mutable_resume()->set_last_seq(seen);
  auto r = t.w.ask(fresh, m);
  REQUIRE(r.has_seated());
  CHECK(r.seated().seat_id() == "player:0");
  CHECK(r.seated().token().empty());
  REQUIRE(r.seated().events_size() == 1);
  CHECK(r.seated().events(0).seq() == seen + 1);
  CHECK(r.seated().events(0).rules().value().rfind("added player:1", 0) == 0);
  v1::ClientMessage bad;
  bad.mutable_resume()->set_token("gt_not-a-token");
  CHECK(t.w.ask(std::make_shared<FakePeer>("x"), bad).error().code() == v1::UNAUTHENTICATED);
}

TEST_CASE("recovery checks every stored state hash", "[room][recovery]") {
  Table t;
  REQUIRE(t.w.command(t.north, "add 1", "c1").has_command_result());
  const std::string id = t.north->binding()->room->id();
  {
    room::Lobby again(t.w.ioc.get_executor(), t.w.store, t.w.registry, t.w.metrics);
    CHECK(again.recover().empty());
    CHECK(again.open_rooms() == 1);
  }
  t.w.store.raw_events(id).back().state_hash[0] ^= 1;
  room::Lobby tampered(t.w.ioc.get_executor(), t.w.store, t.w.registry, t.w.metrics);
  auto problems = tampered.recover();
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].find("state hash mismatch") != std::string::npos);
}

TEST_CASE("chat to the room reaches everyone, chat to a seat reaches only that seat",
          "[room][chat]") {
  Table t;
  auto observer = std::make_shared<FakePeer>("observer");
  REQUIRE(t.w.join(observer, t.invite, "observer").has_seated());
  v1::ClientMessage all;
  all.mutable_chat()->set_text("good luck");
  REQUIRE(t.w.ask(t.north, all).has_command_result());
  v1::ClientMessage whisper;
  whisper.mutable_chat()->set_text("a quiet word");
  whisper.mutable_chat()->set_to("South");
  REQUIRE(t.w.ask(t.north, whisper).has_command_result());
  CHECK(contains(t.south->all_serialized(), "good luck"));
  CHECK(contains(observer->all_serialized(), "good luck"));
  CHECK(contains(t.south->all_serialized(), "a quiet word"));
  CHECK_FALSE(contains(observer->all_serialized(), "a quiet word"));
  // Chat is part of the game's record and of its replay.
  v1::ClientMessage events;
  events.mutable_get_events()->set_game_id(t.north->binding()->room->id());
  auto list = t.w.ask(t.south, events);
  REQUIRE(list.has_event_list());
  int chats = 0;
  for (const auto& e : list.event_list().events()) chats += e.has_chat() ? 1 : 0;
  CHECK(chats == 2);
  v1::ClientMessage nobody;
  nobody.mutable_chat()->set_text("hello?");
  nobody.mutable_chat()->set_to("West");
  CHECK(t.w.ask(t.north, nobody).error().code() == v1::NOT_FOUND);
  v1::ClientMessage empty;
  empty.mutable_chat();
  CHECK(t.w.ask(t.north, empty).error().code() == v1::INVALID_ARGUMENT);
}

TEST_CASE("the lobby holds a bounded number of rooms, dropping ended ones nobody watches",
          "[room][limits]") {
  World w;
  room::LobbyOptions two;
  two.max_rooms = 2;
  two.range_share = 0;  // every room from one creator: no range's share
  w.lobby = std::make_unique<room::Lobby>(
      w.ioc.get_executor(), w.store, w.registry, w.metrics, [&w] { return ++w.now; }, two);
  const std::string first = w.create();
  w.create();
  v1::ClientMessage m;
  m.mutable_create_room()->set_ruleset("secrets");
  m.mutable_create_room()->set_scenario("basic");
  auto full = w.ask(std::make_shared<FakePeer>("creator"), m);
  REQUIRE(full.has_error());
  CHECK(full.error().code() == v1::RESOURCE_EXHAUSTED);
  // End the first game and let everyone go: its room may now be dropped for a new one.
  {
    auto north = std::make_shared<FakePeer>("north");
    auto south = std::make_shared<FakePeer>("south");
    REQUIRE(w.join(north, first, "player").has_seated());
    REQUIRE(w.join(south, first, "player").has_seated());
    REQUIRE(w.command(north, "reveal", "c1").has_command_result());
    w.lobby->detach(north);
    w.lobby->detach(south);
    w.settle();
  }
  CHECK(w.ask(std::make_shared<FakePeer>("creator"), m).has_room());
  CHECK(w.lobby->open_rooms() == 2);
}

TEST_CASE(
    "the chain covers a keyed digest of what some seat may not read, and commitments open "
    "with the seed",
    "[room][chain][R20]") {
  Table t;
  REQUIRE(t.w.command(t.north, "add 2", "c1").has_command_result());
  const std::string id = t.north->binding()->room->id();
  const record::GameRecord g = **t.w.store.game(id);
  REQUIRE(g.chain_version == 3);
  const std::string key(reinterpret_cast<const char*>(g.seed.data()), g.seed.size());
  record::Hash32 previous{};
  int secrets = 0;
  for (const record::EventRecord& e : t.w.store.raw_events(id)) {
    const bool secret = e.kind == record::EventKind::kRules && e.payload.rfind("secret ", 0) == 0;
    secrets += secret ? 1 : 0;
    INFO("event " << e.seq << ": " << e.payload);
    // Chain version 3: the Secrets rule set can hide something, so every digest is keyed, and
    // nobody is sent the plain hash of any payload: one would confirm a guess of a hidden
    // payload, and tell which events were blanked for someone (R20).
    CHECK(e.digest == engine::hmac_sha256(key, e.payload).bytes);
    const std::string plain = record::hex(engine::sha256(e.payload).bytes);
    CHECK_FALSE(contains(t.south->all_serialized(), plain));
    CHECK_FALSE(contains(t.north->all_serialized(), plain));
    // Under version 2 only the hidden ones were keyed.
    const grognard::testing::SecretsRuleset rs;
    const auto initial = rs.load_scenario("apple banana");
    REQUIRE(initial.ok());
    CHECK(record::event_digest(rs, g.seed, **initial, e, 2) ==
          (secret ? e.digest : engine::sha256(e.payload).bytes));
    // The Secrets rule set hides nothing from its own hash: the commitment keys the same one.
    const std::string_view h{reinterpret_cast<const char*>(e.state_hash.data()),
                             e.state_hash.size()};
    CHECK(e.commitment == engine::hmac_sha256(key, h).bytes);
    // Anyone can recompute every link from what is published.
    CHECK(record::chain_hash(previous, e, 2) == e.chain);
    CHECK(record::chain_hash(previous, e, 1) != e.chain);
    if (!secret || e.payload.find("player:1") != std::string::npos) {
      CHECK(contains(t.south->all_serialized(), record::hex(e.digest)));
    }
    previous = e.chain;
  }
  CHECK(secrets == 2);
}

TEST_CASE("games stored with the first form of the chain still verify on recovery",
          "[room][chain][recovery]") {
  Table t;
  REQUIRE(t.w.command(t.north, "add 1", "c1").has_command_result());
  const std::string id = t.north->binding()->room->id();
  record::GameRecord g = **t.w.store.game(id);
  g.chain_version = 1;
  record::WriteBatch b;
  b.game = g;
  bool stored = false;
  t.w.store.append(std::move(b), [&](engine::Status s) { stored = s.ok(); });
  REQUIRE(stored);
  auto& log = t.w.store.raw_events(id);
  REQUIRE(log.size() >= 2);
  record::Hash32 previous{};
  for (record::EventRecord& e : log) {
    e.chain = record::chain_hash(previous, e, 1);
    previous = e.chain;
  }
  room::Lobby again(t.w.ioc.get_executor(), t.w.store, t.w.registry, t.w.metrics);
  CHECK(again.recover().empty());
  CHECK(again.open_rooms() == 1);
  // A last link of the other form is refused.
  log.back().chain = record::chain_hash(log[log.size() - 2].chain, log.back(), 2);
  room::Lobby tampered(t.w.ioc.get_executor(), t.w.store, t.w.registry, t.w.metrics);
  const auto problems = tampered.recover();
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].find("chain hash mismatch") != std::string::npos);
}
