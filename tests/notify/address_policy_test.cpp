// Which addresses a webhook may reach: every special-purpose range on both sides of its edges,
// the IPv6 forms that embed an IPv4 address, and the operator's allow-list.

#include "notify/address_policy.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <catch2/catch.hpp>
#include <cstring>

using namespace grognard;
using namespace grognard::notify;

namespace {

IpAddress address(const char* text) {
  const auto a = IpAddress::parse(text);
  INFO(text);
  REQUIRE(a);
  return *a;
}

// The kind of a non-public address, or "public".
std::string judge(const char* text) {
  return why_not_public(address(text)).value_or("public");
}

struct Case {
  const char* address;
  const char* kind;  // "public", or what why_not_public() says
};

void check_all(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    INFO(c.address);
    CHECK(judge(c.address) == c.kind);
    CHECK(is_public(address(c.address)) == (std::string(c.kind) == "public"));
  }
}

}  // namespace

TEST_CASE("every special-purpose IPv4 range is refused, up to its edges", "[notify][address]") {
  check_all({
      {"0.0.0.0", "a \"this network\" address"},
      {"0.255.255.255", "a \"this network\" address"},
      {"1.0.0.0", "public"},
      {"9.255.255.255", "public"},
      {"10.0.0.0", "a private address"},
      {"10.255.255.255", "a private address"},
      {"11.0.0.0", "public"},
      {"100.63.255.255", "public"},
      {"100.64.0.0", "a shared (carrier-grade NAT) address"},
      {"100.127.255.255", "a shared (carrier-grade NAT) address"},
      {"100.128.0.0", "public"},
      {"126.255.255.255", "public"},
      {"127.0.0.1", "a loopback address"},
      {"127.255.255.254", "a loopback address"},
      {"128.0.0.0", "public"},
      {"169.253.255.255", "public"},
      {"169.254.0.0", "a link-local address"},
      {"169.254.169.254", "a link-local address"},  // the clouds' metadata service
      {"169.255.0.0", "public"},
      {"172.15.255.255", "public"},
      {"172.16.0.0", "a private address"},
      {"172.31.255.255", "a private address"},
      {"172.32.0.0", "public"},
      {"191.255.255.255", "public"},
      {"192.0.0.0", "an IETF protocol address"},
      {"192.0.0.255", "an IETF protocol address"},
      {"192.0.1.0", "public"},
      {"192.0.2.0", "a documentation address"},
      {"192.0.2.255", "a documentation address"},
      {"192.0.3.0", "public"},
      {"192.88.98.255", "public"},
      {"192.88.99.1", "a 6to4 relay address"},
      {"192.88.100.0", "public"},
      {"192.167.255.255", "public"},
      {"192.168.0.0", "a private address"},
      {"192.168.255.255", "a private address"},
      {"192.169.0.0", "public"},
      {"198.17.255.255", "public"},
      {"198.18.0.0", "a benchmarking address"},
      {"198.19.255.255", "a benchmarking address"},
      {"198.20.0.0", "public"},
      {"198.51.99.255", "public"},
      {"198.51.100.7", "a documentation address"},
      {"198.51.101.0", "public"},
      {"203.0.112.255", "public"},
      {"203.0.113.7", "a documentation address"},
      {"203.0.114.0", "public"},
      {"8.8.8.8", "public"},
      {"223.255.255.255", "public"},
      {"224.0.0.1", "a multicast address"},
      {"239.255.255.255", "a multicast address"},
      {"240.0.0.0", "a reserved address"},
      {"255.255.255.254", "a reserved address"},
      {"255.255.255.255", "the broadcast address"},
  });
}

