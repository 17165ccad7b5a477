// The webhook sender against a real HTTP receiver on loopback (tests/e2e/webhook_sink.h): what
// it sends, what it refuses to reach, how each failure of the receiver reads, and the Python
// check of docs/accounts.md ("Webhooks") on what it sends.

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "../support/source_file.h"
#include "notify/webhook.h"
#include "webhook_sink.h"

using namespace grognard;
using namespace grognard::notify;
using grognard::e2e::WebhookSink;
using namespace std::chrono_literals;

namespace {

const std::string kBody = R"({"event":"your-move","game":"g-7f3a9c21a0b4","seat":"French"})";

WebhookCall call_to(const std::string& url) {
  return {.url = url,
          .secret = "whsec_5f2c1a",
          .key = "n-00000042-1",
          .body = kBody,
          .timestamp_s = 1765152000};
}

// The signature as a receiver computes it, with OpenSSL rather than the sender's libsodium.
std::string expected_signature(const std::string& secret, const std::string& timestamp,
                               const std::string& body) {
  const std::string text = timestamp + "." + body;
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
       reinterpret_cast<const unsigned char*>(text.data()), text.size(), mac, &size);
  std::string hex;
  for (unsigned int i = 0; i < size; ++i) {
    char two[3];
    std::snprintf(two, sizeof two, "%02x", mac[i]);
    hex += two;
  }
  return "sha256=" + hex;
}

// The sink's URL with another scheme or host: "https://127.0.0.1:PORT/hook".
std::string with(const WebhookSink& sink, const std::string& scheme_and_host) {
  return scheme_and_host + ":" + std::to_string(sink.port()) + "/hook";
}

engine::Error error_of(const engine::Status& s) {
  REQUIRE_FALSE(s.ok());
  return s.error();
}

}  // namespace

TEST_CASE("a webhook is delivered with its headers and a signature that verifies",
          "[notify][webhook][sink]") {
  WebhookSink sink;
  WebhookSender sender({.allow = {"127.0.0.1/32"}, .timeout = 10s});
  const auto sent = sender.post(call_to(sink.url()));
  INFO((sent.ok() ? std::string() : engine::describe(sent.error())));
  REQUIRE(sent.ok());
  const auto calls = sink.wait_for(1);
  REQUIRE(calls.size() == 1);
  const auto& c = calls[0];
  CHECK(c.path == "/hook");
  CHECK(c.body == kBody);
  CHECK(c.header("Content-Type") == "application/json");
  CHECK(c.header("User-Agent") == "Grognard");
  CHECK(c.header("Idempotency-Key") == "n-00000042-1");
  CHECK(c.header("X-Grognard-Timestamp") == "1765152000");
  REQUIRE(c.header("X-Grognard-Signature"));
  CHECK(*c.header("X-Grognard-Signature") ==
        expected_signature("whsec_5f2c1a", *c.header("X-Grognard-Timestamp"), c.body));
  CHECK(*c.header("X-Grognard-Signature") !=
        expected_signature("another secret", *c.header("X-Grognard-Timestamp"), c.body));
  CHECK(c.header("Content-Length") == std::to_string(kBody.size()));
  CHECK_FALSE(c.header("Expect"));
  CHECK(c.header("Host") == "127.0.0.1:" + std::to_string(sink.port()));

  // Another attempt of the same notification: the same key, a new timestamp and signature.
  auto again = call_to(sink.url());
  again.timestamp_s += 60;
  REQUIRE(sender.post(again).ok());
  const auto both = sink.wait_for(2);
  REQUIRE(both.size() == 2);
  CHECK(both[1].header("Idempotency-Key") == "n-00000042-1");
  CHECK(both[1].header("X-Grognard-Timestamp") == "1765152060");
  CHECK(both[1].header("X-Grognard-Signature") ==
        expected_signature("whsec_5f2c1a", "1765152060", kBody));
  CHECK(both[1].header("X-Grognard-Signature") != both[0].header("X-Grognard-Signature"));
}

