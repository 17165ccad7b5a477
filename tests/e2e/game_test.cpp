// Whole games over real connections: two generals play Itchy & Scratchy "intro" to its end;
// an observer watches; a re-sent command is not applied twice; the dice seed stays secret
// until the end.
#include <catch2/catch.hpp>

#include "game.h"

namespace grognard::e2e {

namespace {

constexpr int kMaxSteps = 600;

void play_to_the_end(Game& g) {
  int steps = 0;
  while (!finished(g) && steps < kMaxSteps) {
    step(g);
    ++steps;
  }
  INFO("steps played: " << steps);
  REQUIRE(finished(g));
}

// The seed the final system note reveals, after checking it against the hash published at the
// start.
std::string revealed_seed(const Player& p) {
  const auto notes = system_notes(p.events);
  REQUIRE(notes.size() >= 2);
  const std::string published = notes.front().seed_sha256();
  REQUIRE(published.size() == 64);
  REQUIRE(notes.front().seed().empty());
  const v1::SystemNote& last = notes.back();
  REQUIRE(!last.seed().empty());
  REQUIRE(!last.result().empty());
  CHECK(last.seed_sha256() == published);
  const std::string raw = from_hex(last.seed());
  REQUIRE(raw.size() == 32);
  CHECK(sha256_hex(raw) == published);
  return last.seed();
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

}  // namespace

TEST_CASE("two generals play intro to its end", "[e2e][game]") {
  ServerProcess server(kPlayFlags);
  Game g = start_game(server);
  play_to_the_end(g);

  Player& a = g.players[0];
  Player& b = g.players[1];
  REQUIRE(a.last_seq == b.last_seq);
  CHECK(seqs_and_hashes(a.events) == seqs_and_hashes(b.events));
  for (std::size_t i = 0; i < a.events.size(); ++i) {
    CHECK(a.events[i].seq() == i + 1);  // nothing hidden from either general
    CHECK(a.events[i].chain() == b.events[i].chain());
  }
  bool ended = false;
  for (const auto& e : a.events) {
    if (auto ev = client::unpack<itchy::Event>(e.rules())) ended = ended || ev->has_game_ended();
  }
  CHECK(ended);
  REQUIRE(a.view.has_value());
  CHECK(a.view->over());
  CHECK(a.status == "finished");
  const std::string seed = revealed_seed(a);
  CHECK(revealed_seed(b) == seed);

  // The archive agrees: the game is listed as finished with its seed, and its log and state are
  // those the players saw.
  v1::ListGames filter;
  filter.set_status("finished");
  auto games = a.client.list_games(filter);
  REQUIRE(games.ok());
  const v1::GameSummary* summary = nullptr;
  for (const auto& s : games->games()) {
    if (s.game_id() == g.game_id) summary = &s;
  }
  REQUIRE(summary != nullptr);
  CHECK(summary->seed() == seed);
  CHECK(summary->last_seq() == a.last_seq);
  auto log = a.client.get_events(g.game_id);
  REQUIRE(log.ok());
  CHECK(log->last_seq() == a.last_seq);
  CHECK(seqs_and_hashes({log->events().begin(), log->events().end()}) == seqs_and_hashes(a.events));
  auto state = a.client.get_state(g.game_id);
  REQUIRE(state.ok());
  CHECK(state->seq() == a.last_seq);
  CHECK(state->state_hash() == a.events.back().state_hash());

  // Over means over: no more commands.
  itchy::Command end;
  end.mutable_end_side_turn();
  auto late = a.client.itchy_command(end, next_command_id(a));
  REQUIRE_FALSE(late.ok());
  CHECK(late.code() == v1::FAILED_PRECONDITION);
}

TEST_CASE("no frame to a general carries the seed before the game ends", "[e2e][game][seed]") {
  ServerProcess server(kPlayFlags);
  GameOptions options;
  options.formats[1] = Format::kJson;  // one general in each format
  options.record_frames = true;
  Game g = start_game(server, options);
  play_to_the_end(g);
  const std::string seed_hex = revealed_seed(g.players[0]);
  const std::string raw = from_hex(seed_hex);

  for (const Player& p : g.players) {
    const auto& frames = p.client.recorded_frames();
    // The frame that reveals the seed is the batch with the final system note; look before it.
    std::size_t reveal = frames.size();
    for (std::size_t i = 0; i < frames.size(); ++i) {
      auto m = client::decode(frames[i].bytes, frames[i].binary);
      REQUIRE(m.ok());
      bool reveals = false;
      for (const auto& e : m->events().events()) reveals = reveals || !e.system().seed().empty();
      if (reveals) {
        reveal = i;
        break;
      }
    }
    INFO(p.seat << ": " << frames.size() << " frames, the seed revealed in frame " << reveal);
    REQUIRE(reveal < frames.size());
    REQUIRE(reveal > 10);
    for (std::size_t i = 0; i < reveal; ++i) {
      INFO("frame " << i);
      CHECK_FALSE(contains(frames[i].bytes, seed_hex));
      CHECK_FALSE(contains(frames[i].bytes, to_upper(seed_hex)));
      CHECK_FALSE(contains(frames[i].bytes, raw));
    }
    CHECK(contains(frames[reveal].bytes, seed_hex));
    for (const auto& f : frames) CHECK(f.binary == (p.client.format() == Format::kBinary));
  }
}

TEST_CASE("an observer sees the generals' events and may not command", "[e2e][observer]") {
  ServerProcess server(kPlayFlags);
  std::optional<Player> observer;
  GameOptions options;
  options.observers_allowed = true;
  options.after_create = [&](const std::string& invite) {
    observer.emplace(Player{connect(server)});
    auto seated = observer->client.join(invite, "observer", "", "Spectator");
    if (!seated) FAIL(client::describe(seated.failure()));
    CHECK(seated->role() == "observer");
    CHECK(seated->token().size() > 16);
    observer->seat = seated->seat_id();
    absorb(*observer, *seated);
  };
  Game g = start_game(server, options);
  REQUIRE(observer.has_value());
  for (int i = 0; i < 12 && !finished(g); ++i) step(g);
  const Player& general = g.players[0];
  sync(*observer, general.last_seq);

  REQUIRE(observer->events.size() == general.events.size());
  for (std::size_t i = 0; i < general.events.size(); ++i) {
    const auto& seen = observer->events[i];
    const auto& want = general.events[i];
    CHECK(seen.seq() == want.seq());
    CHECK(seen.state_hash() == want.state_hash());
    CHECK(seen.has_rules() == want.has_rules());
    if (want.has_rules()) CHECK(seen.rules().value() == want.rules().value());
  }
  REQUIRE(observer->view.has_value());
  CHECK(observer->view->turn() == general.view->turn());

  // An observer's command is refused, even when it is the command the side to act may give.
  Player& acting = to_act(g);
  auto legal = acting.client.legal();
  REQUIRE(legal.ok());
  REQUIRE(legal->commands_size() > 0);
  auto r = observer->client.command(legal->commands(0), "observer-1");
  REQUIRE_FALSE(r.ok());
  CHECK(r.code() == v1::PERMISSION_DENIED);
  auto events = observer->client.get_events(g.game_id);
  REQUIRE(events.ok());
  CHECK(events->last_seq() == general.last_seq);
}

TEST_CASE("a re-sent command is answered as a duplicate and not applied twice", "[e2e][commands]") {
  ServerProcess server(kPlayFlags);
  Game g = start_game(server);
  step(g);  // the initiative winner chooses the order
  Player& p = to_act(g);
  auto legal = p.client.legal();
  REQUIRE(legal.ok());
  const itchy::Command command = choose(*legal, *p.view);
  const std::string id = next_command_id(p);
  auto first = p.client.itchy_command(command, id);
  REQUIRE(first.ok());
  CHECK_FALSE(first->duplicate());
  sync_all(g, first->last_seq());
  const std::size_t seen = p.events.size();

  auto again = p.client.itchy_command(command, id);
  REQUIRE(again.ok());
  CHECK(again->duplicate());
  CHECK(again->command_id() == id);
  CHECK(again->first_seq() == first->first_seq());
  CHECK(again->last_seq() == first->last_seq());

  // Nothing new was stored or pushed.
  auto log = p.client.get_events(g.game_id);
  REQUIRE(log.ok());
  CHECK(log->last_seq() == first->last_seq());
  CHECK(static_cast<std::size_t>(log->events_size()) == seen);
  for (Player& q : g.players) {
    auto push = q.client.next_push(kQuiet);
    CHECK_FALSE(push.ok());
    if (!push.ok()) CHECK(push.failure().kind == client::FailureKind::kTimeout);
  }
  // The same id from the other seat is that seat's own command, judged on its own.
  Player& o = other(g, p);
  auto theirs = o.client.itchy_command(command, id);
  REQUIRE_FALSE(theirs.ok());
  CHECK(theirs.code() == v1::NOT_YOUR_TURN);
}

}  // namespace grognard::e2e
