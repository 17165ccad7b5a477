// Forking a game (docs/archives.md, "Forks"): the fork's log starts with copies of the source's
// events and a note naming it; its state at N is the source's; it throws its dice from its own
// seed; its copied events cannot be taken back; it survives a restart. Who may fork what.
#include <catch2/catch.hpp>

#include "engine/canonical.h"
#include "fork_world.h"
#include "grognard/v1/itchy.pb.h"
#include "room/room.h"

using namespace grognard;
using grognard::testing::contains_any;
using grognard::testing::FakePeer;
using grognard::testing::ForkWorld;

namespace {

std::string seed_hex(const record::GameRecord& g) {
  return engine::to_hex(g.seed.data(), g.seed.size());
}

// A Secrets game (tests/room/fakes.h) played to its end: 1 the note that it begins, 2-3 the
// secrets, 4 North adds, 5 a word from North to South alone, 6 South adds, 7 over, 8 the note
// that ends it. Returns the game id; the seats' peers in `peers`.
std::string finished_secrets(ForkWorld& f, std::shared_ptr<FakePeer>& north,
                             std::shared_ptr<FakePeer>& south) {
  const std::string invite = f.w.create();
  north = std::make_shared<FakePeer>("north");
  south = std::make_shared<FakePeer>("south");
  REQUIRE(f.w.join(north, invite, "player").has_seated());
  REQUIRE(f.w.join(south, invite, "player").has_seated());
  REQUIRE(f.w.command(north, "add 2", "n1").has_command_result());
  v1::ClientMessage whisper;
  whisper.mutable_chat()->set_text("a quiet word");
  whisper.mutable_chat()->set_to("South");
  REQUIRE(f.w.ask(north, whisper).has_command_result());
  REQUIRE(f.w.command(south, "add 3", "s1").has_command_result());
  REQUIRE(f.w.command(north, "reveal", "n2").has_command_result());
  const std::string id = north->binding()->room->id();
  REQUIRE(f.record(id).status == record::GameStatus::kFinished);
  REQUIRE(f.record(id).last_seq == 8);
  return id;
}

}  // namespace

