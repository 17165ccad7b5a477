// The URL a player gives, checked before it is stored, the policy's allow-list, and the
// signature against vectors computed apart (Python's hmac module).

#include <catch2/catch.hpp>
#include <string>

#include "notify/webhook.h"

using namespace grognard;
using namespace grognard::notify;

namespace {

const std::string kAccepted =
    "; a webhook URL is https://HOST[:PORT][/PATH][?QUERY], at most 2000 bytes of printable "
    "ASCII without spaces";

// The error's message for `url`, after checking that it is the URL check's error.
std::string refusal(const std::string& url, const WebhookPolicy& policy = {}) {
  const auto r = check_webhook_url(url, policy);
  INFO(url);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().code == engine::ErrorCode::kInvalidArgument);
  CHECK(r.error().clause == "notify.webhook");
  CHECK(r.error().message.ends_with(kAccepted));
  return r.error().message.substr(0, r.error().message.size() - kAccepted.size());
}

std::string accepted(const std::string& url, const WebhookPolicy& policy = {}) {
  const auto r = check_webhook_url(url, policy);
  INFO(url);
  INFO((r.ok() ? std::string() : engine::describe(r.error())));
  REQUIRE(r.ok());
  return *r;
}

}  // namespace

TEST_CASE("an https URL with a host, a port, a path and a query is accepted", "[notify][webhook]") {
  CHECK(accepted("https://hooks.example.org/grognard?player=anna&x=1") ==
        "https://hooks.example.org/grognard?player=anna&x=1");
  CHECK(accepted("https://hooks.example.org") == "https://hooks.example.org");
  CHECK(accepted("https://hooks.example.org?x=1") == "https://hooks.example.org?x=1");
  CHECK(accepted("HTTPS://Hooks.Example.ORG:8443/Path/To?Q=A") ==
        "https://hooks.example.org:8443/Path/To?Q=A");
  CHECK(accepted("https://hooks.example.org:00443/x") == "https://hooks.example.org:443/x");
  CHECK(accepted("https://hooks.example.org:65535/") == "https://hooks.example.org:65535/");
  CHECK(accepted("https://hooks.example.org:1/") == "https://hooks.example.org:1/");
  CHECK(accepted("https://hooks.example.org./x") == "https://hooks.example.org/x");
  // Addresses pass here: which are refused is decided when the host is looked up, at each post.
  CHECK(accepted("https://203.0.113.7/h") == "https://203.0.113.7/h");
  CHECK(accepted("https://[2001:DB8::7]:8443/h") == "https://[2001:db8::7]:8443/h");
  CHECK(accepted("https://localhost/h") == "https://localhost/h");
  const std::string prefix = "https://hooks.example.org/";
  const std::string longest = prefix + std::string(2000 - prefix.size(), 'a');
  CHECK(accepted(longest) == longest);
}

TEST_CASE("http:// only for a host the allow-list names or an address it holds",
          "[notify][webhook]") {
  CHECK(refusal("http://hooks.example.org/x") ==
        "the webhook URL uses http://, which only the hosts the server's operator allows may "
        "use: use https://");
  CHECK(refusal("http://127.0.0.1:8080/x").starts_with("the webhook URL uses http://"));
  const WebhookPolicy policy{.allow = {"hooks.lan", "127.0.0.1/32", "fd00::/8"}};
  CHECK(accepted("http://hooks.lan/x", policy) == "http://hooks.lan/x");
  CHECK(accepted("HTTP://HOOKS.LAN:8080/x", policy) == "http://hooks.lan:8080/x");
  CHECK(accepted("http://127.0.0.1:8080/x", policy) == "http://127.0.0.1:8080/x");
  CHECK(accepted("http://[fd00::1]/x", policy) == "http://[fd00::1]/x");
  CHECK(refusal("http://127.0.0.2/x", policy).starts_with("the webhook URL uses http://"));
  CHECK(refusal("http://other.lan/x", policy).starts_with("the webhook URL uses http://"));
  CHECK(refusal("http://hooks.lan.example.org/x", policy)
            .starts_with("the webhook URL uses http://"));
  CHECK(accepted("https://other.lan/x", policy) == "https://other.lan/x");
}

