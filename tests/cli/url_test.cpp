// Server addresses (client::parse_url, --server and $GROGNARD_SERVER): ws:// and wss://, the
// http:// and https:// forms of the admin calls, the ports and hosts refused with what is wrong,
// and a certificate that fails verification in words, never retried. No server needed; the
// TLS connections themselves are checked through nginx by ops.proxy-check
// (scripts/proxy-check.sh).
#include <catch2/catch.hpp>

#include "client/url.h"
#include "commands/errors.h"
#include "commands/server_address.h"

namespace grognard::cli {

namespace {

// The message of a refused URL ("" when it parses).
std::string refusal(const std::string& url) {
  const auto parsed = client::parse_url(url);
  return parsed ? "" : parsed.failure().message;
}

}  // namespace

TEST_CASE("parse_url: ws:// and http:// are plain, wss:// and https:// are TLS", "[cli][url]") {
  auto ws = client::parse_url("ws://127.0.0.1:8080/");
  REQUIRE(ws);
  CHECK(ws->host == "127.0.0.1");
  CHECK(ws->port == 8080);
  CHECK(ws->target == "/");
  CHECK_FALSE(ws->tls);

  auto wss = client::parse_url("wss://grognard.example.org/rooms");
  REQUIRE(wss);
  CHECK(wss->host == "grognard.example.org");
  CHECK(wss->port == 443);
  CHECK(wss->target == "/rooms");
  CHECK(wss->tls);

  auto https = client::parse_url("https://grognard.example.org:8443");
  REQUIRE(https);
  CHECK(https->port == 8443);
  CHECK(https->target == "/");
  CHECK(https->tls);

  auto http = client::parse_url("http://localhost/x?y=1");
  REQUIRE(http);
  CHECK(http->port == 80);
  CHECK(http->target == "/x?y=1");
  CHECK_FALSE(http->tls);

  auto v6 = client::parse_url("wss://[::1]:9443/");
  REQUIRE(v6);
  CHECK(v6->host == "::1");
  CHECK(v6->port == 9443);
  auto v6_default = client::parse_url("ws://[2001:db8::1]/");
  REQUIRE(v6_default);
  CHECK(v6_default->host == "2001:db8::1");
  CHECK(v6_default->port == 80);
}

TEST_CASE("parse_url: bad ports, a missing host and unknown schemes are named", "[cli][url]") {
  CHECK(refusal("ws://host:0/") == "bad port \"0\" (1 to 65535) in URL: ws://host:0/");
  CHECK(refusal("wss://host:65536/") ==
        "bad port \"65536\" (1 to 65535) in URL: wss://host:65536/");
  CHECK(refusal("ws://host:80x/") == "bad port \"80x\" (1 to 65535) in URL: ws://host:80x/");
  CHECK(refusal("ws://host:/") == "bad port \"\" (1 to 65535) in URL: ws://host:/");
  CHECK(refusal("wss:///rooms") == "no host in URL: wss:///rooms");
  CHECK(refusal("ws://:8080/") == "no host in URL: ws://:8080/");
  CHECK(refusal("ws://[::1/") == "no ']' after the IPv6 address in URL: ws://[::1/");
  CHECK(refusal("ftp://host/") ==
        "unknown scheme \"ftp\" (ws://, wss://, http:// or https://) in URL: ftp://host/");
  CHECK(refusal("host:8080") == "no scheme (ws:// or wss://) in URL: host:8080");
}

TEST_CASE("the server address keeps wss:// and https://, a bare HOST:PORT is ws://", "[cli][url]") {
  CHECK(normalize_url("127.0.0.1:8080") == "ws://127.0.0.1:8080/");
  CHECK(normalize_url("ws://127.0.0.1:8080") == "ws://127.0.0.1:8080/");
  CHECK(normalize_url("wss://grognard.example.org/rooms") == "wss://grognard.example.org/rooms");
  CHECK(normalize_url("wss://grognard.example.org") == "wss://grognard.example.org/");
  CHECK(normalize_url("https://grognard.example.org") == "https://grognard.example.org/");
  // An unknown scheme is kept for parse_url to name, not read as a host.
  CHECK(normalize_url("ftp://host") == "ftp://host/");
  CHECK(refusal(normalize_url("ftp://host")).rfind("unknown scheme \"ftp\"", 0) == 0);
}

TEST_CASE("a certificate that fails verification is said so and not retried", "[cli][url]") {
  const auto tls = [](std::string message) {
    return client::failure(client::FailureKind::kTls, std::move(message));
  };
  const auto self_signed = tls("certificate verify failed: self-signed certificate");
  CHECK_FALSE(connection_lost(self_signed));
  CHECK(readable(self_signed) ==
        "Cannot connect securely: certificate verify failed: self-signed certificate (use "
        "--ca-file for a private CA).");
  // A private CA does not mend a certificate for another host.
  const auto other_host =
      tls("certificate verify failed: hostname mismatch (the certificate is not for 127.0.0.1)");
  CHECK_FALSE(connection_lost(other_host));
  CHECK(readable(other_host) ==
        "Cannot connect securely: certificate verify failed: hostname mismatch (the certificate "
        "is not for 127.0.0.1).");
}

}  // namespace grognard::cli
