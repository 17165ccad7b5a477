// Taking back a command on the real server (docs/protocol.md, "Taking back"): a diceless Itchy
// move is taken back at once and may be given again; a command that threw dice needs the
// opponent's consent (accepted, refused); the state taken back survives a restart and reads the
// same in the game's own archive and, once the game has ended, in the stored archive; in Sharpe's
// Mess a card drawn is a reveal, the referee is asked, and a command by anyone cancels the offer.
#include <google/protobuf/util/message_differencer.h>

#include <catch2/catch.hpp>

#include "client/codec.h"
#include "client/websocket.h"
#include "game.h"
#include "grognard/v1/sharpe.pb.h"

namespace grognard::e2e {

namespace {

using google::protobuf::util::MessageDifferencer;
namespace sharpe = ::grognard::v1::sharpe;

// Gives `command` as `p` and lets every connected player read its events.
v1::CommandResult give(Game& g, Player& p, const itchy::Command& command) {
  auto r = p.client.itchy_command(command, next_command_id(p));
  INFO(p.seat << " sent " << command.ShortDebugString());
  if (!r) FAIL(client::describe(r.failure()));
  sync_all(g, r->last_seq());
  return *r;
}

// The first move of a unit that crosses at least one edge, from the acting seat's legal list.
itchy::Command a_move(Player& p) {
  auto legal = p.client.legal();
  REQUIRE(legal.ok());
  for (const auto& any : legal->commands()) {
    auto c = client::unpack<itchy::Command>(any);
    REQUIRE(c.has_value());
    if (c->has_move() && !c->move().steps().empty()) return *c;
  }
  FAIL("no move is legal");
  return {};
}

// Reads `p`'s pushes until a TakeBackOffer (or a pushed TakeBackResult) arrives; events read
// meanwhile are taken in.
v1::ServerMessage next_take_back_push(Player& p) {
  for (;;) {
    auto push = p.client.next_push(kWait);
    if (!push) FAIL(client::describe(push.failure()));
    if (push->has_take_back_offer() || push->has_take_back()) return *push;
    absorb(p, *push);
  }
}

// The initiative winner goes first; returns the result of that choice.
v1::CommandResult choose_order(Game& g) {
  itchy::Command c;
  c.mutable_choose_order()->set_go_first(true);
  return give(g, to_act(g), c);
}

itchy::Command end_side_turn() {
  itchy::Command c;
  c.mutable_end_side_turn();
  return c;
}

// The numbers of the dice thrown in `e` (an Itchy event).
std::vector<std::uint64_t> throws_of(const v1::GameEvent& e) {
  std::vector<std::uint64_t> out;
  auto ev = client::unpack<itchy::Event>(e.rules());
  if (ev && ev->has_initiative_thrown()) {
    for (const auto& t : ev->initiative_thrown().throws()) {
      out.push_back(t.side0().n());
      out.push_back(t.side1().n());
    }
  }
  return out;
}

void check_taken_back(const Player& p, const v1::CommandResult& r, const std::string& by,
                      const std::string& agreed_by, const std::string& hash_before) {
  INFO(p.seat);
  REQUIRE(!p.events.empty());
  const v1::GameEvent& e = p.events.back();
  REQUIRE(e.has_taken_back());
  CHECK(e.seq() == r.last_seq() + 1);
  CHECK(e.taken_back().first_seq() == r.first_seq());
  CHECK(e.taken_back().last_seq() == r.last_seq());
  CHECK(e.taken_back().by_seat() == by);
  CHECK(e.taken_back().agreed_by() == agreed_by);
  CHECK(e.state_hash() == hash_before);
  CHECK(!e.chain().empty());
}

}  // namespace

TEST_CASE("a diceless move is taken back at once, and survives a restart", "[e2e][take-back]") {
  ServerProcess server(kPlayFlags);
  Game g = start_game(server);
  // Nothing to take back before any command: the game's first events are the server's.
  {
    auto r = to_act(g).client.take_back();
    REQUIRE_FALSE(r.ok());
    CHECK(r.failure().code == v1::FAILED_PRECONDITION);
    CHECK(r.failure().message.find("nothing to take back") != std::string::npos);
  }
  const std::string seated_hash = to_act(g).events.back().state_hash();
  choose_order(g);
  Player& a = to_act(g);
  Player& b = other(g, a);
  const std::string hash_before = a.events.back().state_hash();
  const itchy::View view_before = *a.view;
  const itchy::Command move = a_move(a);
  const v1::CommandResult moved = give(g, a, move);
  const std::string hash_moved = a.events.back().state_hash();
  REQUIRE(hash_moved != hash_before);

  // The other seat may not take back what it did not give.
  auto not_yours = b.client.take_back();
  REQUIRE_FALSE(not_yours.ok());
  CHECK(not_yours.failure().code == v1::FAILED_PRECONDITION);
  CHECK(not_yours.failure().message.find("not yours") != std::string::npos);

  auto done = a.client.take_back();
  if (!done) FAIL(client::describe(done.failure()));
  CHECK(done->done());
  CHECK(done->asked().empty());
  sync_all(g, moved.last_seq() + 1);
  for (const Player& p : g.players) check_taken_back(p, moved, a.seat, "", hash_before);
  REQUIRE(b.view.has_value());
  CHECK(MessageDifferencer::Equals(*b.view, view_before));
  const std::uint64_t taken_at = moved.last_seq() + 1;

  // The command sent again under its id (a retry after a reconnect) is not answered as done.
  auto retried = a.client.itchy_command(move, moved.command_id());
  REQUIRE_FALSE(retried.ok());
  CHECK(retried.failure().code == v1::FAILED_PRECONDITION);
  CHECK(retried.failure().message == "command_id \"" + moved.command_id() +
                                         "\" was taken back at event " + std::to_string(taken_at) +
                                         "; to give it again, send it with a new command_id");

  // The game's own archive: as it was inside the range, restored at the TakenBack.
  auto inside = a.client.get_state(g.game_id, moved.last_seq());
  REQUIRE(inside.ok());
  CHECK(inside->state_hash() == hash_moved);
  auto at = a.client.get_state(g.game_id, taken_at);
  REQUIRE(at.ok());
  CHECK(at->state_hash() == hash_before);
  auto listed = b.client.get_events(g.game_id, taken_at, taken_at);
  REQUIRE(listed.ok());
  REQUIRE(listed->events_size() == 1);
  CHECK(listed->events(0).taken_back().first_seq() == moved.first_seq());

  // The server is killed and comes back from its database with the state taken back.
  server.kill();
  server.restart();
  for (Player& p : g.players) {
    p.client = connect(server);
    auto seated = p.client.resume(p.token, p.last_seq);
    if (!seated) FAIL(client::describe(seated.failure()));
    CHECK(seated->last_seq() == taken_at);
    auto view = client::unpack<itchy::View>(seated->view());
    REQUIRE(view.has_value());
    CHECK(MessageDifferencer::Equals(*view, view_before));
    absorb(p, *seated);
  }
  auto after_restart = a.client.get_state(g.game_id, taken_at);
  REQUIRE(after_restart.ok());
  CHECK(after_restart->state_hash() == hash_before);

  // The same move may be given again (a new command id): it ends where it ended before.
  const v1::CommandResult again = give(g, a, move);
  CHECK(again.first_seq() == taken_at + 1);
  CHECK(a.events.back().state_hash() == hash_moved);
  auto later = a.client.get_state(g.game_id, again.last_seq());
  REQUIRE(later.ok());
  CHECK(later->state_hash() == hash_moved);

  // Taken back in turn: the move again, then the order chosen before it; then nothing is left.
  // The game as it began survives another restart.
  REQUIRE(a.client.take_back().ok());
  auto order = a.client.take_back();
  if (!order) FAIL(client::describe(order.failure()));
  CHECK(order->done());
  sync_all(g, again.last_seq() + 2);
  CHECK(a.events.back().taken_back().last_seq() < moved.first_seq());
  CHECK(a.events.back().state_hash() == seated_hash);
  CHECK(a.client.take_back().failure().message.find("nothing to take back") != std::string::npos);
  server.kill();
  server.restart();
  a.client = connect(server);
  auto back = a.client.resume(a.token, a.last_seq);
  if (!back) FAIL(client::describe(back.failure()));
  CHECK(back->last_seq() == again.last_seq() + 2);
  auto begun = a.client.get_state(g.game_id);
  REQUIRE(begun.ok());
  CHECK(begun->state_hash() == seated_hash);
}

TEST_CASE("the archive of an ended game replays a take-back", "[e2e][take-back][archive]") {
  const std::string token = "take-back-admin-token";
  std::vector<std::string> flags = kPlayFlags;
  flags.insert(flags.end(), {"--admin-token", token});
  ServerProcess server(flags);
  Game g = start_game(server);
  choose_order(g);
  Player& a = to_act(g);
  const std::string hash_before = a.events.back().state_hash();
  const v1::CommandResult moved = give(g, a, a_move(a));
  const std::string hash_moved = a.events.back().state_hash();
  REQUIRE(a.client.take_back().ok());
  sync_all(g, moved.last_seq() + 1);
  const std::uint64_t taken_at = moved.last_seq() + 1;

  // The operator closes the game; after a restart only the archive holds it.
  client::HttpRequestSpec close;
  close.method = "POST";
  close.target = "/admin/rooms/" + g.invite_code + "/close";
  close.body = R"({"reason": "the test is over"})";
  close.authorization = "Bearer " + token;
  auto closed = client::http_request("127.0.0.1", server.port(), close, kWait);
  REQUIRE(closed.ok());
  REQUIRE(closed->status == 200);
  REQUIRE(server.stop() == 0);
  server.restart();
  Client archive = connect(server);
  auto events = archive.get_events(g.game_id);
  REQUIRE(events.ok());
  REQUIRE(events->events_size() > static_cast<int>(taken_at));
  const v1::GameEvent& t = events->events(static_cast<int>(taken_at) - 1);
  REQUIRE(t.has_taken_back());
  CHECK(t.taken_back().first_seq() == moved.first_seq());
  CHECK(t.taken_back().by_seat() == a.seat);
  CHECK(t.state_hash() == hash_before);
  auto inside = archive.get_state(g.game_id, moved.last_seq());
  REQUIRE(inside.ok());
  CHECK(inside->state_hash() == hash_moved);
  auto at = archive.get_state(g.game_id, taken_at);
  REQUIRE(at.ok());
  CHECK(at->state_hash() == hash_before);
  auto after = archive.get_state(g.game_id, taken_at + 1);  // the note that closed it
  REQUIRE(after.ok());
  CHECK(after->state_hash() == hash_before);
}

TEST_CASE("a command that threw dice is taken back only with the opponent's consent",
          "[e2e][take-back]") {
  ServerProcess server(kPlayFlags);
  Game g = start_game(server);
  choose_order(g);
  Player& first = to_act(g);
  give(g, first, end_side_turn());
  Player& second = to_act(g);
  REQUIRE(second.seat != first.seat);
  const std::string hash_before = second.events.back().state_hash();
  // The second side's end ends the turn: the next turn's initiative is thrown.
  const v1::CommandResult ended = give(g, second, end_side_turn());
  const std::string hash_ended = second.events.back().state_hash();
  const auto thrown = throws_of(second.events.back());
  REQUIRE(!thrown.empty());

  // Asked: the opponent is offered the take-back; he refuses and nothing changes.
  auto asked = second.client.take_back();
  if (!asked) FAIL(client::describe(asked.failure()));
  CHECK_FALSE(asked->done());
  REQUIRE(asked->asked_size() == 1);
  CHECK(asked->asked(0) == first.seat);
  auto pending = second.client.take_back();
  REQUIRE_FALSE(pending.ok());
  CHECK(pending.failure().message.find("already waiting") != std::string::npos);
  v1::ServerMessage offer = next_take_back_push(first);
  REQUIRE(offer.has_take_back_offer());
  CHECK(offer.take_back_offer().from_seat() == second.seat);
  CHECK(offer.take_back_offer().first_seq() == ended.first_seq());
  CHECK(offer.take_back_offer().last_seq() == ended.last_seq());
  auto refused = first.client.answer_take_back(false);
  REQUIRE(refused.ok());
  CHECK(refused->refused());
  const v1::ServerMessage told = next_take_back_push(second);
  REQUIRE(told.has_take_back());
  CHECK(told.take_back().refused());
  auto state = second.client.get_state(g.game_id);
  REQUIRE(state.ok());
  CHECK(state->seq() == ended.last_seq());
  CHECK(state->state_hash() == hash_ended);

  // Asked again and accepted: the state is as before the command, agreed by the opponent.
  REQUIRE(second.client.take_back().ok());
  offer = next_take_back_push(first);
  REQUIRE(offer.has_take_back_offer());
  auto accepted = first.client.answer_take_back(true);
  if (!accepted) FAIL(client::describe(accepted.failure()));
  CHECK(accepted->done());
  sync_all(g, ended.last_seq() + 1);
  for (const Player& p : g.players)
    check_taken_back(p, ended, second.seat, first.seat, hash_before);
  auto again = first.client.answer_take_back(true);
  REQUIRE_FALSE(again.ok());
  CHECK(again.failure().code == v1::FAILED_PRECONDITION);

  // The dice stream goes on where it was: the command given again throws the next dice.
  give(g, second, end_side_turn());
  const auto rethrown = throws_of(second.events.back());
  REQUIRE(!rethrown.empty());
  CHECK(rethrown.front() > thrown.back());
}

TEST_CASE("a card drawn is a reveal: the referee is asked, and a command cancels the offer",
          "[e2e][take-back][sharpe][S1]") {
  ServerProcess server(kPlayFlags);
  const std::vector<std::string> seats = {"referee", "player:british", "player:french",
                                          "player:partisans"};
  std::vector<Player> ps;
  for (std::size_t i = 0; i < seats.size(); ++i) ps.emplace_back(connect(server));
  auto room = ps[0].client.create_room("sharpe", "village", true);
  REQUIRE(room.ok());
  std::uint64_t started = 0;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    auto seated =
        ps[i].client.join(room->invite_code(), i == 0 ? "referee" : "player", seats[i], seats[i]);
    if (!seated) FAIL(client::describe(seated.failure()));
    ps[i].seat = seats[i];
    absorb(ps[i], *seated);
    started = seated->last_seq();
  }
  for (Player& p : ps) sync(p, started);
  Player& referee = ps[0];
  Player* acting = nullptr;
  for (const auto& s : ps[0].acting) {
    for (Player& p : ps) {
      if (p.seat == s && s != "referee") acting = &p;
    }
  }
  REQUIRE(acting != nullptr);

