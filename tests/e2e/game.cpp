#include "game.h"

#include <openssl/sha.h>

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <sstream>

#include <catch2/catch.hpp>

namespace grognard::e2e {

namespace {

itchy::Pos after_steps(itchy::Pos p, const itchy::Move& move) {
  for (int step : move.steps()) {
    switch (step) {
      case itchy::NORTH:
        p.set_y(p.y() - 1);
        break;
      case itchy::EAST:
        p.set_x(p.x() + 1);
        break;
      case itchy::SOUTH:
        p.set_y(p.y() + 1);
        break;
      case itchy::WEST:
        p.set_x(p.x() - 1);
        break;
      default:
        break;
    }
  }
  return p;
}

int nearest_enemy(const itchy::View& view, const itchy::Pos& p, int side) {
  int best = std::numeric_limits<int>::max();
  for (const itchy::UnitView& u : view.units()) {
    if (u.removed() || u.side() == side) continue;
    best = std::min(best, std::abs(u.pos().x() - p.x()) + std::abs(u.pos().y() - p.y()));
  }
  return best;
}

const itchy::UnitView* find_unit(const itchy::View& view, const std::string& id) {
  for (const itchy::UnitView& u : view.units()) {
    if (u.id() == id) return &u;
  }
  return nullptr;
}

}  // namespace

Client connect(const ServerProcess& server, Format format) {
  auto c = Client::connect(server.url(), format, kWait);
  INFO(server.url());
  REQUIRE(c.ok());
  auto welcome = c->hello("grognard-e2e");
  INFO((welcome.ok() ? std::string() : client::describe(welcome.failure())));
  REQUIRE(welcome.ok());
  REQUIRE(welcome->protocol_version() == 1);
  return std::move(c).value();
}

void absorb(Player& p, const v1::ServerMessage& message) {
  if (!message.has_events()) return;
  const v1::EventBatch& batch = message.events();
  for (const v1::GameEvent& e : batch.events()) {
    INFO(p.seat << " had seen event " << p.last_seq << ", then got " << e.seq());
    REQUIRE(e.seq() > p.last_seq);
    p.last_seq = e.seq();
    p.events.push_back(e);
  }
  if (auto view = client::unpack<itchy::View>(batch.view())) p.view = std::move(*view);
  p.acting.assign(batch.acting_seats().begin(), batch.acting_seats().end());
  p.status = batch.status();
}

void absorb(Player& p, const v1::Seated& seated) {
  for (const v1::GameEvent& e : seated.events()) {
    REQUIRE(e.seq() > p.last_seq);
    p.last_seq = e.seq();
    p.events.push_back(e);
  }
  if (auto view = client::unpack<itchy::View>(seated.view())) p.view = std::move(*view);
  p.acting.assign(seated.acting_seats().begin(), seated.acting_seats().end());
  p.status = seated.room().status();
}

void sync(Player& p, std::uint64_t seq) {
  while (p.last_seq < seq) {
    auto push = p.client.next_push(kWait);
    INFO(p.seat << " waits for event " << seq << ", has " << p.last_seq);
    if (!push) FAIL(client::describe(push.failure()));
    absorb(p, *push);
  }
}

Game start_game(const ServerProcess& server, const GameOptions& options) {
  Game g;
  for (int i = 0; i < 2; ++i) {
    Player p{connect(server, options.formats[i])};
    p.client.record_frames(options.record_frames);
    g.players.push_back(std::move(p));
  }
  auto room = g.players[0].client.create_room("itchy", options.scenario, options.observers_allowed,
                                              false, options.time_control);
  INFO((room.ok() ? "" : client::describe(room.failure())));
  REQUIRE(room.ok());
  REQUIRE(room->status() == "waiting");
  g.game_id = room->game_id();
  g.invite_code = room->invite_code();
  if (options.after_create) options.after_create(g.invite_code);

  std::uint64_t started = 0;
  for (int i = 0; i < 2; ++i) {
    Player& p = g.players[i];
    const std::string seat = "side:" + std::to_string(i);
    if (options.before_join) options.before_join(i, p.client);
    auto seated = p.client.join(g.invite_code, "general", seat, "General " + std::to_string(i));
    INFO((seated.ok() ? "" : client::describe(seated.failure())));
    REQUIRE(seated.ok());
    REQUIRE(seated->seat_id() == seat);
    REQUIRE(seated->role() == "general");
    REQUIRE(seated->token().size() > 16);
    p.seat = seat;
    p.token = seated->token();
    absorb(p, *seated);  // the seat that begins the game gets the opening events here
    started = seated->last_seq();
  }
  REQUIRE(started > 0);  // the second seat starts the game
  sync_all(g, started);
  for (Player& p : g.players) REQUIRE(p.status == "running");
  return g;
}

void sync_all(Game& g, std::uint64_t seq) {
  for (Player& p : g.players) {
    if (p.connected) sync(p, seq);
  }
}

Player& to_act(Game& g) {
  for (Player& p : g.players) {
    if (!p.connected || p.acting.empty()) continue;
    const std::string& seat = p.acting.front();
    for (Player& q : g.players) {
      if (q.seat == seat) return q;
    }
  }
  FAIL("no player is to act");
  return g.players.front();
}

Player& other(Game& g, const Player& p) {
  return &g.players[0] == &p ? g.players[1] : g.players[0];
}

bool finished(const Game& g) {
  for (const Player& p : g.players) {
    if (p.connected && (p.status == "finished" || (p.view && p.view->over()))) return true;
  }
  return false;
}

itchy::Command choose(const v1::LegalCommands& legal, const itchy::View& view) {
  std::vector<itchy::Command> commands;
  for (const auto& any : legal.commands()) {
    auto c = client::unpack<itchy::Command>(any);
    REQUIRE(c.has_value());
    commands.push_back(std::move(*c));
  }
  REQUIRE(!commands.empty());
  for (const auto& c : commands) {
    if (c.has_choose_order()) return c;
  }
  for (const auto& c : commands) {
    if (c.has_attack()) return c;
  }
  const itchy::Command* best = nullptr;
  int best_distance = std::numeric_limits<int>::max();
  for (const auto& c : commands) {
    if (!c.has_move() || c.move().steps().empty()) continue;
    const itchy::UnitView* u = find_unit(view, c.move().unit());
    if (u == nullptr) continue;
    const int now = nearest_enemy(view, u->pos(), u->side());
    const int then = nearest_enemy(view, after_steps(u->pos(), c.move()), u->side());
    if (then < now && then < best_distance) {
      best = &c;
      best_distance = then;
    }
  }
  if (best != nullptr) return *best;
  itchy::Command end;
  end.mutable_end_side_turn();
  return end;
}

std::string next_command_id(Player& p) {
  return p.seat + "-" + std::to_string(++p.sent);
}

v1::CommandResult step(Game& g) {
  Player& p = to_act(g);
  auto legal = p.client.legal();
  if (!legal) FAIL(client::describe(legal.failure()));
  REQUIRE(p.view.has_value());
  const itchy::Command command = choose(*legal, *p.view);
  auto result = p.client.itchy_command(command, next_command_id(p));
  INFO(p.seat << " sent " << command.ShortDebugString());
  if (!result) FAIL(client::describe(result.failure()));
  REQUIRE(!result->duplicate());
  REQUIRE(result->first_seq() > p.last_seq);
  REQUIRE(result->last_seq() >= result->first_seq());
  sync_all(g, result->last_seq());
  return *result;
}

const itchy::UnitView* unit_of(const itchy::View& view, int side, bool fresh) {
  for (const itchy::UnitView& u : view.units()) {
    if (u.side() != side || u.removed() || u.type() == itchy::GENERAL) continue;
    if (fresh && (u.activated() || u.moved() || u.attacked())) continue;
    return &u;
  }
  return nullptr;
}

int side_of(const std::string& seat) {
  return seat == "side:1" ? 1 : 0;
}

std::vector<std::pair<std::uint64_t, std::string>> seqs_and_hashes(
    const std::vector<v1::GameEvent>& events) {
  std::vector<std::pair<std::uint64_t, std::string>> out;
  for (const auto& e : events) out.emplace_back(e.seq(), e.state_hash());
  return out;
}

std::vector<v1::SystemNote> system_notes(const std::vector<v1::GameEvent>& events) {
  std::vector<v1::SystemNote> out;
  for (const auto& e : events) {
    if (e.has_system()) out.push_back(e.system());
  }
  return out;
}

std::string sha256_hex(const std::string& bytes) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), digest);
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (unsigned char c : digest) {
    out.push_back(digits[c >> 4]);
    out.push_back(digits[c & 15]);
  }
  return out;
}

