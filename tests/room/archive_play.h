#pragma once
// Games for the archive-file tests, and what they check with: a real rule set's game played in the
// test world from its legal commands (picked by a seeded generator), with a chat to the room and
// one to a single seat, then closed by the operator (unless it ended first), so that its seed is
// revealed and it can be exported.

#include <random>

#include "engine/canonical.h"
#include "fork_world.h"
#include "record/archive_file.h"

namespace grognard::testing {

struct PlayedGame {
  std::string id;
  v1::GameArchive archive;
};

inline PlayedGame play_and_close(ForkWorld& f, const std::string& ruleset,
                                 const std::string& scenario, int steps, unsigned seed) {
  const v1::RoomInfo room = f.create(ruleset, scenario);
  auto peers = f.seat_all(room);
  std::mt19937 rng(seed);
  auto say = [&](const std::string& to, const std::string& text) {
    v1::ClientMessage m;
    m.mutable_chat()->set_text(text);
    m.mutable_chat()->set_to(to);
    REQUIRE_FALSE(f.w.ask(peers.begin()->second, m).has_error());
  };
  say("", "good luck");
  for (int i = 0; i < steps; ++i) {
    if (f.rules(room.game_id()).to_act(*f.state(room.game_id())).game_over) break;
    f.step(room.game_id(), peers, [&](const google::protobuf::Any&) { return rng() % 3 == 0; });
    if (i == steps / 2) say(std::prev(peers.end())->first, "a word in your ear");
  }
  // The operator closes it, unless it ended within the steps.
  if (f.record(room.game_id()).status == record::GameStatus::kRunning) {
    bool closed = false;
    f.w.lobby->close_room(room.game_id(), "the test is over", [&](engine::Status st) {
      REQUIRE(st.ok());
      closed = true;
    });
    f.w.settle();
    REQUIRE(closed);
  }
  auto archive = record::export_archive(f.w.store, f.w.registry, room.game_id(), 5'000'000);
  INFO((archive.ok() ? std::string() : archive.error().message));
  REQUIRE(archive.ok());
  return {room.game_id(), std::move(*archive)};
}

inline record::Verdict verify(ForkWorld& f, const v1::GameArchive& a) {
  return record::verify_archive(f.w.registry, a);
}

// Recomputes every plain digest and chain link from event `from` on (in the readable forms too),
// as a forger without the seed could: what is left to catch him is the dice and the rules.
inline void rechain(v1::GameArchive& a, int from) {
  record::Hash32 chain{};
  if (from > 0) chain = *record::parse_hash(a.events(from - 1).chain());
  for (int i = from; i < a.events_size(); ++i) {
    v1::ArchivedEvent& e = *a.mutable_events(i);
    record::EventRecord r;
    r.seq = e.seq();
    r.kind = static_cast<record::EventKind>(e.kind());
    r.payload = e.payload();
    r.state_hash = *record::parse_hash(e.state_hash());
    r.digest = e.withheld() ? *record::parse_hash(e.digest()) : engine::sha256(e.payload()).bytes;
    e.set_digest(record::hex(r.digest));
    chain = record::chain_hash(chain, r, static_cast<int>(a.header().chain_version()));
    e.set_chain(record::hex(chain));
    if (e.has_readable()) {
      e.mutable_readable()->set_digest(e.digest());
      e.mutable_readable()->set_chain(e.chain());
    }
  }
}

inline std::uint64_t refused_at(ForkWorld& f, const v1::GameArchive& a) {
  const record::Verdict v = verify(f, a);
  INFO(record::verdict_line(v));
  CHECK_FALSE(v.ok);
  return v.ok ? ~0ull : v.seq;
}

}  // namespace grognard::testing
