#include "commands/game_link.h"

#include <algorithm>
#include <random>
#include <thread>

#include "commands/errors.h"
#include "commands/session_store.h"

namespace grognard::cli {

using client::Millis;

namespace {

client::Failure not_connected() {
  client::Failure f;
  f.kind = client::FailureKind::kClosed;
  f.message = "not connected";
  return f;
}

}  // namespace

bool GameState::my_turn() const {
  return !seat_id.empty() &&
         std::find(acting_seats.begin(), acting_seats.end(), seat_id) != acting_seats.end();
}

int GameState::side() const {
  if (seat_id.rfind("side:", 0) != 0) return -1;
  try {
    return std::stoi(seat_id.substr(5));
  } catch (const std::exception&) {
    return -1;
  }
}

std::string GameState::label_of(const std::string& id) const {
  for (const auto& s : room.seats()) {
    if (s.seat_id() == id && !s.label().empty()) return s.label();
  }
  return id;
}

Link::Link(std::string url, client::TlsOptions tls, Ticket ticket)
    : url_(std::move(url)), tls_(std::move(tls)), ticket_(std::move(ticket)) {
  std::random_device rd;
  const auto r = (static_cast<std::uint64_t>(rd()) << 32) ^ rd();
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(r));
  id_prefix_ = std::string("cli-") + buf + "-";
}

std::string Link::next_command_id() {
  return id_prefix_ + std::to_string(++id_counter_);
}

client::Status Link::open() {
  client_.reset();
  auto c = client::Client::connect(url_, client::Format::kBinary, Millis(5000), tls_);
  if (!c) return c.failure();
  client_.emplace(std::move(*c));
  auto welcome = client_->hello("grognard-cli 0.1");
  if (!welcome) return welcome.failure();
  idle_timeout_ = std::chrono::seconds(welcome->limits().idle_timeout_seconds());
  touch();
  log_in_saved(*client_, url_);
  const bool by_account = ticket_.token.empty() && !ticket_.seat_id.empty();
  auto seated =
      by_account ? client_->resume_account_seat(ticket_.game_id, ticket_.seat_id, state_.last_seq)
      : ticket_.token.empty() ? client_->join(ticket_.invite_code, "observer", "", ticket_.name)
                              : client_->resume(ticket_.token, state_.last_seq);
  if (!seated) return seated.failure();
  // An observer's seat is new at each join, so Seated brings no history: the events before it
  // (all of them at first, those missed while away after a reconnect) come from the archive.
  if (ticket_.token.empty() && !by_account && seated->last_seq() > state_.last_seq) {
    auto earlier = client_->get_events(seated->game_id(), state_.last_seq + 1, seated->last_seq());
    if (!earlier) return earlier.failure();
    seated->mutable_events()->Clear();
    for (auto& e : *earlier->mutable_events()) *seated->add_events() = std::move(e);
  }
  absorb(*seated);
  drain();
  return client::ok_status();
}

