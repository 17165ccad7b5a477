#include "rcw_watch.h"

#include <google/protobuf/util/json_util.h>

#include <cctype>
#include <cstring>

#include <catch2/catch.hpp>

#include "engine/canonical.h"

namespace grognard::e2e {

void take(Watcher& w, const v1::ServerMessage& message) {
  if (!message.has_events()) return;
  const v1::EventBatch& batch = message.events();
  for (const v1::GameEvent& e : batch.events()) {
    INFO(w.label << " had seen event " << w.last_seq << ", then got " << e.seq());
    REQUIRE(e.seq() > w.last_seq);
    w.last_seq = e.seq();
    w.events.push_back(e);
  }
  if (auto view = client::unpack<rcw::View>(batch.view())) w.view = std::move(*view);
  w.acting.assign(batch.acting_seats().begin(), batch.acting_seats().end());
  w.status = batch.status();
}

void take(Watcher& w, const v1::Seated& seated) {
  for (const v1::GameEvent& e : seated.events()) {
    REQUIRE(e.seq() > w.last_seq);
    w.last_seq = e.seq();
    w.events.push_back(e);
  }
  if (auto view = client::unpack<rcw::View>(seated.view())) w.view = std::move(*view);
  w.acting.assign(seated.acting_seats().begin(), seated.acting_seats().end());
  w.status = seated.room().status();
}

void catch_up(Watcher& w, std::uint64_t seq) {
  while (w.last_seq < seq) {
    auto push = w.client.next_push(kWait);
    INFO(w.label << " waits for event " << seq << ", has " << w.last_seq);
    if (!push) FAIL(client::describe(push.failure()));
    take(w, *push);
  }
}

rcw::Event rules_event(const v1::GameEvent& e) {
  INFO("event " << e.seq());
  REQUIRE(e.has_rules());
  auto ev = client::unpack<rcw::Event>(e.rules());
  REQUIRE(ev.has_value());
  return *ev;
}

bool is_hidden(const v1::GameEvent& e) {
  return e.has_rules() && rules_event(e).has_hidden();
}

std::vector<rcw::Command> legal_commands(Watcher& w) {
  auto legal = w.client.legal();
  if (!legal) FAIL(w.label << ": " << client::describe(legal.failure()));
  std::vector<rcw::Command> out;
  for (const auto& any : legal->commands()) {
    auto c = client::unpack<rcw::Command>(any);
    REQUIRE(c.has_value());
    out.push_back(std::move(*c));
  }
  return out;
}

v1::CommandResult send(Watcher& w, const rcw::Command& command, std::vector<Watcher*> all) {
  const std::string id = w.seat + "-" + std::to_string(++w.sent);
  auto result = w.client.command(client::pack(command), id);
  INFO(w.label << " sent " << command.ShortDebugString());
  if (!result) FAIL(client::describe(result.failure()));
  REQUIRE_FALSE(result->duplicate());
  REQUIRE(result->first_seq() > w.last_seq);
  REQUIRE(result->last_seq() >= result->first_seq());
  for (Watcher* x : all) catch_up(*x, result->last_seq());
  // The sender reads every event of its command whole: none is about a unit it may not see.
  for (const v1::GameEvent& e : w.events) {
    if (e.seq() >= result->first_seq() && e.seq() <= result->last_seq() && e.has_rules()) {
      CHECK(e.seat() == w.seat);
      CHECK_FALSE(is_hidden(e));
    }
  }
  return *result;
}

// --- Needles ----------------------------------------------------------------------------------

namespace {

std::string json_of(const google::protobuf::Message& m) {
  std::string out;
  REQUIRE(google::protobuf::util::MessageToJsonString(m, &out).ok());
  return out;
}

// The text after `"key":` up to the next ',' or '}'.
std::string json_value(const std::string& json, const std::string& key) {
  const std::string k = "\"" + key + "\":";
  const auto at = json.find(k);
  REQUIRE(at != std::string::npos);
  const auto from = at + k.size();
  const auto to = json.find_first_of(",}", from);
  return json.substr(from, to - from);
}

std::string packed(double v) {
  std::string out(sizeof v, '\0');
  std::memcpy(out.data(), &v, sizeof v);  // protobuf's fixed64, little-endian
  return out;
}

bool number_in(const std::string& text, const std::string& number) {
  const std::string needle = ":" + number;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) {
    const auto next = at + needle.size();
    if (next >= text.size() || !(std::isdigit(static_cast<unsigned char>(text[next])) != 0))
      return true;
  }
  return false;
}

}  // namespace

Needles needles_of(const std::string& id, const std::string& name, double x, double y,
                   double facing) {
  Needles n;
  REQUIRE(id.size() < 128);
  n.binary = {std::string(1, static_cast<char>(id.size())) + id, name, packed(x), packed(y),
              packed(facing)};
  rcw::Side side;
  side.set_name(name);
  const std::string name_json = json_value(json_of(side), "name");
  n.json = {"\"" + id + "\"", name_json.substr(1, name_json.size() - 2), name};
  rcw::Position p;
  p.set_x(x);
  p.set_y(y);
  p.set_facing(facing);
  const std::string pj = json_of(p);
  n.json_numbers = {json_value(pj, "x"), json_value(pj, "y"), json_value(pj, "facing")};
  return n;
}

std::vector<std::string> hits(const std::string& bytes, bool binary, const Needles& n) {
  std::vector<std::string> out;
  if (binary) {
    for (std::size_t i = 0; i < n.binary.size(); ++i) {
      if (bytes.find(n.binary[i]) != std::string::npos)
        out.push_back("binary needle " + std::to_string(i));
    }
    return out;
  }
  for (const std::string& s : n.json) {
    if (bytes.find(s) != std::string::npos) out.push_back("text " + s);
  }
  for (const std::string& s : n.json_numbers) {
    if (number_in(bytes, s)) out.push_back("number " + s);
  }
  return out;
}

// --- The chain --------------------------------------------------------------------------------

std::string raw_of_hex(const std::string& hex) {
  const std::string raw = from_hex(hex);
  INFO("hex " << hex);
  REQUIRE(raw.size() == 32);
  return raw;
}

void check_chain(const std::vector<v1::GameEvent>& events, const std::string& who) {
  std::string previous(32, '\0');
  for (std::size_t i = 0; i < events.size(); ++i) {
    const v1::GameEvent& e = events[i];
    INFO(who << ": event " << e.seq());
    REQUIRE(e.seq() == i + 1);  // contiguous, placeholders included
    REQUIRE(e.chain_version() == 3);
    // R20: no digest is the plain hash of what this viewer read (every one is keyed), so none
    // tells which events were blanked for it.
    if (e.has_rules()) CHECK(e.digest() != engine::sha256(e.rules().value()).hex());
    if (e.has_chat()) CHECK(e.digest() != engine::sha256(e.chat().SerializeAsString()).hex());
    std::string link = previous;
    for (int b = 7; b >= 0; --b) link.push_back(static_cast<char>((e.seq() >> (8 * b)) & 0xff));
    link.push_back(static_cast<char>(e.has_rules() ? 0 : e.has_chat() ? 1 : 2));
    link += raw_of_hex(e.digest());
    link += raw_of_hex(e.state_hash());
    const std::string chain = engine::sha256(link).hex();
    CHECK(chain == e.chain());
    previous = raw_of_hex(e.chain());
  }
}

}  // namespace grognard::e2e