TEST_CASE("a URL that is not an https URL of a host is refused, saying why", "[notify][webhook]") {
  CHECK(refusal("") == "the webhook URL is empty");
  CHECK(refusal("hooks.example.org/x") == "the webhook URL does not begin with https://");
  CHECK(refusal("ftp://hooks.example.org/x") == "the webhook URL does not begin with https://");
  CHECK(refusal("file:///etc/passwd") == "the webhook URL does not begin with https://");
  CHECK(refusal("gopher://127.0.0.1:25/x") == "the webhook URL does not begin with https://");
  CHECK(refusal("https:/hooks.example.org/x") == "the webhook URL does not begin with https://");
  CHECK(refusal("https:///x") == "the webhook URL has no host");
  CHECK(refusal("https://") == "the webhook URL has no host");
  CHECK(refusal("https://:443/x") == "the webhook URL has no host");
  CHECK(refusal("https://?x") == "the webhook URL has no host");
}

TEST_CASE("a URL with a user or a password, a fragment or a backslash is refused",
          "[notify][webhook]") {
  const std::string userinfo =
      "the webhook URL holds a user name or a password (user:password@), which is never sent";
  CHECK(refusal("https://anna:secret@hooks.example.org/x") == userinfo);
  CHECK(refusal("https://anna@hooks.example.org/x") == userinfo);
  CHECK(refusal("https://@hooks.example.org/x") == userinfo);
  CHECK(refusal("https://hooks.example.org@127.0.0.1/x") == userinfo);
  CHECK(refusal("https://hooks.example.org/x#top") ==
        "the webhook URL has a fragment (#...), which is never sent");
  CHECK(refusal("https://hooks.example.org\\@127.0.0.1/x") == "the webhook URL holds a backslash");
}