TEST_CASE("every special-purpose IPv6 range is refused, and all outside 2000::/3",
          "[notify][address]") {
  check_all({
      {"::", "the unspecified address"},
      {"::1", "a loopback address"},
      {"fc00::", "a private (unique local) address"},
      {"fd12:3456:789a::1", "a private (unique local) address"},
      {"fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "a private (unique local) address"},
      {"fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "a reserved address"},
      {"fe80::1", "a link-local address"},
      {"febf:ffff::1", "a link-local address"},
      {"fec0::1", "a site-local address"},
      {"feff:ffff::1", "a site-local address"},
      {"ff00::", "a multicast address"},
      {"ff02::1", "a multicast address"},
      {"100::", "a discard-only address"},
      {"100::ffff:ffff:ffff:ffff", "a discard-only address"},
      {"100:0:0:1::", "a reserved address"},
      {"2001:db8::1", "a documentation address"},
      {"2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", "a documentation address"},
      {"2001:db9::1", "public"},
      {"2001:db7:ffff::1", "public"},
      {"2001::1", "an IETF protocol address"},  // Teredo, in 2001::/23
      {"2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff", "an IETF protocol address"},
      {"2001:200::1", "public"},
      {"2000::1", "public"},
      {"2001:4860:4860::8888", "public"},
      {"2a00:1450:4001:80b::200e", "public"},
      {"3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "public"},
      {"4000::1", "a reserved address"},
      {"1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "a reserved address"},
  });
}

TEST_CASE("an IPv6 address that embeds an IPv4 one is judged by it", "[notify][address]") {
  check_all({
      // IPv4-mapped, ::ffff:0:0/96
      {"::ffff:10.0.0.7", "a private address (it embeds 10.0.0.7)"},
      {"::ffff:127.0.0.1", "a loopback address (it embeds 127.0.0.1)"},
      {"::ffff:7f00:1", "a loopback address (it embeds 127.0.0.1)"},
      {"::ffff:169.254.169.254", "a link-local address (it embeds 169.254.169.254)"},
      {"::ffff:255.255.255.255", "the broadcast address (it embeds 255.255.255.255)"},
      {"::ffff:8.8.8.8", "public"},
      // IPv4-compatible, ::/96 (:: and ::1 aside)
      {"::127.0.0.1", "a loopback address (it embeds 127.0.0.1)"},
      {"::192.168.1.1", "a private address (it embeds 192.168.1.1)"},
      {"::2", "a \"this network\" address (it embeds 0.0.0.2)"},
      {"::8.8.8.8", "public"},
      // NAT64, 64:ff9b::/96
      {"64:ff9b::10.1.2.3", "a private address (it embeds 10.1.2.3)"},
      {"64:ff9b::a9fe:a9fe", "a link-local address (it embeds 169.254.169.254)"},
      {"64:ff9b::100.64.0.1", "a shared (carrier-grade NAT) address (it embeds 100.64.0.1)"},
      {"64:ff9b::8.8.8.8", "public"},
      {"64:ff9b:1::8.8.8.8", "a reserved address"},  // not the well-known prefix
      // 6to4, 2002::/16
      {"2002:7f00:1::1", "a loopback address (it embeds 127.0.0.1)"},
      {"2002:c0a8:101::", "a private address (it embeds 192.168.1.1)"},
      {"2002:ac10:0:ffff::1", "a private address (it embeds 172.16.0.0)"},
      {"2002:e000:1::", "a multicast address (it embeds 224.0.0.1)"},
      {"2002:808:808::1", "public"},
  });
}

TEST_CASE("is_public takes the socket addresses getaddrinfo gives", "[notify][address]") {
  const auto v4 = [](const char* text) {
    sockaddr_storage s{};
    sockaddr_in in{};
    in.sin_family = AF_INET;
    REQUIRE(inet_pton(AF_INET, text, &in.sin_addr) == 1);
    std::memcpy(&s, &in, sizeof in);
    return s;
  };
  const auto v6 = [](const char* text) {
    sockaddr_storage s{};
    sockaddr_in6 in6{};
    in6.sin6_family = AF_INET6;
    REQUIRE(inet_pton(AF_INET6, text, &in6.sin6_addr) == 1);
    std::memcpy(&s, &in6, sizeof in6);
    return s;
  };
  CHECK(is_public(v4("8.8.8.8")));
  CHECK_FALSE(is_public(v4("127.0.0.1")));
  CHECK_FALSE(is_public(v4("10.20.30.40")));
  CHECK(is_public(v6("2001:4860:4860::8888")));
  CHECK_FALSE(is_public(v6("::1")));
  CHECK_FALSE(is_public(v6("::ffff:192.168.0.1")));
  CHECK(is_public(v6("::ffff:1.1.1.1")));
  sockaddr_storage unix_socket{};
  unix_socket.ss_family = AF_UNIX;
  CHECK_FALSE(is_public(unix_socket));
}

TEST_CASE("an address is written strictly", "[notify][address]") {
  CHECK(IpAddress::parse("203.0.113.7")->to_string() == "203.0.113.7");
  CHECK(IpAddress::parse("2001:DB8:0::7")->to_string() == "2001:db8::7");
  CHECK(IpAddress::parse("::ffff:10.0.0.1")->v6);
  for (const char* bad : {"", "127.1", "2130706433", "0x7f.0.0.1", "0177.0.0.1", "127.0.0.1.",
                          "[::1]", "fe80::1%eth0", "256.0.0.1", "localhost", " 127.0.0.1"}) {
    INFO(bad);
    CHECK_FALSE(IpAddress::parse(bad));
  }
}

TEST_CASE("host names", "[notify][address]") {
  for (const char* good : {"localhost", "hooks.example.org", "hooks.example.org.", "a-b.c_d.lan",
                           "xn--bcher-kva.example", "h1.example.org", "9gag.com"}) {
    INFO(good);
    CHECK(is_host_name(good));
  }
  const std::string label63(63, 'a');
  CHECK(is_host_name(label63 + ".org"));
  CHECK_FALSE(is_host_name(label63 + "a.org"));
  std::string long_name;
  while (long_name.size() < 251) long_name += "abcdefghi.";
  CHECK_FALSE(is_host_name(long_name + "org"));
  for (const char* bad :
       {"", ".", "a..b", ".a", "-a.org", "a-.org", "a b.org", "a/b", "a:b", "127.0.0.1", "127.1",
        "2130706433", "0x7f.1", "h\xc3\xa9.org", "*.org", "a@b.org"}) {
    INFO(bad);
    CHECK_FALSE(is_host_name(bad));
  }
}

TEST_CASE("the allow-list takes host names and ranges, and names a bad entry",
          "[notify][address]") {
  const auto list = AllowList::parse({"Hooks.LAN", "localhost.", "127.0.0.1/32", "10.1.0.0/16",
                                      "::1/128", "fd00:1::/32", "192.168.7.9", "172.16.5.5/12"});
  REQUIRE(list.ok());
  CHECK(list->names("hooks.lan"));
  CHECK(list->names("HOOKS.lan."));
  CHECK(list->names("LocalHost"));
  CHECK_FALSE(list->names("other.lan"));
  CHECK_FALSE(list->names("hooks.lan.example.org"));
  CHECK_FALSE(list->names("lan"));
  CHECK(list->holds(address("127.0.0.1")));
  CHECK_FALSE(list->holds(address("127.0.0.2")));
  CHECK(list->holds(address("::ffff:127.0.0.1")));  // the mapped form of a held address
  CHECK(list->holds(address("10.1.0.0")));
  CHECK(list->holds(address("10.1.255.255")));
  CHECK_FALSE(list->holds(address("10.2.0.0")));
  CHECK_FALSE(list->holds(address("10.0.255.255")));
  CHECK(list->holds(address("::1")));
  CHECK_FALSE(list->holds(address("::2")));
  CHECK(list->holds(address("fd00:1:ffff::1")));
  CHECK_FALSE(list->holds(address("fd00:2::1")));
  CHECK(list->holds(address("192.168.7.9")));
  CHECK_FALSE(list->holds(address("192.168.7.10")));
  CHECK(list->holds(address("172.31.0.1")));  // the bits past the prefix do not matter
  CHECK_FALSE(list->holds(address("8.8.8.8")));
  CHECK_FALSE(list->empty());
  CHECK(AllowList::parse({})->empty());
  CHECK(AllowList().holds(address("127.0.0.1")) == false);

  const auto error_of = [](const std::string& entry) {
    const auto r = AllowList::parse({"hooks.lan", entry});
    INFO(entry);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().code == engine::ErrorCode::kInvalidArgument);
    return r.error().message;
  };
  for (const char* bad : {"", "x y", "http://hooks.lan", "hooks.lan/16", "*.example.org", "127.1",
                          "256.1.1.1", "hooks.lan:8080", "a..b"}) {
    CHECK(error_of(bad) == "--webhook-allow: \"" + std::string(bad) +
                               "\" is neither a host name nor an address range (hooks.example.lan, "
                               "10.1.0.0/16, 127.0.0.1/32, ::1/128)");
  }
  CHECK(error_of("10.0.0.0/33") ==
        "--webhook-allow: \"10.0.0.0/33\": the prefix of an IPv4 range is 0 to 32");
  CHECK(error_of("10.0.0.0/") ==
        "--webhook-allow: \"10.0.0.0/\": the prefix of an IPv4 range is 0 to 32");
  CHECK(error_of("10.0.0.0/-1") ==
        "--webhook-allow: \"10.0.0.0/-1\": the prefix of an IPv4 range is 0 to 32");
  CHECK(error_of("::1/129") ==
        "--webhook-allow: \"::1/129\": the prefix of an IPv6 range is 0 to 128");
  CHECK(error_of("::1/x") == "--webhook-allow: \"::1/x\": the prefix of an IPv6 range is 0 to 128");
}
