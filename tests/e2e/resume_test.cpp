// Seats outlive connections and servers: a general reconnects with Resume and gets exactly what
// he missed; a server killed mid-game comes back from its database with every acknowledged
// event, and the generals play on.
#include <google/protobuf/util/message_differencer.h>

#include <catch2/catch.hpp>

#include "game.h"

namespace grognard::e2e {

namespace {

using google::protobuf::util::MessageDifferencer;

// Steps until `p` has given a command that was accepted, at most `limit` steps.
bool play_until_acted(Game& g, const Player& p, int limit) {
  const int before = p.sent;
  for (int i = 0; i < limit && !finished(g); ++i) {
    step(g);
    if (p.sent > before) return true;
  }
  return false;
}

// Reconnects `p` to `server` with its token; returns the Seated answer.
v1::Seated reconnect(Player& p, const ServerProcess& server) {
  p.client = connect(server);
  auto seated = p.client.resume(p.token, p.last_seq);
  if (!seated) FAIL(client::describe(seated.failure()));
  CHECK(seated->seat_id() == p.seat);
  CHECK(seated->role() == "general");
  CHECK(seated->token().empty());  // the token travels only in the answer to JoinRoom
  p.connected = true;
  return *seated;
}

}  // namespace

TEST_CASE("a general who reconnects with Resume gets exactly the events he missed",
          "[e2e][resume]") {
  ServerProcess server(kPlayFlags);
  Game g = start_game(server);
  Player& actor = to_act(g);
  Player& away = other(g, actor);
  const std::uint64_t left_at = away.last_seq;
  away.client.close();
  away.connected = false;

  // The initiative winner chooses to go first, then acts while the other is away.
  for (int i = 0; i < 4 && to_act(g).seat == actor.seat; ++i) step(g);
  REQUIRE(actor.last_seq > left_at);

  const v1::Seated seated = reconnect(away, server);
  CHECK(seated.game_id() == g.game_id);
  CHECK(seated.last_seq() == actor.last_seq);
  std::vector<v1::GameEvent> missed(seated.events().begin(), seated.events().end());
  std::vector<v1::GameEvent> expected;
  for (const auto& e : actor.events) {
    if (e.seq() > left_at) expected.push_back(e);
  }
  REQUIRE(!expected.empty());
  CHECK(seqs_and_hashes(missed) == seqs_and_hashes(expected));
  for (std::size_t i = 0; i < std::min(missed.size(), expected.size()); ++i) {
    CHECK(missed[i].rules().value() == expected[i].rules().value());
  }
  auto view = client::unpack<itchy::View>(seated.view());
  REQUIRE(view.has_value());
  REQUIRE(actor.view.has_value());
  CHECK(MessageDifferencer::Equals(*view, *actor.view));
  CHECK(seated.room().status() == "running");

  // And the game goes on with the general back in his seat.
  absorb(away, seated);
  CHECK(play_until_acted(g, away, 40));
  CHECK(seqs_and_hashes(away.events) == seqs_and_hashes(actor.events));
}

TEST_CASE("a second Resume on the same connection brings nothing twice", "[e2e][resume]") {
  ServerProcess server(kPlayFlags);
  Game g = start_game(server);
  Player& p = g.players[0];
  auto again = p.client.resume(p.token, p.last_seq);
  REQUIRE(again.ok());
  CHECK(again->events_size() == 0);
  CHECK(again->last_seq() == p.last_seq);
  absorb(p, *again);

  // Each event reaches the connection once: after the batch, nothing more is pushed.
  const v1::CommandResult r = step(g);
  for (Player& q : g.players) {
    INFO(q.seat << " after event " << r.last_seq());
    auto extra = q.client.next_push(kQuiet);
    if (extra.ok()) FAIL_CHECK("an extra push: " << client::summary(*extra));
  }
  CHECK(seqs_and_hashes(g.players[0].events) == seqs_and_hashes(g.players[1].events));
}

TEST_CASE("a server killed mid-game comes back with every acknowledged event",
          "[e2e][durability]") {
  ServerProcess server(kPlayFlags);
  Game g = start_game(server);
  for (int i = 0; i < 11; ++i) step(g);
  // The last acknowledged command, to send again after the crash.
  Player& last = to_act(g);
  auto legal = last.client.legal();
  REQUIRE(legal.ok());
  const itchy::Command last_command = choose(*legal, *last.view);
  const std::string last_id = next_command_id(last);
  auto last_result = last.client.itchy_command(last_command, last_id);
  REQUIRE(last_result.ok());
  sync_all(g, last_result->last_seq());
  Player& a = g.players[0];
  auto log_before = a.client.get_events(g.game_id);
  REQUIRE(log_before.ok());
  auto state_before = a.client.get_state(g.game_id);
  REQUIRE(state_before.ok());
  REQUIRE(log_before->last_seq() == a.last_seq);

  server.kill();
  server.restart();

  for (Player& p : g.players) {
    const v1::Seated seated = reconnect(p, server);
    CHECK(seated.last_seq() == p.last_seq);
    CHECK(seated.events_size() == 0);
    absorb(p, seated);
  }
  auto log_after = a.client.get_events(g.game_id);
  REQUIRE(log_after.ok());
  CHECK(log_after->last_seq() == log_before->last_seq());
  REQUIRE(log_after->events_size() == log_before->events_size());
  for (int i = 0; i < log_before->events_size(); ++i) {
    INFO("event " << log_before->events(i).seq());
    CHECK(MessageDifferencer::Equals(log_after->events(i), log_before->events(i)));
  }
  auto state_after = a.client.get_state(g.game_id);
  REQUIRE(state_after.ok());
  CHECK(state_after->seq() == state_before->seq());
  CHECK(state_after->state_hash() == state_before->state_hash());
  CHECK(MessageDifferencer::Equals(state_after->view(), state_before->view()));

  // The command re-sent after the crash is known: answered, not applied again.
  auto again = last.client.itchy_command(last_command, last_id);
  if (!again) FAIL(client::describe(again.failure()));
  CHECK(again->duplicate());
  CHECK(again->first_seq() == last_result->first_seq());
  CHECK(again->last_seq() == last_result->last_seq());

  // Both generals play on; the log continues where it stopped.
  const std::uint64_t resumed_at = a.last_seq;
  for (int i = 0; i < 6 && !finished(g); ++i) {
    const v1::CommandResult r = step(g);
    if (i == 0) CHECK(r.first_seq() == resumed_at + 1);
  }
  CHECK(a.last_seq > resumed_at);
  CHECK(seqs_and_hashes(g.players[0].events) == seqs_and_hashes(g.players[1].events));
}

}  // namespace grognard::e2e
