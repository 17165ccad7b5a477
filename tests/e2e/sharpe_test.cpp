// Sharpe's Mess on the real server: a referee and three players join the village scenario and
// play some activations from the legal commands the server lists. Every frame each client
// receives is recorded; no player ever receives another player's briefing, and no frame before
// the end gives away the order of undrawn cards (the shuffles' orders and throws, learnt from
// the archive once the referee has ended the game).
#include <catch2/catch.hpp>
#include <map>
#include <string>
#include <vector>

#include "client/codec.h"
#include "game.h"
#include "grognard/v1/sharpe.pb.h"

namespace grognard::e2e {
namespace {

namespace sharpe = ::grognard::v1::sharpe;

const std::vector<std::string> kSeats = {"referee", "player:british", "player:french",
                                         "player:partisans"};

bool contains(const std::string& hay, const std::string& needle) {
  return !needle.empty() && hay.find(needle) != std::string::npos;
}

// Reads pushes until every connected player has seen `seq`.
void sync_everyone(std::vector<Player>& ps, std::uint64_t seq) {
  for (Player& p : ps) sync(p, seq);
}

Player& acting_player(std::vector<Player>& ps) {
  for (const std::string& seat : ps.front().acting) {
    if (seat == "referee") continue;
    for (Player& p : ps) {
      if (p.seat == seat) return p;
    }
  }
  FAIL("no player is to act");
  return ps.front();
}

}  // namespace

TEST_CASE("a referee and three players play the village, secrets stay secret", "[e2e][sharpe]") {
  ServerProcess server(kPlayFlags);
  std::vector<Player> ps;
  for (std::size_t i = 0; i < kSeats.size(); ++i) {
    Player p{connect(server)};
    p.client.record_frames(true);
    ps.push_back(std::move(p));
  }
  auto room = ps[0].client.create_room("sharpe", "village");
  INFO((room.ok() ? "" : client::describe(room.failure())));
  REQUIRE(room.ok());
  const std::string game_id = room->game_id();

  std::uint64_t started = 0;
  for (std::size_t i = 0; i < kSeats.size(); ++i) {
    const std::string role = i == 0 ? "referee" : "player";
    auto seated = ps[i].client.join(room->invite_code(), role, kSeats[i], kSeats[i]);
    INFO((seated.ok() ? "" : client::describe(seated.failure())));
    REQUIRE(seated.ok());
    REQUIRE(seated->seat_id() == kSeats[i]);
    ps[i].seat = kSeats[i];
    absorb(ps[i], *seated);
    started = seated->last_seq();
  }
  REQUIRE(started > 0);  // the fourth seat starts the game
  sync_everyone(ps, started);

  // Activations: the drawn hero's player throws his functions, then ends the activation.
  for (int step = 0; step < 16; ++step) {
    Player& p = acting_player(ps);
    auto legal = p.client.legal();
    REQUIRE(legal.ok());
    REQUIRE(legal->commands_size() > 0);
    // The activation ends as soon as it may: the turns go round.
    google::protobuf::Any chosen = legal->commands(0);
    for (const auto& any : legal->commands()) {
      auto cmd = client::unpack<sharpe::Command>(any);
      REQUIRE(cmd);
      if (cmd->has_end_activation()) chosen = any;
    }
    auto result = p.client.command(chosen, next_command_id(p));
    INFO((result.ok() ? "" : client::describe(result.failure())));
    REQUIRE(result.ok());
    sync_everyone(ps, result->last_seq());
  }

  // S25: a player whose card is not drawn gives a scatter order out of turn; anything else he
  // sends out of turn is refused; the other players learn only that an order was given.
  const std::string acting_seat = acting_player(ps).seat;
  Player* idle = nullptr;
  for (Player& p : ps) {
    if (p.seat != "referee" && p.seat != acting_seat) idle = &p;
  }
  REQUIRE(idle != nullptr);
  const std::map<std::string, std::string> group_of = {
      {"player:british", "sharpe"}, {"player:french", "vandal"}, {"player:partisans", "teresa"}};
  sharpe::Command scatter;
  scatter.mutable_set_scatter()->set_group(group_of.at(idle->seat));
  scatter.mutable_set_scatter()->set_toward_cover(true);
  auto ordered = idle->client.command(client::pack(scatter), next_command_id(*idle));
  INFO((ordered.ok() ? "" : client::describe(ordered.failure())));
  REQUIRE(ordered.ok());
  sync_everyone(ps, ordered->last_seq());
  sharpe::Command early;
  early.mutable_throw_functions();
  auto refused = idle->client.command(client::pack(early), next_command_id(*idle));
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.failure().code == v1::NOT_YOUR_TURN);
  for (const Player& p : ps) {
    INFO(p.seat);
    bool seen = false;
    for (const v1::GameEvent& e : p.events) {
      if (e.seq() != ordered->first_seq()) continue;
      auto ev = client::unpack<sharpe::Event>(e.rules());
      REQUIRE(ev);
      REQUIRE(ev->has_scatter_order_set());
      const bool may = p.seat == "referee" || p.seat == idle->seat;
      CHECK(ev->scatter_order_set().hidden() == !may);
      CHECK(ev->scatter_order_set().toward_cover() == may);
      seen = true;
    }
    CHECK(seen);
  }

