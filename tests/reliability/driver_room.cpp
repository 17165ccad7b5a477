// The rooms of the load driver: two generals playing Itchy & Scratchy to the end, and observers.

#include <algorithm>

#include "driver.h"
#include "driver_seat.h"
#include "grognard/v1/itchy.pb.h"

namespace grognard::reliability {

namespace {

using Answer = std::optional<v1::ServerMessage>;
namespace itchy = ::grognard::v1::itchy;

// The initiative choice when offered, else mostly an attack, else mostly a move, else any.
const google::protobuf::Any& choose(Driver& d, const v1::LegalCommands& legal) {
  std::vector<const google::protobuf::Any*> attacks, moves, others;
  for (const auto& any : legal.commands()) {
    itchy::Command c;
    if (!any.UnpackTo(&c)) continue;
    if (c.has_choose_order()) return any;
    (c.has_attack() ? attacks : c.has_move() ? moves : others).push_back(&any);
  }
  auto pick = [&](const std::vector<const google::protobuf::Any*>& v) -> const auto& {
    return *v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(d.rng)];
  };
  if (!attacks.empty() && d.chance() < 0.8) return pick(attacks);
  if (!moves.empty() && d.chance() < 0.85) return pick(moves);
  if (!others.empty()) return pick(others);
  return pick(!moves.empty() ? moves : attacks);
}

bool ended(const std::string& status) {
  return status == "finished" || status == "aborted" || status == "expired" || status == "failed";
}

struct Seats {
  Player p[2];
};

// A room created by p[0] and both generals seated.
asio::awaitable<bool> start_game(Driver& d, Seats& g) {
  for (Player& p : g.p) {
    const bool connected = co_await connect(d, p);
    if (!connected) co_return false;
  }
  v1::ClientMessage m;
  m.mutable_create_room()->set_ruleset("itchy");
  m.mutable_create_room()->set_scenario(d.options.scenario);
  m.mutable_create_room()->set_observers_allowed(d.options.observers_allowed);
  m.mutable_create_room()->set_unlisted(true);
  Answer room = co_await g.p[0].conn->request(std::move(m), d.options.timeout);
  if (!room || !room->has_room()) co_return false;
  const std::string invite = room->room().invite_code();
  for (int i = 0; i < 2; ++i) {
    const bool seated = co_await join(d, g.p[i], invite, "general", "side:" + std::to_string(i));
    if (!seated) co_return false;
  }
  co_return true;
}

// Whose legal commands to ask first: a seat the latest batch says is to act.
int first_to_ask(const Seats& g) {
  for (int i = 0; i < 2; ++i) {
    const auto& a = g.p[i].acting;
    if (std::find(a.begin(), a.end(), g.p[i].seat) != a.end()) return i;
  }
  return 0;
}

// One step: a command (or a chat) from the seat to act. False when a connection was lost.
asio::awaitable<bool> step(Driver& d, Seats& g, bool& over) {
  if (ended(g.p[0].status) || ended(g.p[1].status)) {
    over = true;
    co_return true;
  }
  const int first = first_to_ask(g);
  for (int k = 0; k < 2; ++k) {
    Player& p = g.p[(first + k) % 2];
    if (p.pending) {  // lost with its connection: the same id again
      auto [id, payload] = *p.pending;
      co_return co_await send_command(d, p, id, payload) == Sent::kDone;
    }
  }
  for (int k = 0; k < 2; ++k) {
    Player& p = g.p[(first + k) % 2];
    v1::ClientMessage m;
    m.mutable_get_legal();
    Answer legal = co_await p.conn->request(std::move(m), d.options.timeout);
    if (!legal) co_return false;
    if (!legal->has_legal()) {
      if (legal->has_error() && legal->error().code() == v1::UNAVAILABLE) co_return false;
      d.ledger.violation("game " + p.game_id + ": get_legal refused: " + legal->error().message());
      over = true;
      co_return true;
    }
    if (legal->legal().commands().empty()) continue;
    if (d.chance() < d.options.chat_chance) {
      v1::ClientMessage c;
      c.mutable_chat()->set_text("load chat " + std::to_string(d.ledger.chats));
      Answer done = co_await p.conn->request(std::move(c), d.options.timeout);
      if (!done) co_return false;
      if (done->has_command_result()) ++d.ledger.chats;
      co_return true;
    }
    const std::string id = "c" + std::to_string(++p.sent);
    const Sent sent = co_await send_command(d, p, id, choose(d, legal->legal()));
    co_return sent == Sent::kDone;
  }
  // Nobody may act: the game is over, or the batch saying so is still on its way.
  if (ended(g.p[0].status) || ended(g.p[1].status)) {
    over = true;
    for (const Player& p : g.p) {
      if (p.status == "failed") d.ledger.violation("game " + p.game_id + " stopped (failed)");
    }
    co_return true;
  }
  co_await d.sleep(Millis(20));
  co_return true;
}

void forget(std::vector<std::string>& v, const std::string& s) {
  v.erase(std::remove(v.begin(), v.end(), s), v.end());
}

}  // namespace

asio::awaitable<void> Driver::play_room(int index) {
  ++rooms_running;
  while (!stop) {
    Seats g;
    const bool started = co_await start_game(*this, g);
    if (!started) {
      co_await target.wait_up(stop);
      co_await sleep(Millis(100 + 10 * (index % 20)));
      continue;
    }
    ++ledger.games_started;
    for (Player& p : g.p) players.push_back(&p);
    open_invites.push_back(g.p[0].invite_code);
    bool over = false;
    while (!stop && !over) {
      if (pause) {
        co_await sleep(Millis(50));
        continue;
      }
      if (options.drop_chance > 0 && chance() < options.drop_chance) {
        Player& p = g.p[rng() % 2];
        p.conn->drop();
        p.dropped = true;
        ++ledger.drops;
        const bool back = co_await recover(*this, p);
        if (!back) break;
      }
      bool ok = co_await step(*this, g, over);
      for (Player& p : g.p) {
        if (!ok || !p.conn->is_open()) {
          const bool back = co_await recover(*this, p);
          if (!back) break;
        }
      }
      if (options.think.count() > 0) co_await sleep(options.think);
    }
    if (over) ++ledger.games_ended;
    forget(open_invites, g.p[0].invite_code);
    for (Player& p : g.p) players.erase(std::find(players.begin(), players.end(), &p));
    if (!options.new_games) break;
  }
  --rooms_running;
}

asio::awaitable<void> Driver::observe(int index) {
  ++observers_running;
  while (!stop) {
    co_await sleep(Millis(200 + 37 * (index % 10)));
    if (open_invites.empty() || !target.up()) continue;
    const std::string invite = open_invites[rng() % open_invites.size()];
    Player o;
    const bool connected = co_await connect(*this, o);
    if (!connected) continue;
    const bool seated = co_await join(*this, o, invite, "observer", "");
    if (!seated) continue;
    ++ledger.observers;
    // Watch for a while; now and then lose the connection and come back with the token.
    co_await sleep(Millis(500 + rng() % 2500));
    if (chance() < 0.3 && !stop) {
      o.conn->drop();
      o.dropped = true;
      const bool back = co_await resume(*this, o);
      if (back) co_await sleep(Millis(500 + rng() % 1000));
    }
    if (o.conn && o.conn->is_open()) {
      v1::ClientMessage m;
      m.mutable_leave();
      co_await o.conn->request(std::move(m), options.timeout);
    }
  }
  --observers_running;
}

}  // namespace grognard::reliability
