// Archive files (docs/archives.md): export, the two forms, verification and every kind of
// tampering refused at its event, import with nothing stored on refusal.
#include <catch2/catch.hpp>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/util/message_differencer.h>

#include "archive_play.h"
#include "grognard/v1/dice.pb.h"
#include "grognard/v1/itchy.pb.h"
#include "record/event_dice.h"

namespace grognard::testing {
namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::util::MessageDifferencer;

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
    auto rolls = record::rolls_in(rs, a.events(i).payload());
    if (rolls.ok() && !rolls->empty()) return i;
  }
  FAIL("no event threw a die");
  return -1;
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
      CHECK(h.format() == record::kArchiveFormat);
      CHECK(h.ruleset() == ruleset);
      CHECK(h.ruleset_version() == (ruleset == "rcw" ? 2 : 1));
      CHECK((h.status() == "aborted" || h.status() == "finished"));
      CHECK(h.seed().size() == 64);
      CHECK(h.last_seq() == static_cast<std::uint64_t>(g.archive.events_size()));
      for (const v1::SeatInfo& s : h.seats()) CHECK(s.role() != "observer");

      const record::Verdict v = verify(f, g.archive);
      INFO(record::verdict_line(v));
      REQUIRE(v.ok);
      CHECK(v.events == h.last_seq());
      CHECK(v.dice > 0);
      CHECK(record::verdict_line(v).rfind("verified: game " + g.id, 0) == 0);

      for (auto form : {record::ArchiveForm::kBinary, record::ArchiveForm::kJson}) {
        auto written = record::write_archive(g.archive, form);
        REQUIRE(written.ok());
        auto back = record::read_archive(*written);
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
  CHECK(record::write_archive(g.archive, record::ArchiveForm::kJson)->find("a word in your ear") ==
        std::string::npos);
  const record::Verdict v = verify(f, g.archive);
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
    const record::Verdict v = verify(f, a);
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
    CHECK_FALSE(record::read_archive("").ok());
    // Refused before parsing: too large, or JSON of more objects than any game's file holds.
    std::string huge(record::kMaxArchiveBytes + 1, ' ');
    CHECK(record::read_archive(huge).error().message.find("an archive file has at most") !=
          std::string::npos);
    std::string objects = "{\"events\": [";
    for (int i = 0; i < 2'000'001; ++i) objects += "{},";
    CHECK(record::read_archive(objects).error().message.find("more than any game's file holds") !=
          std::string::npos);
    CHECK_FALSE(record::read_archive_file("/nonexistent/archive").ok());
    CHECK_FALSE(record::read_archive("{\"header\": 3}").ok());
    std::string binary = *record::write_archive(g.archive, record::ArchiveForm::kBinary);
    auto cut = record::read_archive(binary.substr(0, binary.size() - 3));
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
  auto refused = record::import_archive(other.w.store, other.w.registry, tampered, 9'000'000);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message.find("REFUSED at event 4") != std::string::npos);
  CHECK_FALSE(other.w.store.game(g.id)->has_value());

  v1::GameArchive odd = g.archive;
  odd.mutable_header()->set_game_id("g/../x");
  auto bad_id = record::import_archive(other.w.store, other.w.registry, odd, 9'000'000);
  REQUIRE_FALSE(bad_id.ok());
  CHECK(bad_id.error().message ==
        "the game id \"g/../x\" is not 1 to 64 letters, digits, '-' or '_'");
  odd = g.archive;
  odd.mutable_header()->mutable_seats(0)->set_seat_id("player:spain");
  auto bad_seat = record::import_archive(other.w.store, other.w.registry, odd, 9'000'000);
  REQUIRE_FALSE(bad_seat.ok());
  CHECK(bad_seat.error().message.find("seat \"player:spain\"") == 0);

  REQUIRE(record::import_archive(other.w.store, other.w.registry, g.archive, 9'000'000).ok());
  const record::GameRecord stored = **other.w.store.game(g.id);
  CHECK(stored.imported_ms == 9'000'000);
  CHECK(stored.status == f.record(g.id).status);
  CHECK(stored.ruleset_version == 1);
  const auto& source = f.w.store.raw_events(g.id);
  const auto& copy = other.w.store.raw_events(g.id);
  REQUIRE(copy.size() == source.size());
  for (std::size_t i = 0; i < copy.size(); ++i) {
    CHECK(copy[i].chain == source[i].chain);
    CHECK(copy[i].state_hash == source[i].state_hash);
    CHECK(copy[i].payload == (record::withheld(source[i]) ? "" : source[i].payload));
  }

  // Exported again from the second server: the same events, digests and chain.
  auto again = record::export_archive(other.w.store, other.w.registry, g.id, 5'000'000);
  REQUIRE(again.ok());
  CHECK(MessageDifferencer::Equals(again->events(0), g.archive.events(0)));
  for (int i = 0; i < g.archive.events_size(); ++i) {
    INFO("event " << i + 1);
    CHECK(MessageDifferencer::Equals(again->events(i), g.archive.events(i)));
  }
  CHECK(verify(other, *again).ok);

  auto twice = record::import_archive(other.w.store, other.w.registry, g.archive, 9'000'001);
  REQUIRE_FALSE(twice.ok());
  CHECK(twice.error().message == "a game with id " + g.id + " is already stored here");
}

