#include "fakes.h"

#include <algorithm>
#include <sstream>

#include "engine/canonical.h"

namespace grognard::testing {

namespace {

struct SecretsState final : engine::GameState {
  int total = 0;
  int turn = 0;  // whose turn: 0 or 1
  bool over = false;
  bool begun = false;
  std::string secrets[2];
  std::unique_ptr<engine::GameState> clone() const override {
    return std::make_unique<SecretsState>(*this);
  }
};

const SecretsState& st(const engine::GameState& s) {
  return static_cast<const SecretsState&>(s);
}
SecretsState& st(engine::GameState& s) {
  return static_cast<SecretsState&>(s);
}

int seat_index(std::string_view seat) {
  if (seat == "player:0") return 0;
  if (seat == "player:1") return 1;
  return -1;
}

}  // namespace

engine::Result<std::unique_ptr<engine::GameState>> SecretsRuleset::load_scenario(
    std::string_view text) const {
  auto s = std::make_unique<SecretsState>();
  std::istringstream in{std::string(text)};
  if (!(in >> s->secrets[0] >> s->secrets[1])) {
    return engine::Error{engine::ErrorCode::kInvalidArgument, "secrets.scenario",
                         "a scenario is two secret words"};
  }
  return std::unique_ptr<engine::GameState>(std::move(s));
}

std::vector<engine::SeatSpec> SecretsRuleset::seats(const engine::GameState&) const {
  return {{"player:0", engine::Role::kPlayer, "North"},
          {"player:1", engine::Role::kPlayer, "South"}};
}

engine::Result<std::vector<engine::Bytes>> SecretsRuleset::begin(const engine::GameState& s,
                                                                 engine::Dice&) const {
  return std::vector<engine::Bytes>{"secret player:0 " + st(s).secrets[0],
                                    "secret player:1 " + st(s).secrets[1]};
}

engine::Result<std::vector<engine::Bytes>> SecretsRuleset::decide(const engine::GameState& s,
                                                                  std::string_view seat,
                                                                  const engine::Bytes& command,
                                                                  engine::Dice& dice) const {
  if (seat_index(seat) != st(s).turn) {
    return engine::Error{engine::ErrorCode::kNotYourTurn, "secrets.turn", "not your turn"};
  }
  if (command == "reveal") return std::vector<engine::Bytes>{"over"};
  int n = 0;
  if (std::sscanf(command.c_str(), "add %d", &n) != 1 || n < 1 || n > 9) {
    return engine::Error{engine::ErrorCode::kIllegal, "secrets.add", "add 1 to 9"};
  }
  const int face = dice.d6().face;  // a throw, so that dice numbering is exercised
  return std::vector<engine::Bytes>{"added " + std::string(seat) + " " + std::to_string(n + face)};
}

engine::Status SecretsRuleset::apply(engine::GameState& gs, const engine::Bytes& event) const {
  SecretsState& s = st(gs);
  if (event == "over") {
    s.over = true;
  } else if (event.rfind("secret ", 0) == 0) {
    s.begun = true;
  } else if (event.rfind("added ", 0) == 0) {
    s.total += std::stoi(event.substr(event.rfind(' ') + 1));
    s.turn = 1 - s.turn;
  } else {
    return engine::Error{engine::ErrorCode::kInvalidArgument, "", "unknown event " + event};
  }
  return engine::ok_status();
}

engine::Bytes SecretsRuleset::view(const engine::GameState& gs, const engine::Viewer& v) const {
  const SecretsState& s = st(gs);
  std::string out = "total " + std::to_string(s.total);
  for (int i = 0; i < 2; ++i) {
    const bool mine = v.seat == "player:" + std::to_string(i);
    if (mine || v.game_over || v.role == engine::Role::kReferee) out += " secret " + s.secrets[i];
  }
  return out;
}

std::optional<engine::Bytes> SecretsRuleset::view_event(const engine::GameState&,
                                                        const engine::Bytes& event,
                                                        const engine::Viewer& v) const {
  if (event.rfind("secret ", 0) == 0) {
    const std::string owner = event.substr(7, event.find(' ', 7) - 7);
    if (owner != v.seat && !v.game_over && v.role != engine::Role::kReferee) return std::nullopt;
  }
  return event;
}

std::vector<engine::Bytes> SecretsRuleset::legal(const engine::GameState& s,
                                                 std::string_view seat) const {
  if (st(s).over || seat_index(seat) != st(s).turn) return {};
  return {"add 1", "reveal"};
}

engine::ToAct SecretsRuleset::to_act(const engine::GameState& gs) const {
  const SecretsState& s = st(gs);
  if (s.over) return {{}, true, "over with total " + std::to_string(s.total), {}};
  return {{"player:" + std::to_string(s.turn)},
          false,
          "player " + std::to_string(s.turn) + " to act",
          {}};
}

engine::StateHash SecretsRuleset::hash(const engine::GameState& gs) const {
  const SecretsState& s = st(gs);
  engine::CanonicalWriter w;
  w.i32(s.total).i32(s.turn).boolean(s.over).boolean(s.begun).str(s.secrets[0]).str(s.secrets[1]);
  return engine::sha256(w.bytes());
}

// --- MemoryStore ---------------------------------------------------------------------------

void MemoryStore::append(record::WriteBatch batch, std::function<void(engine::Status)> done) {
  std::unique_lock lock(mu_);
  if (hold_) {
    held_.emplace_back(std::move(batch), std::move(done));
    return;
  }
  lock.unlock();
  commit(batch, done);
}

void MemoryStore::commit(record::WriteBatch& b, std::function<void(engine::Status)>& done) {
  bool failed = false;
  {
    std::lock_guard lock(mu_);
    failed = fail_next_;
    fail_next_ = false;
    if (!failed) {
      if (b.game) games_[b.game->id] = *b.game;
      for (auto& s : b.seats) {
        auto& v = seats_[s.game_id];
        std::erase_if(v, [&](const record::SeatRecord& o) { return o.seat_id == s.seat_id; });
        v.push_back(s);
      }
      for (auto& e : b.events) events_[e.game_id].push_back(e);
      for (const auto& seat_id : b.dropped_seats) {
        std::erase_if(seats_[b.game->id],
                      [&](const record::SeatRecord& s) { return s.seat_id == seat_id; });
      }
    }
  }
  if (failed) {
    done(engine::Error{engine::ErrorCode::kFailedPrecondition, "", "injected commit failure"});
  } else {
    done(engine::ok_status());
  }
}

void MemoryStore::hold(bool on) {
  std::lock_guard lock(mu_);
  hold_ = on;
}

void MemoryStore::release() {
  std::deque<std::pair<record::WriteBatch, std::function<void(engine::Status)>>> held;
  {
    std::lock_guard lock(mu_);
    held.swap(held_);
  }
  for (auto& [batch, done] : held) commit(batch, done);
}

std::size_t MemoryStore::event_count(const std::string& game_id) {
  std::lock_guard lock(mu_);
  return events_[game_id].size();
}

engine::Result<std::optional<record::GameRecord>> MemoryStore::game(const std::string& id) {
  std::lock_guard lock(mu_);
  auto it = games_.find(id);
  if (it == games_.end()) return std::optional<record::GameRecord>{};
  return std::optional<record::GameRecord>{it->second};
}

engine::Result<std::optional<record::GameRecord>> MemoryStore::game_by_invite(
    const std::string& code) {
  std::lock_guard lock(mu_);
  for (auto& [id, g] : games_) {
    if (g.invite_code == code) return std::optional<record::GameRecord>{g};
  }
  return std::optional<record::GameRecord>{};
}

engine::Result<std::optional<record::GameRecord>> MemoryStore::game_by_token(
    const record::Hash32& token) {
  std::lock_guard lock(mu_);
  for (const auto& [id, seats] : seats_) {
    for (const record::SeatRecord& s : seats) {
      if (s.token_sha256 == token) return std::optional<record::GameRecord>{games_.at(id)};
    }
  }
  return std::optional<record::GameRecord>{};
}

engine::Result<std::vector<record::GameRecord>> MemoryStore::games(const record::GameFilter& f) {
  std::lock_guard lock(mu_);
  std::vector<record::GameRecord> out;
  for (auto& [id, g] : games_) {
    if ((!f.status || g.status == *f.status) && (!f.listed_only || g.listed)) out.push_back(g);
  }
  std::sort(out.begin(), out.end(), [](const record::GameRecord& a, const record::GameRecord& b) {
    return a.created_ms > b.created_ms;
  });
  if (out.size() > static_cast<std::size_t>(std::max(f.limit, 0))) {
    out.resize(static_cast<std::size_t>(std::max(f.limit, 0)));
  }
  return out;
}

engine::Result<std::vector<record::GameRecord>> MemoryStore::unfinished_games() {
  std::lock_guard lock(mu_);
  std::vector<record::GameRecord> out;
  for (auto& [id, g] : games_) {
    if (g.status == record::GameStatus::kWaiting || g.status == record::GameStatus::kRunning) {
      out.push_back(g);
    }
  }
  return out;
}

engine::Result<std::vector<record::SeatRecord>> MemoryStore::seats(const std::string& game_id) {
  std::lock_guard lock(mu_);
  return seats_[game_id];
}

engine::Result<std::vector<record::EventRecord>> MemoryStore::events(const std::string& game_id,
                                                                     std::uint64_t from,
                                                                     std::uint64_t to) {
  std::lock_guard lock(mu_);
  reads_.push_back({game_id, from, to, std::this_thread::get_id()});
  std::vector<record::EventRecord> out;
  for (auto& e : events_[game_id]) {
    if (e.seq >= from && (to == 0 || e.seq <= to)) out.push_back(e);
  }
  return out;
}

engine::Result<std::vector<record::EventRecord>> MemoryStore::taken_back(
    const std::string& game_id) {
  std::lock_guard lock(mu_);
  std::vector<record::EventRecord> out;
  for (auto& e : events_[game_id]) {
    if (e.kind == record::EventKind::kTakenBack) out.push_back(e);
  }
  return out;
}

std::vector<MemoryStore::Read> MemoryStore::reads() {
  std::lock_guard lock(mu_);
  return reads_;
}

void MemoryStore::forget_reads() {
  std::lock_guard lock(mu_);
  reads_.clear();
}

// --- FakePeer ------------------------------------------------------------------------------

void FakePeer::send(std::shared_ptr<const v1::ServerMessage> message) {
  std::lock_guard lock(mu_);
  inbox_.push_back(*message);
  history_.push_back(message->SerializeAsString());
}

void FakePeer::bind(room::Binding binding) {
  std::lock_guard lock(mu_);
  binding_ = std::move(binding);
}

std::optional<room::Binding> FakePeer::binding() const {
  std::lock_guard lock(mu_);
  return binding_;
}

void FakePeer::unbind() {
  std::lock_guard lock(mu_);
  binding_.reset();
}

std::vector<v1::ServerMessage> FakePeer::take() {
  std::lock_guard lock(mu_);
  std::vector<v1::ServerMessage> out;
  out.swap(inbox_);
  return out;
}

std::vector<std::string> FakePeer::all_serialized() const {
  std::lock_guard lock(mu_);
  return history_;
}

std::size_t FakePeer::received() const {
  std::lock_guard lock(mu_);
  return history_.size();
}

}  // namespace grognard::testing
