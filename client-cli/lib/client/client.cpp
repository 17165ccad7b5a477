#include "client/client.h"

#include <algorithm>
#include <utility>

namespace grognard::client {

namespace {

using SteadyClock = std::chrono::steady_clock;

Millis remaining(SteadyClock::time_point deadline) {
  const auto left = std::chrono::duration_cast<Millis>(deadline - SteadyClock::now());
  return std::max(left, Millis(0));
}

Failure unexpected(const v1::ServerMessage& got, v1::ServerMessage::BodyCase expected) {
  const auto* field =
      v1::ServerMessage::descriptor()->FindFieldByNumber(static_cast<int>(expected));
  Failure f;
  f.kind = FailureKind::kUnexpected;
  f.message = "expected " + (field ? field->name() : std::string("?")) + ", got " + summary(got);
  return f;
}

}  // namespace

Client::Client(std::unique_ptr<WebSocket> ws, Format format, Millis timeout)
    : ws_(std::move(ws)), format_(format), timeout_(timeout) {}

Client::Client(Client&&) noexcept = default;
Client& Client::operator=(Client&&) noexcept = default;
Client::~Client() = default;

Result<Client> Client::connect(const std::string& url, Format format, Millis timeout,
                               const TlsOptions& tls) {
  auto parsed = parse_url(url);
  if (!parsed) return parsed.failure();
  auto ws = std::make_unique<WebSocket>();
  if (auto st = ws->connect(*parsed, timeout, tls); !st) return st.failure();
  return Client(std::move(ws), format, timeout);
}

// --- Messages ---------------------------------------------------------------------------------

Status Client::send(const v1::ClientMessage& message) {
  return ws_->write(encode(message, format_), format_ == Format::kBinary, timeout_);
}

Result<v1::ServerMessage> Client::read_one(Millis timeout) {
  auto frame = ws_->read(timeout);
  if (!frame) return frame.failure();
  if (recording_) recorded_.push_back(*frame);
  return decode(frame->bytes, frame->binary);
}

Result<v1::ServerMessage> Client::request(v1::ClientMessage message) {
  return request(std::move(message), timeout_);
}

Result<v1::ServerMessage> Client::request(v1::ClientMessage message, Millis timeout) {
  const auto deadline = SteadyClock::now() + timeout;
  const std::uint64_t id = next_request_id_++;
  message.set_request_id(id);
  if (auto st = send(message); !st) return st.failure();
  for (;;) {
    auto got = read_one(remaining(deadline));
    if (!got) return got.failure();
    if (got->request_id() == id) return got;
    inbox_.push_back(std::move(*got));
  }
}

Result<v1::ServerMessage> Client::next_message(Millis timeout) {
  if (!inbox_.empty()) {
    v1::ServerMessage m = std::move(inbox_.front());
    inbox_.pop_front();
    return m;
  }
  return read_one(timeout);
}

Result<v1::ServerMessage> Client::next_push(Millis timeout) {
  const auto it = std::find_if(inbox_.begin(), inbox_.end(),
                               [](const v1::ServerMessage& m) { return m.request_id() == 0; });
  if (it != inbox_.end()) {
    v1::ServerMessage m = std::move(*it);
    inbox_.erase(it);
    return m;
  }
  const auto deadline = SteadyClock::now() + timeout;
  for (;;) {
    auto got = read_one(remaining(deadline));
    if (!got || got->request_id() == 0) return got;
    inbox_.push_back(std::move(*got));
  }
}

Result<v1::ServerMessage> Client::call(v1::ClientMessage message,
                                       v1::ServerMessage::BodyCase expected) {
  auto answer = request(std::move(message));
  if (!answer) return answer;
  if (answer->has_error()) {
    Failure f;
    f.kind = FailureKind::kServer;
    f.code = answer->error().code();
    f.clause = answer->error().clause();
    f.message = answer->error().message();
    return f;
  }
  if (answer->body_case() != expected) return unexpected(*answer, expected);
  return answer;
}

// --- Raw frames and the connection ------------------------------------------------------------

Status Client::send_raw(std::string_view bytes, bool binary) {
  return ws_->write(bytes, binary, timeout_);
}

Result<Frame> Client::receive_raw(Millis timeout) {
  auto frame = ws_->read(timeout);
  if (frame && recording_) recorded_.push_back(*frame);
  return frame;
}

bool Client::is_open() const {
  return ws_ && ws_->is_open();
}

std::optional<CloseInfo> Client::close_info() const {
  return ws_ ? ws_->close_info() : std::nullopt;
}

void Client::close() {
  if (ws_) ws_->close(timeout_);
}

void Client::drop() {
  if (ws_) ws_->drop();
}

// --- Typed requests ---------------------------------------------------------------------------

Result<v1::Welcome> Client::hello(const std::string& client_name) {
  v1::ClientMessage m;
  m.mutable_hello()->set_protocol_version(1);
  m.mutable_hello()->set_client(client_name);
  return body<v1::Welcome>(
      call(std::move(m), v1::ServerMessage::kWelcome),
      [](v1::ServerMessage& a) -> v1::Welcome& { return *a.mutable_welcome(); });
}

Status Client::ping() {
  v1::ClientMessage m;
  m.mutable_ping();
  auto answer = call(std::move(m), v1::ServerMessage::kPong);
  if (!answer) return answer.failure();
  return ok_status();
}

Result<v1::ScenarioList> Client::list_scenarios(const std::string& ruleset) {
  v1::ClientMessage m;
  m.mutable_list_scenarios()->set_ruleset(ruleset);
  return body<v1::ScenarioList>(
      call(std::move(m), v1::ServerMessage::kScenarios),
      [](v1::ServerMessage& a) -> v1::ScenarioList& { return *a.mutable_scenarios(); });
}

Result<v1::RoomInfo> Client::create_room(const std::string& ruleset, const std::string& scenario,
                                         bool observers_allowed, bool unlisted,
                                         const std::string& time_control) {
  v1::ClientMessage m;
  auto* req = m.mutable_create_room();
  req->set_ruleset(ruleset);
  req->set_scenario(scenario);
  req->set_observers_allowed(observers_allowed);
  req->set_unlisted(unlisted);
  req->set_time_control(time_control);
  return room_call(std::move(m));
}

Result<v1::RoomInfo> Client::room_call(v1::ClientMessage message) {
  return body<v1::RoomInfo>(
      call(std::move(message), v1::ServerMessage::kRoom),
      [](v1::ServerMessage& a) -> v1::RoomInfo& { return *a.mutable_room(); });
}

Result<v1::RoomList> Client::list_rooms() {
  v1::ClientMessage m;
  m.mutable_list_rooms();
  return body<v1::RoomList>(
      call(std::move(m), v1::ServerMessage::kRooms),
      [](v1::ServerMessage& a) -> v1::RoomList& { return *a.mutable_rooms(); });
}

Result<v1::Seated> Client::join(const std::string& invite_code, const std::string& role,
                                const std::string& seat, const std::string& name) {
  v1::ClientMessage m;
  auto* req = m.mutable_join_room();
  req->set_invite_code(invite_code);
  req->set_role(role);
  req->set_seat(seat);
  req->set_name(name);
  return body<v1::Seated>(call(std::move(m), v1::ServerMessage::kSeated),
                          [](v1::ServerMessage& a) -> v1::Seated& { return *a.mutable_seated(); });
}

Result<v1::Seated> Client::resume(const std::string& token, std::uint64_t last_seq) {
  v1::ClientMessage m;
  m.mutable_resume()->set_token(token);
  m.mutable_resume()->set_last_seq(last_seq);
  return whole(call(std::move(m), v1::ServerMessage::kSeated));
}

Result<v1::Seated> Client::whole(Result<v1::ServerMessage> answer) {
  auto seated = body<v1::Seated>(
      std::move(answer), [](v1::ServerMessage& a) -> v1::Seated& { return *a.mutable_seated(); });
  if (!seated || seated->next_seq() == 0) return seated;
  // The rest of the events up to the answer's last_seq, seen as this seat (an observer's view
  // is "observer"); later ones come as pushes, kept meanwhile.
  const std::string as = seated->role() == "observer" ? "observer" : seated->seat_id();
  for (std::uint64_t next = seated->next_seq(); next != 0;) {
    auto page = get_events_page(seated->game_id(), next, seated->last_seq(), as);
    if (!page) return page.failure();
    for (auto& e : *page->mutable_events()) *seated->add_events() = std::move(e);
    next = page->next_seq();
  }
  seated->set_next_seq(0);
  return seated;
}

Result<v1::Left> Client::leave() {
  v1::ClientMessage m;
  m.mutable_leave();
  return body<v1::Left>(call(std::move(m), v1::ServerMessage::kLeft),
                        [](v1::ServerMessage& a) -> v1::Left& { return *a.mutable_left(); });
}

Result<v1::CommandResult> Client::command(const google::protobuf::Any& command,
                                          const std::string& command_id) {
  v1::ClientMessage m;
  m.mutable_command()->set_command_id(command_id);
  *m.mutable_command()->mutable_command() = command;
  return body<v1::CommandResult>(
      call(std::move(m), v1::ServerMessage::kCommandResult),
      [](v1::ServerMessage& a) -> v1::CommandResult& { return *a.mutable_command_result(); });
}

Result<v1::CommandResult> Client::itchy_command(const v1::itchy::Command& command,
                                                const std::string& command_id) {
  return this->command(pack(command), command_id);
}

Result<v1::PreviewResult> Client::preview(const google::protobuf::Any& command) {
  v1::ClientMessage m;
  *m.mutable_preview()->mutable_command() = command;
  return body<v1::PreviewResult>(
      call(std::move(m), v1::ServerMessage::kPreview),
      [](v1::ServerMessage& a) -> v1::PreviewResult& { return *a.mutable_preview(); });
}

Result<v1::LegalCommands> Client::legal() {
  v1::ClientMessage m;
  m.mutable_get_legal();
  return body<v1::LegalCommands>(
      call(std::move(m), v1::ServerMessage::kLegal),
      [](v1::ServerMessage& a) -> v1::LegalCommands& { return *a.mutable_legal(); });
}

Result<v1::Measurement> Client::measure(const std::string& from, const std::string& to) {
  v1::ClientMessage m;
  m.mutable_measure()->set_from(from);
  m.mutable_measure()->set_to(to);
  return body<v1::Measurement>(
      call(std::move(m), v1::ServerMessage::kMeasurement),
      [](v1::ServerMessage& a) -> v1::Measurement& { return *a.mutable_measurement(); });
}

Result<v1::CommandResult> Client::chat(const std::string& text, const std::string& to) {
  v1::ClientMessage m;
  m.mutable_chat()->set_text(text);
  m.mutable_chat()->set_to(to);
  return body<v1::CommandResult>(
      call(std::move(m), v1::ServerMessage::kCommandResult),
      [](v1::ServerMessage& a) -> v1::CommandResult& { return *a.mutable_command_result(); });
}

Result<v1::TakeBackResult> Client::take_back() {
  v1::ClientMessage m;
  m.mutable_take_back();
  return body<v1::TakeBackResult>(
      call(std::move(m), v1::ServerMessage::kTakeBack),
      [](v1::ServerMessage& a) -> v1::TakeBackResult& { return *a.mutable_take_back(); });
}

Result<v1::TakeBackResult> Client::answer_take_back(bool accept) {
  v1::ClientMessage m;
  m.mutable_answer_take_back()->set_accept(accept);
  return body<v1::TakeBackResult>(
      call(std::move(m), v1::ServerMessage::kTakeBack),
      [](v1::ServerMessage& a) -> v1::TakeBackResult& { return *a.mutable_take_back(); });
}

Result<v1::GameList> Client::list_games(const v1::ListGames& filter) {
  v1::ClientMessage m;
  *m.mutable_list_games() = filter;
  return body<v1::GameList>(
      call(std::move(m), v1::ServerMessage::kGames),
      [](v1::ServerMessage& a) -> v1::GameList& { return *a.mutable_games(); });
}

Result<v1::EventList> Client::get_events(const std::string& game_id, std::uint64_t from_seq,
                                         std::uint64_t to_seq, const std::string& as_seat) {
  auto list = get_events_page(game_id, from_seq, to_seq, as_seat);
  if (!list) return list;
  const std::uint64_t to = to_seq != 0 ? to_seq : list->last_seq();
  while (list->next_seq() != 0) {
    auto page = get_events_page(game_id, list->next_seq(), to, as_seat);
    if (!page) return page.failure();
    for (auto& e : *page->mutable_events()) *list->add_events() = std::move(e);
    list->set_next_seq(page->next_seq());
  }
  return list;
}

Result<v1::EventList> Client::get_events_page(const std::string& game_id, std::uint64_t from_seq,
                                              std::uint64_t to_seq, const std::string& as_seat) {
  v1::ClientMessage m;
  auto* req = m.mutable_get_events();
  req->set_game_id(game_id);
  req->set_from_seq(from_seq);
  req->set_to_seq(to_seq);
  req->set_as_seat(as_seat);
  return body<v1::EventList>(
      call(std::move(m), v1::ServerMessage::kEventList),
      [](v1::ServerMessage& a) -> v1::EventList& { return *a.mutable_event_list(); });
}

Result<v1::StateAt> Client::get_state(const std::string& game_id, std::uint64_t at_seq,
                                      const std::string& as_seat) {
  v1::ClientMessage m;
  auto* req = m.mutable_get_state();
  req->set_game_id(game_id);
  req->set_at_seq(at_seq);
  req->set_as_seat(as_seat);
  return body<v1::StateAt>(call(std::move(m), v1::ServerMessage::kState),
                           [](v1::ServerMessage& a) -> v1::StateAt& { return *a.mutable_state(); });
}

Result<v1::GameArchive> Client::export_game(const std::string& game_id) {
  v1::ClientMessage m;
  m.mutable_export_game()->set_game_id(game_id);
  return body<v1::GameArchive>(
      call(std::move(m), v1::ServerMessage::kArchive),
      [](v1::ServerMessage& a) -> v1::GameArchive& { return *a.mutable_archive(); });
}

}  // namespace grognard::client