TEST_CASE("loopback is refused without an allow-list entry, and nothing reaches it",
          "[notify][webhook][sink]") {
  WebhookSink sink;
  for (const WebhookPolicy& policy :
       {WebhookPolicy{}, WebhookPolicy{.allow = {"10.0.0.0/8", "hooks.lan", "127.0.0.2/32"}}}) {
    WebhookSender sender(policy);
    // http:// to an address no range holds: refused by the URL's check.
    const auto plain = error_of(sender.post(call_to(sink.url())));
    CHECK(plain.code == engine::ErrorCode::kInvalidArgument);
    CHECK(plain.clause == "notify.webhook");
    CHECK(plain.message.starts_with("the webhook URL uses http://"));
    // https:// to loopback: refused for the address, before any connection.
    const auto tls = error_of(sender.post(call_to(with(sink, "https://127.0.0.1"))));
    CHECK(tls.code == engine::ErrorCode::kPermissionDenied);
    CHECK(tls.clause == "notify.webhook");
    CHECK(tls.message == "127.0.0.1 is a loopback address: refused");
    const auto mapped = error_of(sender.post(call_to(with(sink, "https://[::ffff:127.0.0.1]"))));
    CHECK(mapped.message ==
          "[::ffff:127.0.0.1] is a loopback address (it embeds 127.0.0.1): refused");
  }
  CHECK(sink.wait_for(1, 500ms).empty());
}

TEST_CASE("a host name that resolves to loopback is refused without an allow-list entry",
          "[notify][webhook][sink]") {
  WebhookSink sink;
  WebhookSender sender(WebhookPolicy{});
  const auto e = error_of(sender.post(call_to(with(sink, "https://localhost"))));
  CHECK(e.code == engine::ErrorCode::kPermissionDenied);
  INFO(e.message);
  const bool v4 = e.message == "localhost resolves to 127.0.0.1, a loopback address: refused";
  const bool v6 = e.message == "localhost resolves to ::1, a loopback address: refused";
  CHECK((v4 || v6));
  // Allowing another range does not allow it.
  WebhookSender other({.allow = {"10.0.0.0/8"}});
  CHECK(error_of(other.post(call_to(with(sink, "https://localhost")))).code ==
        engine::ErrorCode::kPermissionDenied);
  CHECK(sink.wait_for(1, 500ms).empty());

  // Named in the list, it may use http:// and its loopback addresses; the connection goes to
  // the addresses looked up, the Host header still names it.
  WebhookSender named({.allow = {"LocalHost"}});
  const auto sent = named.post(call_to(with(sink, "http://localhost")));
  INFO((sent.ok() ? std::string() : engine::describe(sent.error())));
  REQUIRE(sent.ok());
  const auto calls = sink.wait_for(1);
  REQUIRE(calls.size() == 1);
  CHECK(calls[0].header("Host") == "localhost:" + std::to_string(sink.port()));
  CHECK(calls[0].body == kBody);
}

TEST_CASE("an unknown host name fails, naming it", "[notify][webhook]") {
  WebhookSender sender({.allow = {}, .timeout = 5s});
  const auto e = error_of(sender.post(call_to("https://no-such-host.invalid/hook")));
  CHECK(e.code == engine::ErrorCode::kFailedPrecondition);
  INFO(e.message);  // not known, or no answer from the name servers: it depends on the machine
  CHECK(e.message.find("no-such-host.invalid") != std::string::npos);
}

TEST_CASE("an answer other than 2xx is an error naming it, whatever the mode at the time",
          "[notify][webhook][sink]") {
  WebhookSink sink;
  WebhookSender sender({.allow = {"127.0.0.1/32"}});
  sink.set_mode("fail");
  const auto e = error_of(sender.post(call_to(sink.url())));
  CHECK(e.code == engine::ErrorCode::kFailedPrecondition);
  CHECK(e.clause == "notify.webhook");
  CHECK(e.message == "127.0.0.1 answered 500");
  sink.set_mode("ok");
  CHECK(sender.post(call_to(sink.url())).ok());
  CHECK(sink.wait_for(2).size() == 2);
}

TEST_CASE("a redirect is not followed", "[notify][webhook][sink]") {
  WebhookSink sink;
  sink.set_mode("redirect");
  WebhookSender sender({.allow = {"127.0.0.1/32"}});
  const auto e = error_of(sender.post(call_to(sink.url())));
  CHECK(e.message == "127.0.0.1 answered 302, a redirect: redirects are not followed");
  const auto calls = sink.wait_for(2, 1s);
  REQUIRE(calls.size() == 1);
  CHECK(calls[0].path == "/hook");
}

TEST_CASE("a receiver that does not answer in time fails within the bound",
          "[notify][webhook][sink]") {
  WebhookSink sink;
  sink.set_mode("slow");
  WebhookSender sender({.allow = {"127.0.0.1/32"}, .timeout = 1500ms});
  const auto e = error_of(sender.post(call_to(sink.url())));
  CHECK(e.code == engine::ErrorCode::kFailedPrecondition);
  CHECK(e.message == "no answer from 127.0.0.1 within 1.5 s");
  CHECK(sink.wait_for(1).size() == 1);  // it got the call, and sat on it
}

