// A running Sharpe's Mess game forked by its referee (docs/archives.md, "Forks"): the fork's
// state holds every hidden part (the deck's order, the briefings), and none of it reaches the
// fork's players, in any frame they receive; nor does chat sent to one seat of the source.
#include <catch2/catch.hpp>

#include "fork_world.h"
#include "grognard/v1/sharpe.pb.h"

using namespace grognard;
using grognard::testing::contains_any;
using grognard::testing::FakePeer;
using grognard::testing::ForkWorld;
namespace sharpe = ::grognard::v1::sharpe;

namespace {

bool ends_activation(const google::protobuf::Any& any) {
  sharpe::Command c;
  return c.ParseFromString(any.value()) && c.has_end_activation();
}

// Activations played by the players: each drawn hero's player ends it as soon as he may.
void play(ForkWorld& f, const std::string& game,
          std::map<std::string, std::shared_ptr<FakePeer>>& peers, int steps) {
  for (int i = 0; i < steps; ++i) f.step(game, peers, ends_activation);
}

// What no player may see in a frame: every shuffle's order and throws in `log`.
void add_shuffles(const std::vector<record::EventRecord>& log, std::vector<std::string>& out) {
  for (const record::EventRecord& e : log) {
    sharpe::Event ev;
    if (e.kind != record::EventKind::kRules || !ev.ParseFromString(e.payload) ||
        !ev.has_deck_shuffled())
      continue;
    sharpe::DeckShuffled order, rolls;
    *order.mutable_order() = ev.deck_shuffled().order();
    *rolls.mutable_rolls() = ev.deck_shuffled().rolls();
    REQUIRE(order.order_size() > 0);
    out.push_back(order.SerializeAsString());
    out.push_back(rolls.SerializeAsString());
  }
}

}  // namespace

TEST_CASE(
    "a running Sharpe's Mess game is forked by its referee alone, and the fork keeps "
    "every secret from its players",
    "[room][fork][sharpe]") {
  ForkWorld f;
  const v1::RoomInfo source_room = f.create("sharpe", "village");
  const std::string source = source_room.game_id();
  auto peers = f.seat_all(source_room);
  auto observer = std::make_shared<FakePeer>("observer");
  REQUIRE(f.join(observer, source_room.invite_code(), "observer", "").has_seated());
  play(f, source, peers, 6);
  v1::ClientMessage whisper;
  whisper.mutable_chat()->set_text("the ford is unguarded");
  whisper.mutable_chat()->set_to("referee");
  REQUIRE(f.w.ask(peers.at("player:british"), whisper).has_command_result());

  for (const auto& peer : {peers.at("player:french"), observer}) {
    const auto refused = f.fork(peer, source, 0);
    REQUIRE(refused.has_error());
    CHECK(refused.error().code() == v1::PERMISSION_DENIED);
  }
  const auto answer = f.fork(peers.at("referee"), source, 0);
  INFO(answer.ShortDebugString());
  REQUIRE(answer.has_room());
  const v1::RoomInfo& fork_room = answer.room();
  const std::string fork = fork_room.game_id();
  CHECK(fork_room.forked_from().game_id() == source);
  CHECK(fork_room.forked_from().seq() == f.record(source).last_seq);
  CHECK(fork_room.forked_from().seed().empty());  // the source still runs: its seed is secret
  CHECK(f.record(source).status == record::GameStatus::kRunning);  // and goes on unchanged
  // The fork's state is the source's, hidden parts included: its full hash is the same.
  CHECK(f.rules(fork).full_hash(*f.state(fork)).bytes ==
        f.rules(source).full_hash(*f.state(source)).bytes);

  auto fork_peers = f.seat_all(fork_room);
  play(f, fork, fork_peers, 6);
  v1::ClientMessage events;
  events.mutable_get_events()->set_game_id(fork);
  for (auto& [seat, peer] : fork_peers) REQUIRE(f.w.ask(peer, events).has_event_list());

  std::vector<std::string> secrets;
  add_shuffles(f.w.store.raw_events(source), secrets);
  add_shuffles(f.w.store.raw_events(fork), secrets);
  REQUIRE(secrets.size() >= 2);
  sharpe::View referee_view;
  {
    v1::ClientMessage state;
    state.mutable_get_state()->set_game_id(fork);
    const auto st = f.w.ask(fork_peers.at("referee"), state);
    REQUIRE(st.has_state());
    REQUIRE(referee_view.ParseFromString(st.state().view().value()));
  }
  REQUIRE(referee_view.seats_size() == 3);
  for (auto& [seat, peer] : fork_peers) {
    if (seat == "referee") continue;
    INFO(seat);
    const auto frames = peer->all_serialized();
    REQUIRE_FALSE(frames.empty());
    for (const std::string& s : secrets) CHECK_FALSE(contains_any(frames, s));
    for (const sharpe::Seat& other : referee_view.seats()) {
      REQUIRE_FALSE(other.briefing().empty());
      CHECK(contains_any(frames, other.briefing()) == (other.id() == seat));
    }
    CHECK_FALSE(contains_any(frames, "the ford is unguarded"));
  }
  CHECK_FALSE(contains_any(fork_peers.at("referee")->all_serialized(), "the ford is unguarded"));
}
