// Archive files (docs/archives.md): export, the two forms, verification and every kind of
// tampering refused at its event, import with nothing stored on refusal.
#include <catch2/catch.hpp>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/util/message_differencer.h>

#include "archive_play.h"
#include "engine/canonical.h"
#include "grognard/v1/dice.pb.h"
#include "room/event_dice.h"
#include "room/resim.h"

namespace grognard::testing {
namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::util::MessageDifferencer;

room::Verdict verify(ForkWorld& f, const v1::GameArchive& a) {
  return room::verify_archive(f.w.registry, a);
}

// Adds one to the face of the first throw in `m` (wrapping within its die); false if none.
bool bump_first_roll(Message& m) {
  const auto* reflection = m.GetReflection();
  if (m.GetDescriptor() == v1::Roll::descriptor()) {
    const auto* face = m.GetDescriptor()->FindFieldByName("face");
    const auto* sides = m.GetDescriptor()->FindFieldByName("sides");
    reflection->SetUInt32(&m, face,
                          reflection->GetUInt32(m, face) % reflection->GetUInt32(m, sides) + 1);
    return true;
  }
  std::vector<const FieldDescriptor*> fields;
  reflection->ListFields(m, &fields);
  for (const FieldDescriptor* fd : fields) {
    if (fd->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE) continue;
    if (fd->is_repeated()) {
      for (int i = 0; i < reflection->FieldSize(m, fd); ++i) {
        if (bump_first_roll(*reflection->MutableRepeatedMessage(&m, fd, i))) return true;
      }
    } else if (bump_first_roll(*reflection->MutableMessage(&m, fd))) {
      return true;
    }
  }
  return false;
}

// The index of the first rules event that threw a die.
int first_with_dice(ForkWorld& f, const v1::GameArchive& a) {
  const auto& rs = *f.w.registry.ruleset(a.header().ruleset());
  for (int i = 0; i < a.events_size(); ++i) {
    if (a.events(i).kind() != 0) continue;
    auto rolls = room::rolls_in(rs, a.events(i).payload());
    if (rolls.ok() && !rolls->empty()) return i;
  }
  FAIL("no event threw a die");
  return -1;
}

// Recomputes every plain digest and chain link from event `from` on (in the readable forms too),
// as a forger without the seed could: what is left to catch him is the dice and the rules.
void rechain(v1::GameArchive& a, int from) {
  room::Hash32 chain{};
  if (from > 0) chain = *room::parse_hash(a.events(from - 1).chain());
  for (int i = from; i < a.events_size(); ++i) {
    v1::ArchivedEvent& e = *a.mutable_events(i);
    room::EventRecord r;
    r.seq = e.seq();
    r.kind = static_cast<room::EventKind>(e.kind());
    r.payload = e.payload();
    r.state_hash = *room::parse_hash(e.state_hash());
    r.digest = e.withheld() ? *room::parse_hash(e.digest()) : engine::sha256(e.payload()).bytes;
    e.set_digest(room::hex(r.digest));
    chain = room::chain_hash(chain, r, static_cast<int>(a.header().chain_version()));
    e.set_chain(room::hex(chain));
    if (e.has_readable()) {
      e.mutable_readable()->set_digest(e.digest());
      e.mutable_readable()->set_chain(e.chain());
    }
  }
}

std::uint64_t refused_at(ForkWorld& f, const v1::GameArchive& a) {
  const room::Verdict v = verify(f, a);
  INFO(room::verdict_line(v));
  CHECK_FALSE(v.ok);
  return v.ok ? ~0ull : v.seq;
}

}  // namespace

TEST_CASE("an ended game of each rule set exports, reads back in both forms and verifies",
          "[archive][export]") {
  for (const auto& [ruleset, scenario] : std::vector<std::pair<std::string, std::string>>{
           {"itchy", "colonial_battle"}, {"sharpe", "village"}, {"rcw", "intro"}}) {
    DYNAMIC_SECTION(ruleset) {
      ForkWorld f;
      const PlayedGame g = play_and_close(f, ruleset, scenario, 40, 7);
      const v1::ArchiveHeader& h = g.archive.header();
      CHECK(h.format() == room::kArchiveFormat);
      CHECK(h.ruleset() == ruleset);
      CHECK(h.ruleset_version() == 1);
      CHECK((h.status() == "aborted" || h.status() == "finished"));
      CHECK(h.seed().size() == 64);
      CHECK(h.last_seq() == static_cast<std::uint64_t>(g.archive.events_size()));
      for (const v1::SeatInfo& s : h.seats()) CHECK(s.role() != "observer");

      const room::Verdict v = verify(f, g.archive);
      INFO(room::verdict_line(v));
      REQUIRE(v.ok);
      CHECK(v.events == h.last_seq());
      CHECK(v.dice > 0);
      CHECK(room::verdict_line(v).rfind("verified: game " + g.id, 0) == 0);

      for (auto form : {room::ArchiveForm::kBinary, room::ArchiveForm::kJson}) {
        auto back = room::read_archive(room::write_archive(g.archive, form));
        REQUIRE(back.ok());
        CHECK(MessageDifferencer::Equals(*back, g.archive));
      }
    }
  }
}