std::string from_hex(const std::string& hex) {
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  if (hex.size() % 2 != 0) return out;
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    const int hi = nibble(hex[i]);
    const int lo = nibble(hex[i + 1]);
    if (hi < 0 || lo < 0) return {};
    out.push_back(static_cast<char>(hi * 16 + lo));
  }
  return out;
}

std::string to_upper(std::string s) {
  for (char& c : s) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return s;
}

std::optional<std::string> closing_reason(Client& c) {
  std::optional<std::string> reason;
  for (;;) {
    auto m = c.next_message(kWait);
    if (!m) return reason;
    if (m->has_closing()) reason = m->closing().reason();
  }
}

std::vector<v1::GameSummary> games_with_status(Client& c, const std::string& status) {
  v1::ListGames filter;
  filter.set_status(status);
  auto games = c.list_games(filter);
  REQUIRE(games.ok());
  return {games->games().begin(), games->games().end()};
}

double metric_now(const ServerProcess& server, const std::string& name) {
  auto page = client::http_get("127.0.0.1", server.port(), "/metrics", kWait);
  REQUIRE(page.ok());
  return metric(page->body, name);
}

double metric(const std::string& text, const std::string& name) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(name, 0) != 0) continue;
    const auto space = line.rfind(' ');
    if (space == std::string::npos) continue;
    const std::string rest = line.substr(name.size(), space - name.size());
    if (!rest.empty() && rest.front() != '{' && rest.front() != ' ') continue;  // a longer name
    return std::strtod(line.c_str() + space + 1, nullptr);
  }
  return -1;
}

}  // namespace grognard::e2e
