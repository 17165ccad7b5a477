// Bad input and abuse: malformed frames get an error and the connection stays usable; frames
// over the size limit, floods, clients that stop reading and idle clients are closed with a
// reason.
#include <thread>

#include <catch2/catch.hpp>

#include "game.h"

namespace grognard::e2e {

namespace {

using client::FailureKind;
using SteadyClock = std::chrono::steady_clock;

// The next message must be an Error with `code` (and request id `request_id`).
void expect_error(Client& c, v1::Code code, std::uint64_t request_id = 0) {
  auto m = c.next_message(kWait);
  if (!m) FAIL(client::describe(m.failure()));
  INFO(client::summary(*m));
  REQUIRE(m->has_error());
  CHECK(m->error().code() == code);
  CHECK(m->request_id() == request_id);
  CHECK(!m->error().message().empty());
}

struct Ending {
  std::vector<v1::ServerMessage> messages;  // read before the end
  client::Failure end;
};

// Reads until the connection ends (or `timeout`); REQUIREs that it ended.
Ending read_to_the_end(Client& c, Millis timeout = kWait) {
  Ending out;
  const auto deadline = SteadyClock::now() + timeout;
  for (;;) {
    const auto left = std::chrono::duration_cast<Millis>(deadline - SteadyClock::now());
    auto m = c.next_message(std::max(left, Millis(0)));
    if (!m) {
      out.end = m.failure();
      break;
    }
    out.messages.push_back(std::move(*m));
  }
  INFO(client::describe(out.end));
  REQUIRE(out.end.kind != FailureKind::kTimeout);
  return out;
}

// The reason of the Closing message among `messages`, if one came.
std::optional<std::string> closing_reason(const std::vector<v1::ServerMessage>& messages) {
  for (const auto& m : messages) {
    if (m.has_closing()) return m.closing().reason();
  }
  return std::nullopt;
}

v1::ClientMessage ping(std::uint64_t id) {
  v1::ClientMessage m;
  m.set_request_id(id);
  m.mutable_ping();
  return m;
}

}  // namespace

TEST_CASE("malformed and premature messages get an error and the connection stays usable",
          "[e2e][abuse]") {
  ServerProcess server;
  auto connected = Client::connect(server.url(), Format::kBinary, kWait);
  REQUIRE(connected.ok());
  Client& c = *connected;

  // Before Hello: an error naming the request, and Hello still works.
  REQUIRE(c.send(ping(41)).ok());
  expect_error(c, v1::FAILED_PRECONDITION, 41);
  v1::ClientMessage rooms;
  rooms.set_request_id(42);
  rooms.mutable_list_rooms();
  REQUIRE(c.send(rooms).ok());
  expect_error(c, v1::FAILED_PRECONDITION, 42);
  REQUIRE(c.hello().ok());
  REQUIRE(c.ping().ok());

  SECTION("bytes that are not a protobuf ClientMessage") {
    REQUIRE(c.send_raw(std::string("\x12\x05"
                                   "ab",
                                   4),
                       true)
                .ok());
    expect_error(c, v1::INVALID_ARGUMENT);
    REQUIRE(c.send_raw(std::string(64, '\xff'), true).ok());
    expect_error(c, v1::INVALID_ARGUMENT);
  }
  SECTION("text that is not JSON, or not a ClientMessage") {
    REQUIRE(c.send_raw("{\"ping\": ", false).ok());
    expect_error(c, v1::INVALID_ARGUMENT);
    REQUIRE(c.send_raw("[1, 2, 3]", false).ok());
    expect_error(c, v1::INVALID_ARGUMENT);
    REQUIRE(c.send_raw(R"({"requestId": "5", "noSuchField": {}})", false).ok());
    expect_error(c, v1::INVALID_ARGUMENT, 5);  // the id is readable: the answer carries it
  }
  SECTION("an empty ClientMessage, in either format") {
    REQUIRE(c.send_raw("", true).ok());
    expect_error(c, v1::INVALID_ARGUMENT);
    REQUIRE(c.send_raw("{}", false).ok());
    expect_error(c, v1::INVALID_ARGUMENT);
    v1::ClientMessage id_only;
    id_only.set_request_id(9);
    REQUIRE(c.send_raw(id_only.SerializeAsString(), true).ok());
    auto m = c.next_message(kWait);
    REQUIRE(m.ok());
    REQUIRE(m->has_error());
    CHECK(m->error().code() == v1::INVALID_ARGUMENT);
    CHECK(m->request_id() == 9);
  }
  SECTION("a second Hello with an unknown protocol version") {
    v1::ClientMessage hello;
    hello.mutable_hello()->set_protocol_version(99);
    auto answer = c.request(hello);
    REQUIRE(answer.ok());
    REQUIRE(answer->has_error());
    CHECK(answer->error().code() == v1::FAILED_PRECONDITION);
  }

  // Whatever came before, the connection still answers.
  CHECK(c.ping().ok());
  CHECK(c.is_open());
  CHECK(c.pending() == 0);
}

TEST_CASE("a frame over --max-frame-bytes closes the connection with a reason",
          "[e2e][abuse][limits]") {
  ServerProcess server({"--max-frame-bytes", "1024"});
  Client c = connect(server);

  // Up to the limit is fine (an unseated chat is refused, not dropped).
  v1::ClientMessage chat;
  chat.set_request_id(7);
  chat.mutable_chat()->set_text(std::string(1000, 'a'));
  REQUIRE(chat.ByteSizeLong() <= 1024);
  REQUIRE(c.send(chat).ok());
  expect_error(c, v1::UNAUTHENTICATED, 7);

  REQUIRE(c.send_raw(std::string(4096, 'x'), true).ok());
  const Ending end = read_to_the_end(c);
  REQUIRE(end.end.kind == FailureKind::kClosed);
  REQUIRE(c.close_info().has_value());
  CHECK(c.close_info()->code == 1009);  // message too big
  CHECK(!c.close_info()->reason.empty());
  CHECK(closing_reason(end.messages) == c.close_info()->reason);

  Client other = connect(server);
  CHECK(other.ping().ok());
}

TEST_CASE("a text frame that is not UTF-8 closes the connection, and the log says why",
          "[e2e][abuse]") {
  ServerProcess server;
  Client c = connect(server);
  REQUIRE(c.send_raw("{\"hello\": \"\xff\xfe\"}", false).ok());
  const Ending end = read_to_the_end(c);
  REQUIRE(end.end.kind == FailureKind::kClosed);
  REQUIRE(c.close_info().has_value());
  CHECK(c.close_info()->code == 1007);  // RFC 6455: inconsistent data
  Client other = connect(server);
  CHECK(other.ping().ok());
  // The operator reads the cause, not a plain "connection closed".
  for (int i = 0; i < 50 && server.log().find("not valid UTF-8") == std::string::npos; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  CHECK(server.log().find("disconnected (closed by the server: a text frame that is not valid "
                          "UTF-8)") != std::string::npos);
}

TEST_CASE("a client over the message rate is closed with a reason naming the rate",
          "[e2e][abuse][limits]") {
  ServerProcess server({"--rate", "5", "--burst", "5"});
  Client c = connect(server);  // Hello takes one of the five
  int sent = 0;
  for (std::uint64_t id = 100; id < 120; ++id) {
    if (!c.send(ping(id)).ok()) break;
    ++sent;
  }
  const Ending end = read_to_the_end(c);
  int pongs = 0;
  for (const auto& m : end.messages) pongs += m.has_pong() ? 1 : 0;
  INFO("sent " << sent << ", pongs " << pongs << ", end: " << client::describe(end.end));
  CHECK(pongs >= 3);
  CHECK(pongs < sent);
  REQUIRE(c.close_info().has_value());
  CHECK(c.close_info()->reason.find("rate") != std::string::npos);
  const auto closing = closing_reason(end.messages);
  REQUIRE(closing.has_value());
  CHECK(closing->find("rate") != std::string::npos);

  // A polite client on the same server is unaffected.
  Client polite = connect(server);
  CHECK(polite.ping().ok());
}

TEST_CASE("an idle connection is closed with \"idle timeout\"", "[e2e][abuse][limits]") {
  ServerProcess server({"--idle-timeout", "1"});
  const auto start = SteadyClock::now();
  Client idle = connect(server);
  Client busy = connect(server);
  for (int i = 0; i < 6; ++i) {  // 1.8 s of pings, never 1 s apart
    auto quiet = busy.next_message(Millis(300));
    CHECK_FALSE(quiet.ok());
    REQUIRE(busy.ping().ok());
  }
  const Ending end = read_to_the_end(idle, Millis(5000));
  const auto elapsed = SteadyClock::now() - start;
  CHECK(elapsed >= std::chrono::milliseconds(900));
  CHECK(closing_reason(end.messages) == std::optional<std::string>("idle timeout"));
  REQUIRE(idle.close_info().has_value());
  CHECK(idle.close_info()->reason == "idle timeout");
  CHECK(busy.ping().ok());
}

TEST_CASE("a client that stops reading is dropped and the others are still served",
          "[e2e][abuse][limits]") {
  // No rate limit and a send queue of 64 answers. The client sends its requests in small
  // groups with a pause between them, so that the server's writes keep up as long as the
  // kernel's socket buffers take them: only once those are full does the queue fill.
  ServerProcess server({"--rate", "0", "--queue-messages", "64", "--queue-bytes", "1048576"});
  Client watcher = connect(server);
  auto room = watcher.create_room("itchy", "colonial_battle", /*observers_allowed=*/true);
  REQUIRE(room.ok());
  auto state = watcher.get_state(room->game_id());
  REQUIRE(state.ok());

  Client flooder = connect(server);
  v1::ClientMessage get;
  get.set_request_id(1);
  get.mutable_get_state()->set_game_id(room->game_id());
  const std::string frame = client::encode(get, Format::kBinary);
  constexpr int kGroup = 8;

  // While it reads, the same pattern is served without end.
  for (int round = 0; round < 40; ++round) {
    for (int i = 0; i < kGroup; ++i) REQUIRE(flooder.send_raw(frame, true).ok());
    for (int i = 0; i < kGroup; ++i) {
      auto m = flooder.next_message(kWait);
      REQUIRE(m.ok());
      REQUIRE(m->has_state());
    }
  }

  // Now it stops reading.
  const std::string dropped_metric = "grognard_disconnects_total{reason=\"queue_full\"}";
  int sent = 0;
  bool write_failed = false;
  double dropped = 0;
  const auto deadline = SteadyClock::now() + std::chrono::seconds(40);
  while (SteadyClock::now() < deadline && dropped < 1 && !write_failed) {
    for (int i = 0; i < kGroup && !write_failed; ++i) {
      write_failed = !flooder.send_raw(frame, true).ok();
      sent += write_failed ? 0 : 1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (sent % (50 * kGroup) != 0) continue;
    dropped = metric_now(server, dropped_metric);
  }
  INFO("requests sent unread: " << sent << " (each answer " << state->ByteSizeLong()
                                << " bytes); write failed: " << write_failed);
  REQUIRE((dropped >= 1 || write_failed));

  // The others are served while and after the reader is dropped.
  REQUIRE(watcher.ping().ok());
  REQUIRE(watcher.get_state(room->game_id()).ok());

  // What reached the flooder is less than it asked for but more than the queue holds (the
  // socket buffers filled first); then the connection ends: with the close reason when the
  // close frame gets through, or a reset once the server has given up on the handshake.
  const Ending end = read_to_the_end(flooder, std::chrono::seconds(20));
  std::size_t answers = 0;
  for (const auto& m : end.messages) answers += m.has_state() ? 1 : 0;
  INFO("answers read after it stopped reading: " << answers
                                                 << "; end: " << client::describe(end.end));
  CHECK(answers < static_cast<std::size_t>(sent));
  CHECK(answers > 64);
  if (flooder.close_info()) CHECK(flooder.close_info()->reason == "send queue full");
  CHECK(metric_now(server, dropped_metric) == 1);
  CHECK(watcher.ping().ok());
}

}  // namespace grognard::e2e