TEST_CASE("a running game has no archive file yet", "[archive][export]") {
  ForkWorld f;
  const v1::RoomInfo room = f.create("itchy", "colonial_battle");
  f.seat_all(room);
  auto refused = record::export_archive(f.w.store, f.w.registry, room.game_id(), 1);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message ==
        "game " + room.game_id() +
            " is running: its archive file can be exported once it has ended (its seed is secret "
            "until then)");
  CHECK_FALSE(record::export_archive(f.w.store, f.w.registry, "g-none", 1).ok());
}

TEST_CASE("the JSON form is written from each readable event's message, or refused saying why",
          "[archive][export][reliability]") {
  ForkWorld f;
  const PlayedGame g = play_and_close(f, "itchy", "colonial_battle", 20, 7);
  int at = -1;
  for (int i = 0; i < g.archive.events_size() && at < 0; ++i) {
    if (g.archive.events(i).readable().has_rules()) at = i;
  }
  REQUIRE(at >= 0);

  SECTION("an Any whose bytes set a oneof twice (the binary form keeps the last) prints one") {
    v1::GameArchive a = g.archive;
    google::protobuf::Any& any = *a.mutable_events(at)->mutable_readable()->mutable_rules();
    v1::itchy::Event last;
    last.mutable_turn_ended();
    REQUIRE(last.kind_case() != v1::itchy::Event::kOrderChosen);
    v1::itchy::Event chosen;
    chosen.mutable_order_chosen();
    // Two members of the oneof `kind` in one value: the printer streamed both, and its own
    // reader refused them ("oneof field 'kind' is already set").
    any.set_value(chosen.SerializeAsString() + last.SerializeAsString());
    auto json = record::write_archive(a, record::ArchiveForm::kJson);
    REQUIRE(json.ok());
    auto back = record::read_archive(*json);
    REQUIRE(back.ok());
    v1::itchy::Event read;
    REQUIRE(back->events(at).readable().rules().UnpackTo(&read));
    CHECK(read.kind_case() == v1::itchy::Event::kTurnEnded);
  }
  SECTION("a type URL with another prefix (readers go by the type after the last '/') prints") {
    v1::GameArchive a = g.archive;
    a.mutable_events(at)->mutable_readable()->mutable_rules()->set_type_url(
        "example.org/x/grognard.v1.itchy.Event");
    auto json = record::write_archive(a, record::ArchiveForm::kJson);
    REQUIRE(json.ok());
    auto back = record::read_archive(*json);
    REQUIRE(back.ok());
    CHECK(back->events(at).readable().rules().type_url() ==
          "type.googleapis.com/grognard.v1.itchy.Event");
  }
  SECTION("an event of a type this build does not know: JSON refused, binary written") {
    v1::GameArchive a = g.archive;
    a.mutable_events(at)->mutable_readable()->mutable_rules()->set_type_url(
        "type.googleapis.com/grognard.v9.Unknown");
    auto json = record::write_archive(a, record::ArchiveForm::kJson);
    REQUIRE_FALSE(json.ok());
    CHECK(json.error().message ==
          "this archive cannot be written as JSON (event " + std::to_string(at + 1) +
              " is of type grognard.v9.Unknown, which this build does not know); its binary form "
              "can");
    auto binary = record::write_archive(a, record::ArchiveForm::kBinary);
    REQUIRE(binary.ok());
    CHECK(record::read_archive(*binary).ok());
  }
}

}  // namespace grognard::testing