  // The briefings, as the referee's view gives them.
  auto ref_view = client::unpack<sharpe::View>([&] {
    auto st = ps[0].client.get_state(game_id);
    REQUIRE(st.ok());
    return st->view();
  }());
  REQUIRE(ref_view);
  REQUIRE(ref_view->seats_size() == 3);

  // The referee ends the game.
  sharpe::Command end;
  end.mutable_ruling()->set_kind(sharpe::RULING_END_GAME);
  end.mutable_ruling()->set_result("a draw");
  end.mutable_ruling()->set_reason("night falls");
  auto ended = ps[0].client.command(client::pack(end), next_command_id(ps[0]));
  INFO((ended.ok() ? "" : client::describe(ended.failure())));
  REQUIRE(ended.ok());
  sync_everyone(ps, ended->last_seq());
  const std::uint64_t end_seq = ended->first_seq();

  // The archive of the ended game shows the shuffles whole.
  auto archive = ps[1].client.get_events(game_id);
  INFO((archive.ok() ? "" : client::describe(archive.failure())));
  REQUIRE(archive.ok());
  std::vector<std::string> secrets;
  for (const v1::GameEvent& e : archive->events()) {
    auto ev = client::unpack<sharpe::Event>(e.rules());
    if (!ev || !ev->has_deck_shuffled()) continue;
    REQUIRE_FALSE(ev->deck_shuffled().hidden());
    sharpe::DeckShuffled order, rolls;
    *order.mutable_order() = ev->deck_shuffled().order();
    *rolls.mutable_rolls() = ev->deck_shuffled().rolls();
    REQUIRE(order.order_size() == 5);
    secrets.push_back(order.SerializeAsString());
    secrets.push_back(rolls.SerializeAsString());
  }
  REQUIRE(secrets.size() >= 4);  // at least two shuffles were played

  for (const Player& p : ps) {
    INFO(p.seat);
    REQUIRE_FALSE(p.client.recorded_frames().empty());
    for (const client::Frame& f : p.client.recorded_frames()) {
      for (const sharpe::Seat& seat : ref_view->seats()) {
        REQUIRE_FALSE(seat.briefing().empty());
        if (p.seat != "referee" && p.seat != seat.id())
          CHECK_FALSE(contains(f.bytes, seat.briefing()));
      }
      auto msg = client::decode(f.bytes, f.binary);
      REQUIRE(msg.ok());
      // Nothing live gives a shuffle away (the archive asked for after the end may).
      if (!msg->has_event_list()) {
        for (const std::string& s : secrets) CHECK_FALSE(contains(f.bytes, s));
      }
      if (!msg->has_events()) continue;
      for (const v1::GameEvent& e : msg->events().events()) {
        if (e.seq() >= end_seq) continue;
        for (const std::string& s : secrets) CHECK_FALSE(contains(e.SerializeAsString(), s));
        auto ev = client::unpack<sharpe::Event>(e.rules());
        if (ev && ev->has_deck_shuffled()) {
          CHECK(ev->deck_shuffled().hidden());
          CHECK(ev->deck_shuffled().order().empty());
          CHECK(ev->deck_shuffled().rolls().empty());
        }
      }
    }
    // Each player saw his own briefing.
    if (p.seat != "referee") {
      bool own = false;
      for (const client::Frame& f : p.client.recorded_frames()) {
        for (const sharpe::Seat& seat : ref_view->seats()) {
          own = own || (seat.id() == p.seat && contains(f.bytes, seat.briefing()));
        }
      }
      CHECK(own);
    }
  }
}

}  // namespace grognard::e2e
