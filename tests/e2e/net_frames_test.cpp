// Frames a client library will not send, over raw sockets (net_raw.h): ping floods count
// against the message rate; a header declaring more than --max-frame-bytes is refused from the
// header alone (1009), a 64-bit length with its top bit set is a protocol error (1002); the
// RFC 6455 breaches Beast refuses keep their close codes.
#include <thread>

#include <catch2/catch.hpp>

#include "game.h"
#include "net_raw.h"

namespace grognard::e2e {

namespace {

using SteadyClock = std::chrono::steady_clock;

// The Closing message's reason among `frames` (binary ServerMessages), if one came.
std::string closing_reason(const std::vector<raw::Frame>& frames) {
  for (const auto& f : frames) {
    v1::ServerMessage m;
    if (m.ParseFromString(f.payload) && m.has_closing()) return m.closing().reason();
  }
  return "";
}

raw::Socket greeted(const ServerProcess& server) {
  raw::Socket s(server.port());
  REQUIRE(s.upgrade_and_hello());
  return s;
}

}  // namespace

TEST_CASE("a ping flood is closed with 1008 rate limit exceeded, as any other flood",
          "[e2e][net][limits][abuse]") {
  ServerProcess server({"--rate", "20", "--burst", "20"});
  const std::uint8_t kind = GENERATE(raw::kPing, raw::kPong);
  raw::Socket flooder = greeted(server);
  std::string burst;
  for (int i = 0; i < 2000; ++i) burst += raw::frame(kind, "x");
  flooder.send(burst);  // may fail part-way once the server has closed
  const raw::Ending end = flooder.read_to_the_end(kWait);
  CHECK(end.code == 1008);
  CHECK(end.reason == "rate limit exceeded");
  CHECK(closing_reason(end.before) == "rate limit exceeded");
  CHECK(metric_now(server, "grognard_disconnects_total{reason=\"rate_limit\"}") == 1);
  // A ping a second is nowhere near the rate: still served.
  raw::Socket polite = greeted(server);
  for (int i = 0; i < 3; ++i) CHECK(polite.ping(kWait));
}

TEST_CASE("a flooder that goes on sending after its 1008 is cut off, not read until a timeout",
          "[e2e][net][limits][abuse]") {
  ServerProcess server({"--rate", "20", "--burst", "20"});
  raw::Socket flooder = greeted(server);
  std::string burst;
  for (int i = 0; i < 200; ++i) burst += raw::frame(raw::kPing, "x");
  REQUIRE(flooder.send(burst));
  // Its close frame, not answered: the flooder only goes on pinging.
  std::optional<raw::Frame> f;
  do {
    f = flooder.read_frame(kWait);
  } while (f && f->opcode != raw::kClose);
  REQUIRE(f.has_value());
  CHECK(f->payload.substr(2) == "rate limit exceeded");
  // A ping every 100 ms: past --burst frames after its close frame the server closes the
  // socket, where it read them (and dropped them) for the 5 s of the close handshake.
  int sent = 0;
  while (sent < 60 && flooder.send(raw::frame(raw::kPing, "more"), Millis(100))) {
    ++sent;
    flooder.receive_some(Millis(100));
    if (flooder.ended()) break;
  }
  INFO("pings sent after the close frame before the connection ended: " << sent);
  CHECK(flooder.ended());
  CHECK(sent <= 25);
  CHECK(metric_now(server, "grognard_disconnects_total{reason=\"rate_limit\"}") == 1);
  CHECK(greeted(server).ping(kWait));
}

TEST_CASE("a client's WebSocket pings keep its connection past --idle-timeout, as messages do",
          "[e2e][net][limits]") {
  ServerProcess server({"--idle-timeout", "1"});
  raw::Socket pinging = greeted(server);
  for (int i = 0; i < 12; ++i) {  // 2.4 s of pings, never 1 s apart
    REQUIRE(pinging.ping(kWait));
    std::this_thread::sleep_for(200ms);
  }
  CHECK(pinging.ping_message(7, kWait));
  // Silent from now on: closed as idle.
  const raw::Ending end = pinging.read_to_the_end(kWait);
  CHECK(end.code == 1001);
  CHECK(end.reason == "idle timeout");
}

TEST_CASE("a frame header declaring more than --max-frame-bytes is refused from the header",
          "[e2e][net][limits][abuse]") {
  ServerProcess server({"--max-frame-bytes", "4096"});
  struct Case {
    const char* what;
    std::string bytes;  // everything the client sends: a header, no payload after it
    int code;
  };
  const std::vector<Case> cases = {
      {"1 TiB declared", raw::header(raw::kBinary, std::uint64_t{1} << 40), 1009},
      {"one byte over", raw::header(raw::kText, 4097), 1009},
      {"fragments over in all",
       raw::frame(raw::kBinary, std::string(3000, 'a'), /*fin=*/false) + raw::header(0x0, 2000),
       1009},
      {"64-bit length with its top bit set",
       raw::header(raw::kBinary, (std::uint64_t{1} << 63) | 70000), 1002},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    raw::Socket s = greeted(server);
    const auto start = SteadyClock::now();
    REQUIRE(s.send(c.bytes));
    const raw::Ending end = s.read_to_the_end(kWait);
    const auto took = std::chrono::duration_cast<Millis>(SteadyClock::now() - start);
    UNSCOPED_INFO(c.what << ": close " << end.code << " \"" << end.reason << "\" after "
                         << took.count() << " ms, " << c.bytes.size() << " bytes sent");
    CHECK(end.code == c.code);
    CHECK(!end.reason.empty());
    CHECK(closing_reason(end.before) == end.reason);
    CHECK(took < 2s);  // from the header: no payload ever came
  }
  CHECK(metric_now(server, "grognard_disconnects_total{reason=\"too_big\"}") == 3);
  CHECK(metric_now(server, "grognard_disconnects_total{reason=\"protocol\"}") == 1);
  raw::Socket fine = greeted(server);
  CHECK(fine.is_open());
}

TEST_CASE("RFC 6455 breaches from raw sockets get their close codes", "[e2e][net][abuse]") {
  ServerProcess server;
  struct Case {
    const char* what;
    std::string bytes;
    int code;
  };
  const std::vector<Case> cases = {
      {"unmasked client frame", raw::frame(raw::kBinary, "abc", true, /*masked=*/false), 1002},
      {"reserved bit set", raw::frame(raw::kBinary, "abc", true, true, /*rsv=*/4), 1002},
      {"reserved opcode 3", raw::frame(0x3, "abc"), 1002},
      {"reserved control opcode 0xb", raw::frame(0xb, "abc"), 1002},
      {"fragmented ping", raw::frame(raw::kPing, "abc", /*fin=*/false), 1002},
      {"ping of 126 bytes", raw::frame(raw::kPing, std::string(126, 'p')), 1002},
      {"continuation with no message", raw::frame(0x0, "abc"), 1002},
      {"text that is not UTF-8", raw::frame(raw::kText, "{\"hello\": \"\xff\xfe\"}"), 1007},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    raw::Socket s = greeted(server);
    REQUIRE(s.send(c.bytes));
    const raw::Ending end = s.read_to_the_end(kWait);
    CHECK(end.code == c.code);
  }
  raw::Socket fine = greeted(server);
  CHECK(fine.is_open());
}

}  // namespace grognard::e2e
