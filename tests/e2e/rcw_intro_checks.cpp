// The checks of the scripted RCW game (rcw_intro.h): placeholders, no leaks, the archive.
#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <set>

#include <catch2/catch.hpp>

#include "engine/canonical.h"
#include "rcw_intro.h"
#include "rules/rcw/wire/ruleset.h"

namespace grognard::e2e {

namespace {

const v1::GameEvent& at(const Watcher& w, std::uint64_t seq) {
  INFO(w.label << " event " << seq);
  REQUIRE(seq >= 1);
  REQUIRE(seq <= w.events.size());
  REQUIRE(w.events[seq - 1].seq() == seq);
  return w.events[seq - 1];
}

// An event as it went out in a frame of that format.
std::string encoded(const v1::GameEvent& e, bool binary) {
  if (binary) return e.SerializeAsString();
  std::string out;
  REQUIRE(google::protobuf::util::MessageToJsonString(e, &out).ok());
  return out;
}

std::string key(const std::string& seed_hex) {
  return raw_of_hex(seed_hex);
}

}  // namespace

void Intro::check_placeholders() const {
  REQUIRE_FALSE(hidden_.empty());
  std::set<std::uint64_t> hidden_seqs;
  int seat_named = 0;
  for (const auto& [side, seq] : hidden_) {
    INFO("event " << seq << " about a hidden unit of side " << side);
    REQUIRE((side == 0 || side == 1));
    hidden_seqs.insert(seq);
    CHECK_FALSE(is_hidden(at(side == 0 ? reds_ : whites_, seq)));
    for (const Watcher* w : others(side)) {
      INFO(w->label);
      CHECK(is_hidden(at(*w, seq)));
      // The placeholder still names the seat that caused it (the room's envelope, not the rule
      // set's event): never any other seat.
      const std::string& by = at(*w, seq).seat();
      CHECK((by.empty() || by == "side:" + std::to_string(side)));
      seat_named += by.empty() ? 0 : 1;
    }
  }
  if (seat_named > 0) {
    WARN(seat_named << " placeholders to the enemy or an observer name the seat that caused the "
                       "hidden event (GameEvent.seat): during deployment this counts the other "
                       "side's placements");
  }
  // Nothing else was hidden from anyone.
  for (const Watcher* w : all_) {
    for (const v1::GameEvent& e : w->events) {
      if (is_hidden(e)) {
        INFO(w->label << " event " << e.seq());
        CHECK(hidden_seqs.count(e.seq()) == 1);
      }
    }
  }
}

std::uint64_t Intro::cutoff(const Watcher& viewer, const Secret& s) const {
  for (const v1::GameEvent& e : viewer.events) {
    if (!e.has_rules()) continue;
    const rcw::Event ev = rules_event(e);
    if (ev.has_game_ended()) return e.seq();
    if (ev.has_units_revealed()) {
      for (const rcw::UnitState& u : ev.units_revealed().units()) {
        if (u.id() == s.id) return e.seq();
      }
    }
  }
  FAIL(viewer.label << " never sees " << s.id);
  return 0;
}

void Intro::check_no_leaks() const {
  for (const Secret& s : secrets_) {
    INFO(s.id << " at (" << s.x << ", " << s.y << ")");
    // Every needle is in the owner's frames: they are what the wire carries.
    std::set<std::string> found_by_owner;
    bool owner_binary = true;
    for (const client::Frame& f : general(s.side).client.recorded_frames()) {
      owner_binary = f.binary;
      for (const std::string& h : hits(f.bytes, f.binary, s.needles)) found_by_owner.insert(h);
    }
    std::set<std::string> expected;
    if (owner_binary) {
      for (std::size_t i = 0; i < s.needles.binary.size(); ++i)
        expected.insert("binary needle " + std::to_string(i));
    } else {
      expected = {"text " + s.needles.json[0], "text " + s.needles.json[1]};
      for (const std::string& n : s.needles.json_numbers) expected.insert("number " + n);
    }
    for (const std::string& e : expected) {
      INFO("the owner's frames lack " << e);
      CHECK(found_by_owner.count(e) == 1);
    }
    for (const Watcher* w : others(s.side)) {
      INFO(w->label);
      const std::uint64_t until = cutoff(*w, s);
      if (s.id == "W1") CHECK(until < end_seq_);  // revealed in play (R17)
      std::size_t scanned = 0, after = 0;
      bool reached = false;
      for (const client::Frame& f : w->client.recorded_frames()) {
        auto msg = client::decode(f.bytes, f.binary);
        REQUIRE(msg.ok());
        const bool crosses =
            msg->has_events() &&
            std::any_of(msg->events().events().begin(), msg->events().events().end(),
                        [&](const v1::GameEvent& e) { return e.seq() >= until; });
        if (reached || crosses) {
          // The frame that reveals it, and those after: only its events before the reveal.
          if (!reached && msg->has_events()) {
            for (const v1::GameEvent& e : msg->events().events()) {
              if (e.seq() >= until) continue;
              const auto found = hits(encoded(e, f.binary), f.binary, s.needles);
              INFO("event " << e.seq() << ": " << e.ShortDebugString());
              CHECK(found.empty());
            }
          }
          reached = true;
          after += hits(f.bytes, f.binary, s.needles).empty() ? 0 : 1;
          continue;
        }
        ++scanned;
        const auto found = hits(f.bytes, f.binary, s.needles);
        for (const std::string& h : found) {
          UNSCOPED_INFO("leak: " << h);
        }
        INFO("frame " << scanned << ": " << client::summary(*msg));
        CHECK(found.empty());
      }
      CHECK(reached);
      CHECK(scanned > 10);
      CHECK(after > 0);  // once seen, the same needles do show: they would have caught a leak
    }
  }
}

void Intro::check_archive(const std::string& game_id, const std::string& scenario) {
  Watcher& reader = *all_[2];  // the binary observer
  REQUIRE(reader.client.format() == Format::kBinary);
  auto archive = reader.client.get_events(game_id);
  INFO((archive.ok() ? "" : client::describe(archive.failure())));
  REQUIRE(archive.ok());
  const auto& events = archive->events();
  REQUIRE(static_cast<std::uint64_t>(events.size()) == reds_.last_seq);

  // The seed: published hashed at the start, revealed at the end.
  std::string seed_sha, seed;
  for (const v1::GameEvent& e : events) {
    if (!e.has_system()) continue;
    if (seed_sha.empty()) seed_sha = e.system().seed_sha256();
    if (!e.system().seed().empty()) seed = e.system().seed();
  }
  REQUIRE(seed.size() == 64);
  CHECK(sha256_hex(key(seed)) == seed_sha);

  std::set<std::uint64_t> hidden_seqs;
  for (const auto& h : hidden_) hidden_seqs.insert(h.second);
  const auto rs = ::grognard::rcw::wire::make_rcw_ruleset();
  auto state = rs->load_scenario(scenario);
  REQUIRE(state.ok());
  bool r1_seen = false, w3_seen = false;
  for (int i = 0; i < events.size(); ++i) {
    const v1::GameEvent& e = events[i];
    INFO("archive event " << e.seq());
    REQUIRE(e.seq() == static_cast<std::uint64_t>(i + 1));
    CHECK(e.chain() == reds_.events[static_cast<std::size_t>(i)].chain());
    std::string payload;
    if (e.has_rules()) {
      REQUIRE_FALSE(is_hidden(e));  // after the end, everything is visible
      payload = e.rules().value();
      const std::string text = rules_event(e).ShortDebugString();
      r1_seen = r1_seen || (hidden_seqs.count(e.seq()) && text.find("\"R1\"") != std::string::npos);
      w3_seen = w3_seen || (hidden_seqs.count(e.seq()) && text.find("\"W3\"") != std::string::npos);
      REQUIRE(rs->apply(**state, payload).ok());
    } else if (e.has_chat()) {
      payload = e.chat().SerializeAsString();
    } else {
      payload = e.system().SerializeAsString();
    }
    const std::string plain = engine::sha256(payload).hex();
    const std::string keyed = engine::hmac_sha256(key(seed), payload).hex();
    // Chain version 3 (R20): every digest is keyed, hidden events' and the rest alike, so that
    // none marks the events blanked for someone; each opens now that the seed is public.
    CHECK(e.digest() == keyed);
    CHECK(e.digest() != plain);
    const engine::StateHash full = rs->full_hash(**state);
    const std::string full_bytes(full.bytes.begin(), full.bytes.end());
    CHECK(e.commitment() == engine::hmac_sha256(key(seed), full_bytes).hex());
    CHECK(e.state_hash() == rs->hash(**state).hex());
  }
  CHECK(r1_seen);
  CHECK(w3_seen);

  // The JSON observer reads the same archive, and the final state shows every unit.
  Watcher& json = *all_[3];
  auto text_archive = json.client.get_events(game_id);
  REQUIRE(text_archive.ok());
  REQUIRE(text_archive->events_size() == events.size());
  auto st = json.client.get_state(game_id);
  REQUIRE(st.ok());
  auto view = client::unpack<rcw::View>(st->view());
  REQUIRE(view.has_value());
  for (const Secret& s : secrets_) {
    CHECK(std::any_of(view->units().begin(), view->units().end(),
                      [&](const rcw::UnitState& u) { return u.id() == s.id; }));
  }
}

}  // namespace grognard::e2e