TEST_CASE(
    "a fork of a finished Itchy game goes on from the state at its event N, with dice "
    "from its own seed",
    "[room][fork]") {
  ForkWorld f;
  const v1::RoomInfo source_room = f.create("itchy", "intro");
  const std::string source = source_room.game_id();
  auto peers = f.seat_all(source_room);
  // Orders chosen and side turns ended until the turn limit ends the game.
  auto calm = [](const google::protobuf::Any& any) {
    v1::itchy::Command c;
    return c.ParseFromString(any.value()) && (c.has_choose_order() || c.has_end_side_turn());
  };
  for (int i = 0; i < 200 && f.record(source).status == record::GameStatus::kRunning; ++i)
    f.step(source, peers, calm);
  const record::GameRecord s = f.record(source);
  REQUIRE(s.status == record::GameStatus::kFinished);
  const std::vector<record::EventRecord> source_log = f.w.store.raw_events(source);
  // Half way, where a command has ended: the next event starts another.
  std::uint64_t n = s.last_seq / 2;
  while (source_log[n].command_id.empty()) --n;
  // Inside a command's events the fork is refused, naming where the command ends: the first
  // command with more than one event (ending a side turn throws the next turn's initiative).
  std::size_t first = 0;
  while (first + 1 < source_log.size() &&
         (source_log[first].command_id.empty() || !source_log[first + 1].command_id.empty() ||
          source_log[first + 1].kind != record::EventKind::kRules))
    ++first;
  REQUIRE(first + 1 < source_log.size());
  std::size_t end = first + 1;
  while (end < source_log.size() && source_log[end].command_id.empty() &&
         source_log[end].kind == record::EventKind::kRules)
    ++end;
  const auto inside = f.fork(std::make_shared<FakePeer>("stranger"), source, first + 1);
  REQUIRE(inside.has_error());
  CHECK(inside.error().code() == v1::FAILED_PRECONDITION);
  CHECK(inside.error().message().find("goes on to event " + std::to_string(end)) !=
        std::string::npos);

  auto answer = f.fork(std::make_shared<FakePeer>("stranger"), source, n);
  INFO(answer.ShortDebugString());
  REQUIRE(answer.has_room());
  const v1::RoomInfo& info = answer.room();
  const std::string fork = info.game_id();
  CHECK(info.status() == "waiting");
  CHECK(info.forked_from().game_id() == source);
  CHECK(info.forked_from().seq() == n);
  CHECK(info.forked_from().dice_from() == s.dice_next);
  CHECK(info.forked_from().seed_sha256() == record::hex(s.seed_sha256));
  CHECK(info.forked_from().seed() == seed_hex(s));  // public: the source has ended

  const record::GameRecord g = f.record(fork);
  CHECK(g.source_game == source);
  CHECK(g.source_seq == n);
  CHECK(g.dice_from == s.dice_next);
  CHECK(g.dice_next == s.dice_next);
  CHECK(g.seed != s.seed);
  CHECK(g.seed_sha256 == engine::sha256(std::string(g.seed.begin(), g.seed.end())).bytes);
  CHECK(g.ruleset_version == f.rules(source).version());
  CHECK(g.invite_code == info.invite_code());

  // Events 1..N are the source's; N + 1 is the note naming it; the chain is the fork's own.
  const auto& log = f.w.store.raw_events(fork);
  REQUIRE(log.size() == n + 1);
  for (std::uint64_t i = 0; i < n; ++i) {
    INFO("event " << i + 1);
    CHECK(log[i].seq == source_log[i].seq);
    CHECK(log[i].kind == source_log[i].kind);
    CHECK(log[i].payload == source_log[i].payload);
    CHECK(log[i].seat == source_log[i].seat);
    CHECK(log[i].audience == source_log[i].audience);
    CHECK(log[i].created_ms == source_log[i].created_ms);
    CHECK(log[i].state_hash == source_log[i].state_hash);
    CHECK(log[i].command_id.empty());
    CHECK(log[i].commitment != source_log[i].commitment);  // keyed with the fork's seed
  }
  v1::SystemNote note;
  REQUIRE(log[n].kind == record::EventKind::kSystem);
  REQUIRE(note.ParseFromString(log[n].payload));
  CHECK(note.text().find("Forked from game " + source + " at event " + std::to_string(n)) == 0);
  CHECK(note.seed_sha256() == record::hex(g.seed_sha256));
  CHECK(log[n].chain == record::chain_hash(log[n - 1].chain, log[n], 2));
  CHECK(f.rules(fork).hash(*f.state(fork)).bytes == source_log[n - 1].state_hash);

  // Once both generals sit, the game goes on; the dice it throws are its own seed's.
  auto fork_peers = f.seat_all(info);
  CHECK(f.record(fork).status == record::GameStatus::kRunning);
  bool thrown = false;
  for (int i = 0; i < 20 && !thrown; ++i) {
    const auto before = f.state(fork);
    const record::GameRecord was = f.record(fork);
    const auto [seat, command] = f.step(fork, fork_peers, calm);
    const record::GameRecord now = f.record(fork);
    if (now.dice_next == was.dice_next) continue;
    thrown = true;
    engine::SeededDice own(g.seed, was.dice_next);
    auto events = f.rules(fork).decide(*before, seat, command.value(), own);
    REQUIRE(events.ok());
    CHECK(own.next() == now.dice_next);
    const auto& after = f.w.store.raw_events(fork);
    REQUIRE(after.size() == was.last_seq + events->size());
    for (std::size_t k = 0; k < events->size(); ++k)
      CHECK(after[was.last_seq + k].payload == (*events)[k]);
  }
  CHECK(thrown);
}

TEST_CASE(
    "forks refused: a game not begun, a running one for anyone but its referee, an event "
    "past the last, the closing note, an ended state",
    "[room][fork]") {
  ForkWorld f;
  auto stranger = std::make_shared<FakePeer>("stranger");
  const std::string waiting_invite = f.w.create();
  auto waiting_id = f.w.store.game_by_invite(waiting_invite)->value().id;
  CHECK(f.fork(stranger, waiting_id, 0).error().code() == v1::FAILED_PRECONDITION);
  CHECK(f.fork(stranger, "g-nosuch", 0).error().code() == v1::NOT_FOUND);

  const std::string invite = f.w.create();
  auto north = std::make_shared<FakePeer>("north");
  auto south = std::make_shared<FakePeer>("south");
  REQUIRE(f.w.join(north, invite, "player").has_seated());
  REQUIRE(f.w.join(south, invite, "player").has_seated());
  const std::string running = north->binding()->room->id();
  for (const auto& peer : {stranger, north}) {
    const auto refused = f.fork(peer, running, 0);
    REQUIRE(refused.has_error());
    CHECK(refused.error().code() == v1::PERMISSION_DENIED);
    CHECK(refused.error().message().find("only its referee") != std::string::npos);
  }

  std::shared_ptr<FakePeer> n2, s2;
  const std::string id = finished_secrets(f, n2, s2);
  const auto past = f.fork(stranger, id, 9);
  REQUIRE(past.has_error());
  CHECK(past.error().code() == v1::NOT_FOUND);
  CHECK(past.error().message().find("has 8 events") != std::string::npos);
  const auto closing = f.fork(stranger, id, 8);  // the note that ended it
  REQUIRE(closing.has_error());
  CHECK(closing.error().code() == v1::FAILED_PRECONDITION);
  CHECK(closing.error().message().find("ended at event 8: fork from event 7") != std::string::npos);
  const auto over = f.fork(stranger, id, 0);  // the last event before it: the game is over
  REQUIRE(over.has_error());
  CHECK(over.error().message().find("over at event 7") != std::string::npos);
  CHECK(f.fork(stranger, id, 2).error().code() == v1::FAILED_PRECONDITION);  // before the start
  CHECK(f.fork(stranger, id, 6).has_room());
}