  // An observer may not take back anything.
  Client watcher = connect(server);
  REQUIRE(watcher.join(room->invite_code(), "observer").ok());
  auto observed = watcher.take_back();
  REQUIRE_FALSE(observed.ok());
  CHECK(observed.failure().code == v1::PERMISSION_DENIED);

  // The hero's player throws his functions if he must, then ends his activation: the next
  // card is drawn.
  auto legal = acting->client.legal();
  REQUIRE(legal.ok());
  REQUIRE(legal->commands_size() > 0);
  bool may_end = false;
  for (const auto& any : legal->commands()) {
    auto c = client::unpack<sharpe::Command>(any);
    may_end = may_end || (c && c->has_end_activation());
  }
  if (!may_end) {
    auto thrown = acting->client.command(legal->commands(0), next_command_id(*acting));
    if (!thrown) FAIL(client::describe(thrown.failure()));
    for (Player& p : ps) sync(p, thrown->last_seq());
  }
  sharpe::Command end;
  end.mutable_end_activation();
  auto ended = acting->client.command(client::pack(end), next_command_id(*acting));
  if (!ended) FAIL(client::describe(ended.failure()));
  for (Player& p : ps) sync(p, ended->last_seq());
  bool drawn = false;
  for (const v1::GameEvent& e : acting->events) {
    if (e.seq() < ended->first_seq()) continue;
    auto ev = client::unpack<sharpe::Event>(e.rules());
    drawn = drawn || (ev && (ev->has_card_drawn() || ev->has_deck_shuffled()));
  }
  REQUIRE(drawn);

