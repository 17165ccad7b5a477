// The worked example of docs/archives.md, computed from the code: the first three events of an
// Itchy & Scratchy game of the doc's own scenario with the seed 00 01 … 1f, folded by the rule
// set, digested, committed and chained as the room does. Every value is read from the doc.
#include <catch2/catch.hpp>

#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "doc_blocks.h"
#include "engine/canonical.h"
#include "grognard/v1/protocol.pb.h"
#include "record/hashes.h"
#include "record/seal.h"
#include "record/store.h"
#include "rules/itchy/wire/ruleset.h"

namespace grognard::docs_test {
namespace {

using record::EventKind;
using record::EventRecord;
using record::Hash32;

// A value as the doc writes it: parts, each on its own line with what it is.
struct Value {
  std::string key;
  std::vector<std::pair<std::string, std::string>> parts;  // hex, comment
  std::string hex() const {
    std::string out;
    for (const auto& [h, comment] : parts) out += h;
    return out;
  }
};

std::string bytes_hex(std::string_view bytes) {
  return engine::to_hex(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

std::string u64_hex(std::uint64_t v) {
  engine::CanonicalWriter w;
  w.u64(v);
  return engine::to_hex(w.bytes().data(), w.bytes().size());
}

// The block as it should read, for the failure message: long values wrapped at 32 bytes.
std::string as_block(const std::vector<Value>& values) {
  std::ostringstream out;
  for (const Value& v : values) {
    bool first = true;
    for (const auto& [h, comment] : v.parts) {
      for (std::size_t at = 0; at < h.size() || (at == 0 && h.empty()); at += 64) {
        std::string head = first ? v.key + ":" : "";
        head.resize(24, ' ');
        out << head << h.substr(at, 64);
        if (at == 0 && !comment.empty())
          out << std::string(64 - h.substr(0, 64).size(), ' ') << "  # " << comment;
        out << "\n";
        first = false;
      }
    }
  }
  return out.str();
}

struct Example {
  std::vector<Value> values;
  void add(std::string key, std::string hex, std::string comment = "") {
    values.push_back(Value{std::move(key), {{std::move(hex), std::move(comment)}}});
  }
};

// One event as the room records it (room/room.cpp, add_record): its digest over the state before
// it, its state hash and commitment over the state after it, its link to the previous chain.
void record(Example& ex, const engine::Ruleset& rs, const engine::Seed& seed,
            const engine::GameState& before, const engine::GameState& after, EventRecord& r,
            const Hash32& previous, bool commitment) {
  const std::string n = "event " + std::to_string(r.seq);
  r.state_hash = rs.hash(after).bytes;
  r.digest = record::event_digest(rs, seed, before, r, record::kChainVersion);
  r.commitment = record::state_commitment(rs, seed, after);
  r.chain = record::chain_hash(previous, r, record::kChainVersion);
  ex.add(n + " payload", bytes_hex(r.payload));
  ex.add(n + " digest", record::hex(r.digest));
  ex.add(n + " state hash", record::hex(r.state_hash));
  Value input{n + " chain input", {}};
  input.parts.emplace_back(record::hex(previous), "the previous chain");
  input.parts.emplace_back(u64_hex(r.seq), "seq");
  input.parts.emplace_back(bytes_hex(std::string(1, static_cast<char>(r.kind))), "kind");
  input.parts.emplace_back(record::hex(r.digest), "digest");
  input.parts.emplace_back(record::hex(r.state_hash), "state hash");
  // The input is the doc's; that it hashes to what chain_hash gives pins it to the code.
  REQUIRE(engine::sha256(from_hex(input.hex())).hex() == record::hex(r.chain));
  ex.values.push_back(std::move(input));
  ex.add(n + " chain", record::hex(r.chain));
  if (commitment) ex.add(n + " commitment", record::hex(r.commitment));
}

void compare(const std::string& block_name, const std::vector<Value>& computed) {
  const auto doc = hex_values(pinned_block(block_name));
  std::map<std::string, std::string> expected;
  for (const Value& v : computed) expected[v.key] = v.hex();
  INFO("the block \"" << block_name << "\" of docs/archives.md should read:\n"
                      << as_block(computed));
  CHECK(doc == expected);
}

engine::Seed example_seed() {
  engine::Seed seed{};
  for (std::size_t i = 0; i < seed.size(); ++i) seed[i] = static_cast<std::uint8_t>(i);
  return seed;
}

std::string seed_bytes(const engine::Seed& seed) {
  return {reinterpret_cast<const char*>(seed.data()), seed.size()};
}

}  // namespace

TEST_CASE("the documented state hash of the duel is the rule set's", "[docs][archive]") {
  const auto rs = itchy::wire::make_itchy_ruleset();
  auto initial = rs->load_scenario(pinned_block("the duel"));
  REQUIRE(initial.ok());
  const auto doc = hex_values(pinned_block("the duel's state"));
  REQUIRE(doc.count("encoding") == 1);
  REQUIRE(doc.count("state hash") == 1);
  // The doc's bytes are the canonical encoding the rule set hashes: same SHA-256.
  CHECK(engine::sha256(from_hex(doc.at("encoding"))).hex() == rs->hash(**initial).hex());
  CHECK(doc.at("state hash") == rs->hash(**initial).hex());
  // Itchy & Scratchy hides nothing: its published hash is its full hash.
  CHECK(rs->full_hash(**initial) == rs->hash(**initial));
}

TEST_CASE("the documented chain of the duel is the room's", "[docs][archive]") {
  const auto rs = itchy::wire::make_itchy_ruleset();
  auto initial = rs->load_scenario(pinned_block("the duel"));
  REQUIRE(initial.ok());
  const engine::Seed seed = example_seed();
  const std::string seed_hash = engine::sha256(seed_bytes(seed)).hex();

  Example ex;
  ex.add("seed", record::hex(seed));
  ex.add("seed sha256", seed_hash);

  // Event 1: the note that the game begins, as room.cpp writes it, over the initial state.
  std::unique_ptr<engine::GameState> state = (*initial)->clone();
  v1::SystemNote note;
  note.set_text("The game begins. Dice: SHA-256 of the seed is " + seed_hash);
  note.set_seed_sha256(seed_hash);
  EventRecord e1{};
  e1.seq = 1;
  e1.kind = EventKind::kSystem;
  e1.payload = note.SerializeAsString();
  record(ex, *rs, seed, *state, *state, e1, Hash32{}, false);
  ex.add("event 1 chain (v1)", record::hex(record::chain_hash(Hash32{}, e1, 1)));
  CHECK(e1.digest == engine::sha256(e1.payload).bytes);  // read by all: a plain digest

  // Event 2: the rules begin, throwing the first initiative dice from the seed.
  engine::SeededDice dice(seed, 0);
  auto begun = rs->begin(*state, dice);
  REQUIRE(begun.ok());
  REQUIRE(begun->size() == 1);
  CHECK(dice.next() == 2);
  EventRecord e2{};
  e2.seq = 2;
  e2.kind = EventKind::kRules;
  e2.payload = begun->front();
  const std::unique_ptr<engine::GameState> before = state->clone();
  REQUIRE(rs->apply(*state, e2.payload).ok());
  record(ex, *rs, seed, *before, *state, e2, e1.chain, true);
  CHECK(record::hex(e2.commitment) ==
        engine::hmac_sha256(seed_bytes(seed),
                            std::string(reinterpret_cast<const char*>(e2.state_hash.data()), 32))
            .hex());

  // Event 3: Red's general whispers to Blue's, a chat sent to one seat: a keyed digest.
  v1::ChatMessage chat;
  chat.set_from_seat("side:0");
  chat.set_from_label("Red");
  chat.set_from_name("Ann");
  chat.set_text("Good luck");
  chat.set_to("side:1");
  EventRecord e3{};
  e3.seq = 3;
  e3.kind = EventKind::kChat;
  e3.payload = chat.SerializeAsString();
  e3.seat = "side:0";
  e3.audience = "side:1";
  record(ex, *rs, seed, *state, *state, e3, e2.chain, false);
  CHECK(e3.digest == engine::hmac_sha256(seed_bytes(seed), e3.payload).bytes);

  compare("the chain", ex.values);
}

}  // namespace grognard::docs_test