TEST_CASE(
    "a fork keeps the source's hidden parts and its chat to one seat from its players, "
    "refuses to take back copied events, takes back its own, and survives a restart",
    "[room][fork][take-back][recovery]") {
  ForkWorld f;
  std::shared_ptr<FakePeer> north, south;
  const std::string source = finished_secrets(f, north, south);
  auto answer = f.fork(std::make_shared<FakePeer>("stranger"), source, 5);
  REQUIRE(answer.has_room());
  const std::string fork = answer.room().game_id();
  const auto& copied = f.w.store.raw_events(fork)[4];
  CHECK(copied.kind == record::EventKind::kChat);
  CHECK(copied.payload.empty());  // the word stays with the source's South
  CHECK(copied.withheld_digest.has_value());

  auto fork_north = std::make_shared<FakePeer>("fork north");
  auto fork_south = std::make_shared<FakePeer>("fork south");
  REQUIRE(f.w.join(fork_north, answer.room().invite_code(), "player").has_seated());
  const auto seated = f.w.join(fork_south, answer.room().invite_code(), "player");
  REQUIRE(seated.has_seated());
  REQUIRE(seated.seated().seat_id() == "player:1");
  const std::string south_token = seated.seated().token();
  v1::ClientMessage events;
  events.mutable_get_events()->set_game_id(fork);
  for (const auto& peer : {fork_north, fork_south}) REQUIRE(f.w.ask(peer, events).has_event_list());
  CHECK_FALSE(contains_any(fork_north->all_serialized(), "banana"));  // South's secret
  CHECK_FALSE(contains_any(fork_south->all_serialized(), "apple"));   // North's
  CHECK(contains_any(fork_south->all_serialized(), "banana"));
  for (const auto& peer : {fork_north, fork_south})
    CHECK_FALSE(contains_any(peer->all_serialized(), "a quiet word"));

  // South is to act: nothing of his own counts yet, and the copies cannot be taken back.
  v1::ClientMessage take_back;
  take_back.mutable_take_back();
  const auto refused = f.w.ask(fork_south, take_back);
  REQUIRE(refused.has_error());
  CHECK(refused.error().code() == v1::FAILED_PRECONDITION);
  CHECK(refused.error().message().find("copied from game " + source) != std::string::npos);
  const auto added = f.w.command(fork_south, "add 1", "f1");
  REQUIRE(added.has_command_result());
  CHECK(added.command_result().first_seq() == 8);     // 6 the note, 7 "the game goes on"
  const auto asked = f.w.ask(fork_south, take_back);  // it threw a die: North is asked
  REQUIRE(asked.has_take_back());
  v1::ClientMessage accept;
  accept.mutable_answer_take_back()->set_accept(true);
  REQUIRE(f.w.ask(fork_north, accept).take_back().done());
  CHECK(f.rules(fork).hash(*f.state(fork)).bytes == f.w.store.raw_events(source)[4].state_hash);

  // A restart loads the fork back, link and all, and it plays on.
  room::Lobby again(f.w.ioc.get_executor(), f.w.store, f.w.registry, f.w.metrics);
  CHECK(again.recover().empty());
  auto back = std::make_shared<FakePeer>("south again");
  v1::ClientMessage resume;
  resume.mutable_resume()->set_token(south_token);
  resume.set_request_id(9001);
  again.handle(back, resume);
  f.w.settle();
  auto got = back->take();
  REQUIRE(got.size() == 1);
  REQUIRE(got[0].has_seated());
  CHECK(got[0].seated().room().forked_from().game_id() == source);
  CHECK(got[0].seated().room().forked_from().seq() == 5);
  v1::ClientMessage add;
  add.set_request_id(9002);
  add.mutable_command()->set_command_id("f2");
  record::pack_any(add.mutable_command()->mutable_command(), "test.Command", "add 4");
  again.handle(back, add);
  f.w.settle();
  got = back->take();
  REQUIRE(got.size() >= 1);
  bool done = false;
  for (const auto& m : got) done = done || (m.request_id() == 9002 && m.has_command_result());
  CHECK(done);
}
