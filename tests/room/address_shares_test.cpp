// What one address, one range of addresses and the whole server may hold (issue 33: one address
// could hold rooms x chat x seats without a total, an IPv6 client had as many addresses as it
// liked, and 100 addresses of one range filled the room cap): chat in all of an address's rooms,
// rooms per IPv6 /64 and per range, each refused with the bound named, others unaffected.
#include <catch2/catch.hpp>

#include "room/addresses.h"
#include "world.h"

using namespace grognard;
using grognard::testing::FakePeer;
using grognard::testing::World;

namespace {

v1::ServerMessage chat(World& w, const std::shared_ptr<FakePeer>& peer, const std::string& text) {
  v1::ClientMessage m;
  m.mutable_chat()->set_text(text);
  return w.ask(peer, m);
}

v1::ServerMessage create(World& w, const std::shared_ptr<FakePeer>& peer) {
  v1::ClientMessage m;
  m.mutable_create_room()->set_ruleset("secrets");
  m.mutable_create_room()->set_scenario("basic");
  m.mutable_create_room()->set_observers_allowed(true);
  return w.ask(peer, m);
}

bool refused_for(const v1::ServerMessage& m, const std::string& what) {
  return m.has_error() && m.error().code() == v1::RESOURCE_EXHAUSTED &&
         m.error().message().find(what) != std::string::npos;
}

// Chats `text` from `peers` in turn until refused (or `most` taken); how many were taken, and
// the refusal.
std::pair<std::size_t, v1::ServerMessage> chat_until_refused(
    World& w, const std::vector<std::shared_ptr<FakePeer>>& peers, const std::string& text,
    std::size_t most) {
  for (std::size_t taken = 0; taken < most; ++taken) {
    auto r = chat(w, peers[taken % peers.size()], text);
    if (!r.has_command_result()) return {taken, r};
  }
  return {most, {}};
}

}  // namespace

TEST_CASE("an address's chat in all its rooms is bounded, and other addresses chat on",
          "[room][limits][chat]") {
  World w;  // the defaults: 4 MiB of chat an address
  const std::string a = w.create(), b = w.create();
  std::vector<std::shared_ptr<FakePeer>> mine;
  for (int i = 0; i < 4; ++i) {
    mine.push_back(std::make_shared<FakePeer>("mine " + std::to_string(i), "10.4.0.1"));
    REQUIRE(w.join(mine.back(), i % 2 == 0 ? a : b, "observer").has_seated());
  }
  auto other = std::make_shared<FakePeer>("other", "10.5.0.1");
  REQUIRE(w.join(other, a, "observer").has_seated());

  const std::string text(1000, 'x');
  const auto [taken, refused] = chat_until_refused(w, mine, text, 8000);
  INFO("1,000-byte messages taken from the address: " << taken);
  CHECK(refused_for(refused, "--chat-bytes-per-address 4194304"));
  CHECK(taken * text.size() <= 4 * 1024 * 1024);
  CHECK(taken * text.size() > 3 * 1024 * 1024);  // its texts had most of it
  CHECK(chat(w, other, text).has_command_result());
}

TEST_CASE("a range's share and the server's total of chat are bounded, each named",
          "[room][limits][chat]") {
  room::LobbyOptions o;
  o.chat_bytes_per_address = 0;  // none: the range and the total bind
  o.max_chat_bytes = 64 * 1024;
  o.range_share = 50;  // a range may hold half of it
  World w(o);
  const std::string invite = w.create();
  std::vector<std::shared_ptr<FakePeer>> one_range, another;
  for (int i = 1; i <= 2; ++i) {
    one_range.push_back(
        std::make_shared<FakePeer>("a" + std::to_string(i), "10.6.0." + std::to_string(i)));
    another.push_back(
        std::make_shared<FakePeer>("b" + std::to_string(i), "10.7." + std::to_string(i) + ".1"));
  }
  for (auto& p : one_range) REQUIRE(w.join(p, invite, "observer").has_seated());
  for (auto& p : another) REQUIRE(w.join(p, invite, "observer").has_seated());
  const std::string text(500, 'y');
  const auto [in_range, range_refusal] = chat_until_refused(w, one_range, text, 1000);
  CHECK(refused_for(range_refusal, "10.6.0.0/24"));
  CHECK(refused_for(range_refusal, "--range-share 50"));
  CHECK(in_range * text.size() <= 32 * 1024);
  const auto [elsewhere, total_refusal] = chat_until_refused(w, another, text, 1000);
  CHECK(refused_for(total_refusal, "--max-chat-bytes 65536"));
  CHECK((in_range + elsewhere) * text.size() <= 64 * 1024);
}

TEST_CASE("the addresses of one IPv6 /64 share one address's rooms", "[room][limits][ranges]") {
  World w;  // the defaults: 100 open rooms an address
  for (int i = 1; i <= 100; ++i) {
    auto peer =
        std::make_shared<FakePeer>("v6 " + std::to_string(i), "2001:db8:1:2::" + std::to_string(i));
    REQUIRE(create(w, peer).has_room());
  }
  auto next = std::make_shared<FakePeer>("v6 next", "2001:db8:1:2:ffff::1");
  const auto refused = create(w, next);
  CHECK(refused_for(refused, "rooms_per_address = 100"));
  CHECK(refused_for(refused, "2001:db8:1:2::/64"));
  // The next /64 is another address.
  CHECK(create(w, std::make_shared<FakePeer>("v6 other", "2001:db8:1:3::1")).has_room());
}

TEST_CASE("one range of addresses holds at most its share of the rooms, and others still open",
          "[room][limits][ranges]") {
  room::LobbyOptions o;
  o.max_rooms = 200;  // a tenth of it a range, by default: 20
  World w(o);
  int made = 0;
  v1::ServerMessage refused;
  for (int i = 0; i < 30 && !refused.has_error(); ++i) {
    auto peer = std::make_shared<FakePeer>("near " + std::to_string(i),
                                           "198.51.100." + std::to_string(i + 1));
    auto r = create(w, peer);
    if (r.has_room()) {
      ++made;
    } else {
      refused = r;
    }
  }
  CHECK(made == 20);
  CHECK(refused_for(refused, "198.51.100.0/24"));
  CHECK(refused_for(refused, "--range-share 10"));
  CHECK(create(w, std::make_shared<FakePeer>("far", "203.0.113.5")).has_room());
}

TEST_CASE("addresses are keyed as limits count them: an IPv6 /64, an IPv4 address as it is",
          "[room][limits][ranges]") {
  const room::AddressPrefixes p;  // /64, ranges /24 and /48
  CHECK(room::address_key("203.0.113.9", p) == "203.0.113.9");
  CHECK(room::address_range("203.0.113.9", p) == "203.0.113.0/24");
  CHECK(room::address_key("2001:db8:1:2:a:b:c:d", p) == "2001:db8:1:2::/64");
  CHECK(room::address_key("2001:DB8:1:2::1", p) == "2001:db8:1:2::/64");
  CHECK(room::address_range("2001:db8:1:2:a:b:c:d", p) == "2001:db8:1::/48");
  CHECK(room::address_key("::ffff:203.0.113.9", p) == "203.0.113.9");  // IPv4 as IPv6
  CHECK(room::address_key("not an address", p) == "not an address");
  room::AddressPrefixes wide;
  wide.ipv6 = 56;
  wide.ipv4_range = 16;
  CHECK(room::address_key("2001:db8:1:2ff::1", wide) == "2001:db8:1:200::/56");
  CHECK(room::address_range("203.0.113.9", wide) == "203.0.0.0/16");
}
