// Archive files the server must not trust blindly (docs/archives.md): a game the operator let go
// on under changed rules, forks (not shown whole while a source runs; a made-up fork link), and a
// log holding too many states for take-backs still to come.
#include <catch2/catch.hpp>

#include <random>

#include "archive_play.h"
#include "record/replay.h"
#include "record/resim.h"

namespace grognard::testing {

TEST_CASE("a game the operator let go on under changed rules verifies from the resume note on",
          "[archive][drift]") {
  ForkWorld f;
  const PlayedGame g = play_and_close(f, "itchy", "colonial_battle", 20, 13);
  v1::GameArchive a = g.archive;
  const int n = a.events_size();
  // The hashes of events 2 and 3 as earlier rules would have folded them.
  for (int i : {1, 2}) {
    std::string h = a.events(i).state_hash();
    h[0] = h[0] == 'a' ? 'b' : 'a';
    a.mutable_events(i)->set_state_hash(h);
    a.mutable_events(i)->mutable_readable()->set_state_hash(h);
  }
  rechain(a, 1);
  CHECK(refused_at(f, a) == 2);

  // The operator's resume note after them lets them go; the events after it are checked.
  v1::SystemNote note;
  note.set_text(record::drift_accepted_note(*f.w.registry.ruleset("itchy"), "a ruling",
                                            "event 2 folds differently"));
  v1::ArchivedEvent* e = a.add_events();
  *e = a.events(n - 1);
  e->set_seq(static_cast<std::uint64_t>(n + 1));
  e->set_kind(2);
  e->set_seat("");
  e->set_audience("");
  e->set_payload(note.SerializeAsString());
  e->set_withheld(false);
  e->mutable_readable()->Clear();
  e->mutable_readable()->set_seq(e->seq());
  e->mutable_readable()->set_time_ms(e->time_ms());
  *e->mutable_readable()->mutable_system() = note;
  e->mutable_readable()->set_state_hash(e->state_hash());
  e->mutable_readable()->set_commitment(e->commitment());
  e->mutable_readable()->set_chain_version(a.header().chain_version());
  a.mutable_header()->set_last_seq(e->seq());
  rechain(a, n);
  const record::Verdict v = verify(f, a);
  INFO(record::verdict_line(v));
  REQUIRE(v.ok);
  CHECK(record::verdict_line(v).find("not checked: the state hashes and commitments before event " +
                                     std::to_string(n + 1)) != std::string::npos);
}

TEST_CASE("a fork of a running game is not shown whole until its source has ended",
          "[archive][fork]") {
  ForkWorld f;
  const v1::RoomInfo source = f.create("sharpe", "village");
  auto peers = f.seat_all(source);
  std::mt19937 rng(3);
  for (int i = 0; i < 12; ++i) {
    f.step(source.game_id(), peers, [&](const google::protobuf::Any&) { return rng() % 3 == 0; });
  }
  // The referee forks his running game at its last event that ends a command.
  std::uint64_t at = f.record(source.game_id()).last_seq + 1;
  v1::ServerMessage forked;
  do {
    forked = f.fork(peers.at("referee"), source.game_id(), --at);
  } while (!forked.has_room() && at > 1);
  REQUIRE(forked.has_room());
  const std::string fork = forked.room().game_id();
  auto close = [&](const std::string& id) {
    f.w.lobby->close_room(id, "the test is over", [](engine::Status st) { REQUIRE(st.ok()); });
    f.w.settle();
  };
  close(fork);

  auto early = record::export_archive(f.w.store, f.w.registry, fork, 1);
  REQUIRE_FALSE(early.ok());
  CHECK(early.error().message.find("was forked from game " + source.game_id() +
                                   ", which is running") != std::string::npos);
  v1::ClientMessage ask;
  ask.mutable_get_events()->set_game_id(fork);
  const auto everything = f.w.ask(std::make_shared<FakePeer>("anyone"), ask);
  REQUIRE(everything.has_error());
  CHECK(everything.error().code() == v1::FAILED_PRECONDITION);
  ask.mutable_get_events()->set_as_seat("observer");
  CHECK(f.w.ask(std::make_shared<FakePeer>("anyone"), ask).has_event_list());

  close(source.game_id());
  auto later = record::export_archive(f.w.store, f.w.registry, fork, 1);
  REQUIRE(later.ok());
  CHECK(record::verify_archive(f.w.registry, *later).ok);
  ask.mutable_get_events()->clear_as_seat();
  CHECK(f.w.ask(std::make_shared<FakePeer>("anyone"), ask).has_event_list());

  // Without the source's seed the copied throws cannot be checked: verify says so, an import
  // refuses.
  v1::GameArchive unopened = *later;
  unopened.mutable_header()->mutable_forked_from()->clear_seed();
  const record::Verdict v = record::verify_archive(f.w.registry, unopened);
  REQUIRE(v.ok);
  REQUIRE_FALSE(v.unchecked.empty());
  ForkWorld other;
  auto refused = record::import_archive(other.w.store, other.w.registry, unopened, 1);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message.find("whose seed the file does not give") != std::string::npos);
  CHECK_FALSE(other.w.store.game(fork)->has_value());
}

TEST_CASE("a fork link the game's chain does not hold is refused", "[archive][fork]") {
  ForkWorld f;
  const PlayedGame g = play_and_close(f, "itchy", "colonial_battle", 20, 21);
  // A made-up source would leave every throw unchecked: the note it needs is not there.
  v1::GameArchive a = g.archive;
  v1::ForkSource* from = a.mutable_header()->mutable_forked_from();
  from->set_game_id("g-000000000000");
  from->set_seq(a.header().last_seq() - 1);
  from->set_dice_from(a.header().dice_next());
  const record::Verdict v = verify(f, a);
  REQUIRE_FALSE(v.ok);
  CHECK(v.seq == a.header().last_seq());
  CHECK(v.reason.find("it is not the note linking this game to source game g-000000000000") == 0);
}

TEST_CASE("a log holding many states for take-backs still to come is refused, not folded",
          "[archive][take-back]") {
  SecretsRuleset rs;
  auto initial = rs.load_scenario("apple banana");
  REQUIRE(initial.ok());
  // 100 chat events, then 100 take-backs each naming one of them: a room never writes this.
  std::vector<record::EventRecord> log;
  for (std::uint64_t i = 1; i <= 200; ++i) {
    record::EventRecord r;
    r.seq = i;
    if (i <= 100) {
      r.kind = record::EventKind::kChat;
    } else {
      r.kind = record::EventKind::kTakenBack;
      v1::TakenBack t;
      t.set_first_seq(i - 100);
      t.set_last_seq(i - 100);
      r.payload = t.SerializeAsString();
    }
    log.push_back(r);
  }
  record::Fold fold(rs, **initial, log);
  std::uint64_t refused = 0;
  for (const record::EventRecord& r : log) {
    if (auto st = fold.step(r); !st.ok()) {
      refused = r.seq;
      CHECK(st.error().message.find("earlier events wait for a take-back still to come") !=
            std::string::npos);
      break;
    }
  }
  CHECK(refused == 65);
}

}  // namespace grognard::testing