TEST_CASE("chat to one seat is withheld from the file, and its digest still links the chain",
          "[archive][chat]") {
  ForkWorld f;
  const PlayedGame g = play_and_close(f, "itchy", "colonial_battle", 10, 3);
  int withheld = 0;
  for (const v1::ArchivedEvent& e : g.archive.events()) {
    if (e.kind() != 1) continue;
    if (e.audience().empty()) {
      CHECK_FALSE(e.withheld());
      CHECK(e.readable().chat().text() == "good luck");
    } else {
      ++withheld;
      CHECK(e.withheld());
      CHECK(e.payload().empty());
      CHECK_FALSE(e.has_readable());
    }
  }
  CHECK(withheld == 1);
  CHECK(room::write_archive(g.archive, room::ArchiveForm::kJson).find("a word in your ear") ==
        std::string::npos);
  const room::Verdict v = verify(f, g.archive);
  REQUIRE(v.ok);
  REQUIRE(v.unchecked.size() == 1);
  CHECK(v.unchecked[0] == "1 chat messages sent to one seat, withheld from the file");
}

TEST_CASE("every kind of tampering is refused at the event it touches", "[archive][tamper]") {
  ForkWorld f;
  const PlayedGame g = play_and_close(f, "itchy", "colonial_battle", 30, 11);
  const int n = g.archive.events_size();
  REQUIRE(n > 8);
  const int k = n / 2;
  const auto seq = [&](int i) { return g.archive.events(i).seq(); };

  SECTION("a die's face in a payload") {
    v1::GameArchive a = g.archive;
    const int i = first_with_dice(f, a);
    const auto& rs = *f.w.registry.ruleset("itchy");
    const auto* type = google::protobuf::DescriptorPool::generated_pool()->FindMessageTypeByName(
        rs.wire_types().event);
    std::unique_ptr<Message> event(
        google::protobuf::MessageFactory::generated_factory()->GetPrototype(type)->New());
    REQUIRE(event->ParseFromString(a.events(i).payload()));
    REQUIRE(bump_first_roll(*event));
    a.mutable_events(i)->set_payload(event->SerializeAsString());
    CHECK(refused_at(f, a) == seq(i));
    // A forger who recomputes every plain digest and chain link, and the readable form, is
    // still caught at that event: the seed gives another face.
    a.mutable_events(i)->mutable_readable()->mutable_rules()->set_value(a.events(i).payload());
    rechain(a, i);
    const room::Verdict v = verify(f, a);
    CHECK(v.seq == seq(i));
    INFO(v.reason);
    CHECK(v.reason.find("the seed gives") != std::string::npos);
  }
  SECTION("a die's face in the readable form only") {
    v1::GameArchive a = g.archive;
    const int i = first_with_dice(f, a);
    v1::GameEvent readable = a.events(i).readable();
    std::string inner = readable.rules().value();
    // The readable event holds the same payload: flip it there alone.
    inner.back() = static_cast<char>(inner.back() ^ 1);
    readable.mutable_rules()->set_value(inner);
    *a.mutable_events(i)->mutable_readable() = readable;
    CHECK(refused_at(f, a) == seq(i));
  }
  SECTION("a payload byte") {
    v1::GameArchive a = g.archive;
    std::string p = a.events(k).payload();
    REQUIRE_FALSE(p.empty());
    p[p.size() / 2] = static_cast<char>(p[p.size() / 2] ^ 0x20);
    a.mutable_events(k)->set_payload(p);
    CHECK(refused_at(f, a) == seq(k));
  }
  SECTION("a dropped event") {
    v1::GameArchive a = g.archive;
    a.mutable_events()->DeleteSubrange(k, 1);
    CHECK(refused_at(f, a) == seq(k));
  }
  SECTION("the last event dropped") {
    v1::GameArchive a = g.archive;
    a.mutable_events()->RemoveLast();
    CHECK(refused_at(f, a) == seq(n - 1));
  }
  SECTION("two events swapped") {
    v1::GameArchive a = g.archive;
    a.mutable_events()->SwapElements(k, k + 1);
    CHECK(refused_at(f, a) == seq(k));
  }
  SECTION("a changed seed") {
    v1::GameArchive a = g.archive;
    std::string s = a.header().seed();
    s[0] = s[0] == '0' ? '1' : '0';
    a.mutable_header()->set_seed(s);
    CHECK(refused_at(f, a) == 0);
    CHECK(verify(f, a).reason.find("seed_sha256") != std::string::npos);
  }
  SECTION("a changed state hash") {
    v1::GameArchive a = g.archive;
    std::string h = a.events(k).state_hash();
    h[5] = h[5] == 'a' ? 'b' : 'a';
    a.mutable_events(k)->set_state_hash(h);
    CHECK(refused_at(f, a) == seq(k));
  }
  SECTION("a changed chain value") {
    v1::GameArchive a = g.archive;
    std::string c = a.events(k).chain();
    c[0] = c[0] == 'a' ? 'b' : 'a';
    a.mutable_events(k)->set_chain(c);
    CHECK(refused_at(f, a) == seq(k));
  }
  SECTION("unreadable files") {
    CHECK_FALSE(room::read_archive("").ok());
    CHECK_FALSE(room::read_archive("{\"header\": 3}").ok());
    std::string binary = room::write_archive(g.archive, room::ArchiveForm::kBinary);
    auto cut = room::read_archive(binary.substr(0, binary.size() - 3));
    REQUIRE_FALSE(cut.ok());
    CHECK(cut.error().message.find("not a readable archive file") == 0);
  }
}