client::Status Link::reconnect(int attempts, const std::function<bool(const std::string&)>& note) {
  Millis pause(500);
  for (int attempt = 1;; ++attempt) {
    auto st = open();
    if (st) return st;
    if (!connection_lost(st.failure()) || (attempts > 0 && attempt >= attempts)) return st;
    if (note && !note("Connection lost; retrying in " + std::to_string(pause.count()) +
                      " ms (attempt " + std::to_string(attempt) + "): " + readable(st.failure())))
      return st;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, Millis(15'000));
  }
}

void Link::absorb(const v1::Seated& s) {
  state_.game_id = s.game_id();
  state_.seat_id = s.seat_id();
  state_.role = s.role();
  absorb(s.room());
  state_.ruleset = s.room().ruleset();
  state_.status = s.room().status();
  state_.to_act = s.to_act();
  state_.acting_seats.assign(s.acting_seats().begin(), s.acting_seats().end());
  state_.view = s.view();
  absorb_events(s.events());
  state_.last_seq = std::max(state_.last_seq, s.last_seq());
}

void Link::absorb(const v1::EventBatch& b) {
  absorb_events(b.events());
  if (b.has_view()) state_.view = b.view();
  state_.to_act = b.to_act();
  state_.acting_seats.assign(b.acting_seats().begin(), b.acting_seats().end());
  if (!b.status().empty()) state_.status = b.status();
  if (state_.status != state_.room.status()) state_.room.set_status(state_.status);
  if (b.clocks_size() > 0) {
    *state_.room.mutable_clocks() = b.clocks();
    state_.room.set_clocks_at_ms(b.clocks_at_ms());
  }
}

void Link::absorb(const v1::RoomInfo& room) {
  state_.room = room;
  if (!room.status().empty()) state_.status = room.status();
}

void Link::absorb_events(const google::protobuf::RepeatedPtrField<v1::GameEvent>& events) {
  for (const auto& e : events) {
    if (e.seq() <= state_.last_seq) continue;
    state_.last_seq = e.seq();
    state_.recent.push_back(e);
    if (state_.recent.size() > GameState::kRecent) state_.recent.pop_front();
    fresh_.push_back(e);
  }
}

void Link::drain() {
  while (client_ && client_->pending() > 0) {
    auto m = client_->next_message(Millis(0));
    if (!m) return;
    if (m->has_events())
      absorb(m->events());
    else
      absorb_other(*m);
  }
}

void Link::absorb_other(const v1::ServerMessage& m) {
  if (m.request_id() != 0) return;
  if (m.has_take_back_offer() || m.has_take_back()) notices_.push_back(m);
}

std::vector<v1::ServerMessage> Link::take_notices() {
  std::vector<v1::ServerMessage> out;
  out.swap(notices_);
  return out;
}

client::Status Link::poll(Millis timeout, std::vector<v1::GameEvent>* fresh) {
  if (!client_) return not_connected();
  drain();
  auto m = client_->next_message(timeout);
  if (m) {
    if (m->has_events())
      absorb(m->events());
    else
      absorb_other(*m);
    drain();
  }
  auto taken = take_fresh();
  if (fresh) fresh->insert(fresh->end(), taken.begin(), taken.end());
  if (!m && m.failure().kind != client::FailureKind::kTimeout) return m.failure();
  if (!m && !client_->is_open()) return m.failure();
  return client::ok_status();
}

client::Status Link::keepalive() {
  if (!client_ || idle_timeout_.count() == 0) return client::ok_status();
  if (std::chrono::steady_clock::now() - last_sent_ < idle_timeout_ / 3) return client::ok_status();
  touch();
  auto st = client_->ping();
  drain();
  return st;
}

template <class T>
client::Result<T> Link::checked(client::Result<T> r) {
  touch();
  drain();
  return r;
}

client::Result<v1::CommandResult> Link::command(const google::protobuf::Any& command,
                                                const std::string& command_id) {
  if (!client_) return not_connected();
  return checked(client_->command(command, command_id));
}

client::Result<v1::PreviewResult> Link::preview(const google::protobuf::Any& command) {
  if (!client_) return not_connected();
  return checked(client_->preview(command));
}

client::Result<v1::LegalCommands> Link::legal() {
  if (!client_) return not_connected();
  return checked(client_->legal());
}

client::Result<v1::Measurement> Link::measure(const std::string& from, const std::string& to) {
  if (!client_) return not_connected();
  return checked(client_->measure(from, to));
}

client::Result<v1::CommandResult> Link::chat(const std::string& text, const std::string& to) {
  if (!client_) return not_connected();
  return checked(client_->chat(text, to));
}

client::Result<v1::TakeBackResult> Link::take_back() {
  if (!client_) return not_connected();
  return checked(client_->take_back());
}

client::Result<v1::TakeBackResult> Link::answer_take_back(bool accept) {
  if (!client_) return not_connected();
  return checked(client_->answer_take_back(accept));
}

client::Result<v1::RoomInfo> Link::claim_timeout(const std::string& seat_id) {
  if (!client_) return not_connected();
  auto r = checked(client_->claim_timeout(seat_id));
  if (r) absorb(*r);
  return r;
}

client::Result<v1::RoomInfo> Link::grant_time(const std::string& seat_id, std::uint32_t hours,
                                              std::uint32_t minutes) {
  if (!client_) return not_connected();
  auto r = checked(client_->grant_time(seat_id, hours, minutes));
  if (r) absorb(*r);
  return r;
}

std::vector<v1::GameEvent> Link::take_fresh() {
  std::vector<v1::GameEvent> out;
  out.swap(fresh_);
  return out;
}

}  // namespace grognard::cli