  // Not free: the referee is asked, and refuses.
  auto asked = acting->client.take_back();
  if (!asked) FAIL(client::describe(asked.failure()));
  CHECK_FALSE(asked->done());
  REQUIRE(asked->asked_size() == 1);
  CHECK(asked->asked(0) == "referee");
  REQUIRE(next_take_back_push(referee).has_take_back_offer());
  REQUIRE(referee.client.answer_take_back(false).ok());
  CHECK(next_take_back_push(*acting).take_back().refused());

  // Asked again; the referee gives a command instead: the offer lapses.
  REQUIRE(acting->client.take_back().ok());
  REQUIRE(next_take_back_push(referee).has_take_back_offer());
  sharpe::Command brief;
  brief.mutable_set_briefing()->set_seat("player:french");
  brief.mutable_set_briefing()->set_text("The bridge is out.");
  auto briefed = referee.client.command(client::pack(brief), next_command_id(referee));
  if (!briefed) FAIL(client::describe(briefed.failure()));
  // Both are told it lapsed, so neither waits for an answer that will not come.
  CHECK(next_take_back_push(*acting).take_back().lapsed());
  CHECK(next_take_back_push(referee).take_back().lapsed());
  for (Player& p : ps) sync(p, briefed->last_seq());
  auto lapsed = referee.client.answer_take_back(true);
  REQUIRE_FALSE(lapsed.ok());
  CHECK(lapsed.failure().code == v1::FAILED_PRECONDITION);
  auto not_yours = acting->client.take_back();
  REQUIRE_FALSE(not_yours.ok());
  CHECK(not_yours.failure().message.find("not yours") != std::string::npos);
  for (const Player& p : ps) CHECK_FALSE(p.events.back().has_taken_back());
}

}  // namespace grognard::e2e