TEST_CASE("an answer past max_response_bytes is cut off and fails", "[notify][webhook][sink]") {
  WebhookSink sink;
  sink.set_mode("big");
  WebhookSender sender({.allow = {"127.0.0.1/32"}, .max_response_bytes = 64 * 1024});
  const auto e = error_of(sender.post(call_to(sink.url())));
  CHECK(e.code == engine::ErrorCode::kFailedPrecondition);
  CHECK(e.message == "127.0.0.1 answered with more than 64 KiB: cut off");
  // A short answer is well within the bound.
  sink.set_mode("ok");
  CHECK(sender.post(call_to(sink.url())).ok());
}

TEST_CASE("a closed port fails, naming the host and the port", "[notify][webhook][sink]") {
  std::uint16_t port = 0;
  {
    WebhookSink gone;
    port = gone.port();
  }
  WebhookSender sender({.allow = {"127.0.0.1/32"}, .timeout = 5s});
  const auto e =
      error_of(sender.post(call_to("http://127.0.0.1:" + std::to_string(port) + "/hook")));
  CHECK(e.code == engine::ErrorCode::kFailedPrecondition);
  CHECK(e.message == "127.0.0.1 did not take the connection (port " + std::to_string(port) + ")");
}

TEST_CASE("an idempotency key that could end its header line is refused", "[notify][webhook]") {
  WebhookSender sender({.allow = {"127.0.0.1/32"}});
  auto call = call_to("http://127.0.0.1:9/hook");
  call.key = "k\r\nX-Evil: 1";
  CHECK(error_of(sender.post(call)).code == engine::ErrorCode::kInvalidArgument);
  call.key = "";
  CHECK(error_of(sender.post(call)).code == engine::ErrorCode::kInvalidArgument);
}

namespace {

// The Python check of docs/accounts.md ("Webhooks", the block pinned as webhook-verify) run on
// one call as received: true when it accepts it.
bool doc_check_accepts(const std::string& secret, const grognard::e2e::WebhookCallSeen& call) {
  const std::string doc = test_support::source_file("docs/accounts.md");
  const std::string marker = "<!-- pinned: webhook-verify -->";
  const auto at = doc.find(marker);
  REQUIRE(at != std::string::npos);
  const auto begin = doc.find('\n', doc.find("```", at));
  const auto end = doc.find("\n```", begin);
  REQUIRE(end != std::string::npos);
  const std::string snippet = doc.substr(begin + 1, end - begin);
  const auto dir =
      std::filesystem::temp_directory_path() / ("grognard-webhook-doc-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  {
    std::ofstream script(dir / "check.py", std::ios::binary);
    script
        << snippet
        << "import sys\n"
           "headers = {'X-Grognard-Timestamp': sys.argv[2], 'X-Grognard-Signature': sys.argv[3]}\n"
           "sys.exit(0 if verify(sys.argv[1].encode(), headers, open(sys.argv[4], 'rb').read())"
           " else 3)\n";
    std::ofstream body(dir / "body", std::ios::binary);
    body << call.body;
  }
  const std::string command = std::string(GROGNARD_PYTHON3) + " " + (dir / "check.py").string() +
                              " '" + secret + "' '" + call.header("X-Grognard-Timestamp").value() +
                              "' '" + call.header("X-Grognard-Signature").value() + "' " +
                              (dir / "body").string();
  const int status = std::system(command.c_str());
  std::filesystem::remove_all(dir);
  REQUIRE(WIFEXITED(status));
  // 3: refused; anything else but 0 is a Python error, the doc's lines broken.
  REQUIRE((WEXITSTATUS(status) == 0 || WEXITSTATUS(status) == 3));
  return WEXITSTATUS(status) == 0;
}

}  // namespace

TEST_CASE("the check of docs/accounts.md accepts what is sent, and nothing else",
          "[notify][webhook][sink]") {
  WebhookSink sink;
  WebhookSender sender({.allow = {"127.0.0.1/32"}});
  const auto now = std::chrono::duration_cast<std::chrono::seconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  auto call = call_to(sink.url());
  call.timestamp_s = now;
  REQUIRE(sender.post(call).ok());
  call.timestamp_s = now - 3600;  // an hour old: a replay
  REQUIRE(sender.post(call).ok());
  const auto calls = sink.wait_for(2);
  REQUIRE(calls.size() == 2);
  CHECK(doc_check_accepts("whsec_5f2c1a", calls[0]));
  CHECK_FALSE(doc_check_accepts("whsec_5f2c1b", calls[0]));
  auto changed = calls[0];
  changed.body.replace(changed.body.find("French"), 6, "Briton");
  CHECK_FALSE(doc_check_accepts("whsec_5f2c1a", changed));
  CHECK_FALSE(doc_check_accepts("whsec_5f2c1a", calls[1]));
}