TEST_CASE("a URL past 2000 bytes, or not printable ASCII, is refused", "[notify][webhook]") {
  const std::string prefix = "https://hooks.example.org/";
  CHECK(refusal(prefix + std::string(2001 - prefix.size(), 'a')) ==
        "the webhook URL is 2001 bytes long");
  CHECK(refusal(prefix + std::string(100'000, 'a')) == "the webhook URL is 100026 bytes long");
  const std::string not_ascii =
      "the webhook URL holds a space, a control character or a character that is not ASCII";
  CHECK(refusal(prefix + "caf\xc3\xa9") == not_ascii + " (at byte 30)");
  CHECK(refusal("https://h\xc3\xa9.example.org/") == not_ascii + " (at byte 10)");
  CHECK(refusal(prefix + "a b") == not_ascii + " (at byte 28)");
  CHECK(refusal(prefix + "a\r\nX-Evil: 1") == not_ascii + " (at byte 28)");
  CHECK(refusal(prefix + "a\tb") == not_ascii + " (at byte 28)");
  CHECK(refusal(prefix + std::string("a\0b", 3)) == not_ascii + " (at byte 28)");
  CHECK(refusal(prefix + "\x7f") == not_ascii + " (at byte 27)");
}

TEST_CASE("a bad port or host is refused", "[notify][webhook]") {
  const std::string port = "the webhook URL has a port that is not a number from 1 to 65535";
  for (const char* bad : {"https://hooks.example.org:0/", "https://hooks.example.org:65536/",
                          "https://hooks.example.org:123456/", "https://hooks.example.org:/",
                          "https://hooks.example.org:x/", "https://hooks.example.org:-1/",
                          "https://hooks.example.org:80:80/", "https://hooks.example.org:+443/",
                          "https://[::1]:0/", "https://[::1]:/"}) {
    CHECK(refusal(bad) == port);
  }
  const std::string host =
      "the webhook URL has a host that is neither a name (hooks.example.org) nor an address "
      "written as four decimal numbers (203.0.113.7) or in brackets ([2001:db8::7])";
  for (const char* bad :
       {"https://127.1/", "https://2130706433/", "https://0x7f.0.0.1/", "https://0177.0.0.1/",
        "https://256.0.0.1/", "https://a..b/", "https://-hooks.example.org/",
        "https://hooks.example.org%2f/", "https://*.example.org/"}) {
    CHECK(refusal(bad) == host);
  }
  CHECK(refusal("https://[::1/") == "the webhook URL has a '[' without its ']'");
  CHECK(refusal("https://[hooks.example.org]/") ==
        "the webhook URL has a host in brackets that is not an IPv6 address");
  CHECK(refusal("https://[127.0.0.1]/") ==
        "the webhook URL has a host in brackets that is not an IPv6 address");
  CHECK(refusal("https://[fe80::1%25eth0]/") ==
        "the webhook URL has a host in brackets that is not an IPv6 address");
  CHECK(refusal("https://[::1]x/") == "the webhook URL has something between ']' and the port");
}

TEST_CASE("the allow-list's entries are checked, and a bad one names itself", "[notify][webhook]") {
  CHECK(check_policy({}).ok());
  CHECK(check_policy({.allow = {"hooks.lan", "10.0.0.0/8", "::1/128"}}).ok());
  const WebhookPolicy bad{.allow = {"hooks.lan", "10.0.0.0/99"}};
  const auto status = check_policy(bad);
  REQUIRE_FALSE(status.ok());
  CHECK(status.error().code == engine::ErrorCode::kInvalidArgument);
  CHECK(status.error().message ==
        "--webhook-allow: \"10.0.0.0/99\": the prefix of an IPv4 range is 0 to 32");
  const auto url = check_webhook_url("https://hooks.example.org/", bad);
  REQUIRE_FALSE(url.ok());
  CHECK(url.error().message == status.error().message);
  const auto sent = WebhookSender(bad).post({.url = "https://hooks.example.org/",
                                             .secret = "s",
                                             .key = "k",
                                             .body = "{}",
                                             .timestamp_s = 1});
  REQUIRE_FALSE(sent.ok());
  CHECK(sent.error().message == status.error().message);
}

TEST_CASE("the signature is HMAC-SHA256 of the timestamp, a dot and the body",
          "[notify][webhook]") {
  // python3 -c 'import hmac,hashlib; print(hmac.new(SECRET, TS + b"." + BODY,
  //                                                  hashlib.sha256).hexdigest())'
  CHECK(webhook_signature("It's a Secret to Everybody", 1765152000,
                          R"({"event":"your-move","game":"g-7f3a9c21a0b4"})") ==
        "sha256=baf03074175d1ae4aad59b884bf3c9b7b73d8b5742ca2a70c1d158922dcd7cf8");
  CHECK(webhook_signature("whsec_5f2c1a", 1765152000,
                          R"({"event":"your-move","game":"g-7f3a9c21a0b4","seat":"French"})") ==
        "sha256=976ff5f32bbe2e58787ce43a7cc01332145bae71405aed90e801fc1b67dbc47b");
  CHECK(webhook_signature("", 0, "") ==
        "sha256=b849d5a581847b281957065739df36df2463d1977ea8d6e1e4e6cf33fadc68c3");
  // A key longer than SHA-256's block is hashed first, as HMAC says.
  CHECK(webhook_signature(std::string(100, 'k'), -5, "{}") ==
        "sha256=813fb9220411e5296de90d68f621363833dc154fd4980ffd179146aaaacc150c");
  // Each input counts.
  const std::string base = webhook_signature("s", 100, "{}");
  CHECK(webhook_signature("t", 100, "{}") != base);
  CHECK(webhook_signature("s", 101, "{}") != base);
  CHECK(webhook_signature("s", 100, "{ }") != base);
}