TEST_CASE("import stores a verified archive as it was, and nothing of a refused one",
          "[archive][import]") {
  ForkWorld f;
  const PlayedGame g = play_and_close(f, "sharpe", "village", 30, 5);
  ForkWorld other;

  v1::GameArchive tampered = g.archive;
  tampered.mutable_events()->DeleteSubrange(3, 1);
  auto refused = room::import_archive(other.w.store, other.w.registry, tampered, 9'000'000);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message.find("REFUSED at event 4") != std::string::npos);
  CHECK_FALSE(other.w.store.game(g.id)->has_value());

  REQUIRE(room::import_archive(other.w.store, other.w.registry, g.archive, 9'000'000).ok());
  const room::GameRecord stored = **other.w.store.game(g.id);
  CHECK(stored.imported_ms == 9'000'000);
  CHECK(stored.status == f.record(g.id).status);
  CHECK(stored.ruleset_version == 1);
  const auto& source = f.w.store.raw_events(g.id);
  const auto& copy = other.w.store.raw_events(g.id);
  REQUIRE(copy.size() == source.size());
  for (std::size_t i = 0; i < copy.size(); ++i) {
    CHECK(copy[i].chain == source[i].chain);
    CHECK(copy[i].state_hash == source[i].state_hash);
    CHECK(copy[i].payload == (room::withheld(source[i]) ? "" : source[i].payload));
  }

  // Exported again from the second server: the same events, digests and chain.
  auto again = room::export_archive(other.w.store, other.w.registry, g.id, 5'000'000);
  REQUIRE(again.ok());
  CHECK(MessageDifferencer::Equals(again->events(0), g.archive.events(0)));
  for (int i = 0; i < g.archive.events_size(); ++i) {
    INFO("event " << i + 1);
    CHECK(MessageDifferencer::Equals(again->events(i), g.archive.events(i)));
  }
  CHECK(verify(other, *again).ok);

  auto twice = room::import_archive(other.w.store, other.w.registry, g.archive, 9'000'001);
  REQUIRE_FALSE(twice.ok());
  CHECK(twice.error().message == "a game with id " + g.id + " is already stored here");
}

TEST_CASE("a running game has no archive file yet", "[archive][export]") {
  ForkWorld f;
  const v1::RoomInfo room = f.create("itchy", "colonial_battle");
  f.seat_all(room);
  auto refused = room::export_archive(f.w.store, f.w.registry, room.game_id(), 1);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message ==
        "game " + room.game_id() +
            " is running: its archive file can be exported once it has ended (its seed is secret "
            "until then)");
  CHECK_FALSE(room::export_archive(f.w.store, f.w.registry, "g-none", 1).ok());
}

}  // namespace grognard::testing

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
  note.set_text(room::drift_accepted_note(*f.w.registry.ruleset("itchy"), "a ruling",
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
  const room::Verdict v = verify(f, a);
  INFO(room::verdict_line(v));
  REQUIRE(v.ok);
  CHECK(room::verdict_line(v).find("not checked: the state hashes and commitments before event " +
                                   std::to_string(n + 1)) != std::string::npos);
}

}  // namespace grognard::testing

namespace grognard::testing {

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

  auto early = room::export_archive(f.w.store, f.w.registry, fork, 1);
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
  auto later = room::export_archive(f.w.store, f.w.registry, fork, 1);
  REQUIRE(later.ok());
  CHECK(room::verify_archive(f.w.registry, *later).ok);
  ask.mutable_get_events()->clear_as_seat();
  CHECK(f.w.ask(std::make_shared<FakePeer>("anyone"), ask).has_event_list());

  // Without the source's seed the copied throws cannot be checked: verify says so, an import
  // refuses.
  v1::GameArchive unopened = *later;
  unopened.mutable_header()->mutable_forked_from()->clear_seed();
  const room::Verdict v = room::verify_archive(f.w.registry, unopened);
  REQUIRE(v.ok);
  REQUIRE_FALSE(v.unchecked.empty());
  ForkWorld other;
  auto refused = room::import_archive(other.w.store, other.w.registry, unopened, 1);
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
  const room::Verdict v = verify(f, a);
  REQUIRE_FALSE(v.ok);
  CHECK(v.seq == a.header().last_seq());
  CHECK(v.reason.find("it is not the note linking this game to source game g-000000000000") == 0);
}

}  // namespace grognard::testing
