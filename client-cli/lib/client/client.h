#pragma once
// A synchronous Grognard client over one WebSocket connection (docs/protocol.md).
//
//   auto c = Client::connect("ws://127.0.0.1:8080/", Format::kBinary, 5s);  // or wss://
//   if (!c) return c.failure();
//   c->hello();
//   auto room = c->create_room("itchy", "intro", /*observers_allowed=*/true, /*unlisted=*/false);
//   auto seat = c->join(room->invite_code(), "general", "", "Alice");
//
// request() numbers each ClientMessage (request_id 1, 2, …), sends it in the client's format
// (protobuf in binary frames or JSON in text frames), and reads until the answer with that id
// arrives; every other message read meanwhile (pushes carry request_id 0) is kept, in order,
// for next_push()/next_message(). The typed helpers turn an Error answer into a Failure of
// kind kServer (code, clause, message) and any other unexpected answer into kUnexpected.
//
// Every call returns within its timeout (the client's default unless given). The client
// never throws; exceptions stay inside the WebSocket layer.
//
// Thread-safety: none; one thread uses a Client at a time.

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "client/codec.h"
#include "client/result.h"
#include "client/websocket.h"
#include "grognard/v1/itchy.pb.h"
#include "grognard/v1/protocol.pb.h"

namespace grognard::client {

class Client {
 public:
  static constexpr Millis kDefaultTimeout{10'000};

  // Connects and performs the WebSocket handshake (no Hello yet); a wss:// server's certificate
  // is verified as `tls` says.
  static Result<Client> connect(const std::string& url, Format format,
                                Millis timeout = kDefaultTimeout, const TlsOptions& tls = {});

  Client(Client&&) noexcept;
  Client& operator=(Client&&) noexcept;
  ~Client();

  Format format() const { return format_; }
  // The default timeout of every call that takes none.
  void set_timeout(Millis timeout) { timeout_ = timeout; }
  Millis timeout() const { return timeout_; }

  // --- Messages -------------------------------------------------------------------------------

  // Sends `message` with the next request id and returns the answer carrying that id, which
  // may be an Error.
  Result<v1::ServerMessage> request(v1::ClientMessage message);
  Result<v1::ServerMessage> request(v1::ClientMessage message, Millis timeout);
  // Sends `message` as it is (its request_id untouched) without waiting for anything.
  Status send(const v1::ClientMessage& message);
  // The next message kept or arriving, whatever its request id.
  Result<v1::ServerMessage> next_message(Millis timeout);
  // The next message with request_id 0 (a push: EventBatch, Closing, an error about a frame
  // that could not be read); answers read meanwhile stay kept.
  Result<v1::ServerMessage> next_push(Millis timeout);
  // How many messages are kept, unread.
  std::size_t pending() const { return inbox_.size(); }

  // --- Raw frames (for tests of bad input) ----------------------------------------------------

  Status send_raw(std::string_view bytes, bool binary);
  // The next frame off the wire, undecoded (kept messages are not looked at).
  Result<Frame> receive_raw(Millis timeout);
  // Records every frame received from now on, before it is decoded.
  void record_frames(bool on) { recording_ = on; }
  const std::vector<Frame>& recorded_frames() const { return recorded_; }

  // --- Connection -----------------------------------------------------------------------------

  bool is_open() const;
  // How the server closed the connection, once it has (code 0: no close frame arrived).
  std::optional<CloseInfo> close_info() const;
  // The close handshake; the client is unusable afterwards.
  void close();
  // Closes the TCP connection abruptly, without a close handshake.
  void drop();

  // --- Typed requests -------------------------------------------------------------------------

  Result<v1::Welcome> hello(const std::string& client_name = "grognard-client");
  Status ping();
  Result<v1::ScenarioList> list_scenarios(const std::string& ruleset = "");
  // `time_control`: "" (none), "days 3", "pace normal", "live 30+10" (docs/clocks.md).
  Result<v1::RoomInfo> create_room(const std::string& ruleset, const std::string& scenario,
                                   bool observers_allowed = false, bool unlisted = false,
                                   const std::string& time_control = "");
  Result<v1::RoomList> list_rooms();
  // Clocks (docs/clocks.md; client_clocks.cpp). A claim ends the game; a grant is hours or
  // minutes (the other 0); both answer the room as it is then.
  Result<v1::RoomInfo> claim_timeout(const std::string& seat_id = "");
  Result<v1::RoomInfo> grant_time(const std::string& seat_id, std::uint32_t hours,
                                  std::uint32_t minutes = 0);
  Result<v1::AccountState> take_vacation(std::uint32_t days);
  Result<v1::AccountState> end_vacation();
  // `role`: "general", "player", "referee" or "observer"; `seat` empty: the first open seat.
  Result<v1::Seated> join(const std::string& invite_code, const std::string& role,
                          const std::string& seat = "", const std::string& name = "");
  // The events after `last_seq` come whole: when the server answers them a page at a time
  // (Seated.next_seq, docs/protocol.md "Pages") the rest are fetched with GetEvents as this seat
  // before resume() returns. Pushes read meanwhile stay kept; they carry only events after the
  // answer's last_seq.
  Result<v1::Seated> resume(const std::string& token, std::uint64_t last_seq);
  Result<v1::Left> leave();
  Result<v1::CommandResult> command(const google::protobuf::Any& command,
                                    const std::string& command_id);
  Result<v1::CommandResult> itchy_command(const v1::itchy::Command& command,
                                          const std::string& command_id);
  Result<v1::LegalCommands> legal();
  // What `command` would do, decided by the server without sending it (docs/protocol.md,
  // "Previews").
  Result<v1::PreviewResult> preview(const google::protobuf::Any& command);
  // Distance, range, sight and cover from `from` to `to`: ids or points (docs/protocol.md,
  // "Measuring").
  Result<v1::Measurement> measure(const std::string& from, const std::string& to);
  Result<v1::CommandResult> chat(const std::string& text, const std::string& to = "");
  // Takes back this seat's last command, or asks for consent (docs/protocol.md, "Taking back");
  // answer_take_back() answers a TakeBackOffer pushed to this seat.
  Result<v1::TakeBackResult> take_back();
  Result<v1::TakeBackResult> answer_take_back(bool accept);
  Result<v1::GameList> list_games(const v1::ListGames& filter = {});
  // Every event asked for: pages (EventList.next_seq) are fetched until the answer is whole,
  // up to the game's last event when the first page was answered (to_seq 0).
  Result<v1::EventList> get_events(const std::string& game_id, std::uint64_t from_seq = 1,
                                   std::uint64_t to_seq = 0, const std::string& as_seat = "");
  // One answer of the server, maybe a page (its next_seq says where the rest starts).
  Result<v1::EventList> get_events_page(const std::string& game_id, std::uint64_t from_seq,
                                        std::uint64_t to_seq, const std::string& as_seat);
  Result<v1::StateAt> get_state(const std::string& game_id, std::uint64_t at_seq = 0,
                                const std::string& as_seat = "");
  // The archive file of an ended game (docs/archives.md): record/archive_file.h writes and checks
  // it.
  Result<v1::GameArchive> export_game(const std::string& game_id);

  // --- Accounts (docs/accounts.md; client_accounts.cpp) ---------------------------------------

  // Each answers with AccountState: who the connection is logged in as, after the request.
  // Register and log_in by password hand out a session token (AccountState.session_token).
  Result<v1::AccountState> register_account(const std::string& name, const std::string& password,
                                            const std::string& email = "");
  Result<v1::AccountState> log_in(const std::string& name, const std::string& password);
  Result<v1::AccountState> log_in_with_token(const std::string& session_token);
  Result<v1::AccountState> log_out(bool everywhere = false);
  Result<v1::AccountState> who_am_i();
  Result<v1::AccountState> change_password(const std::string& old_password,
                                           const std::string& new_password);
  Result<v1::AccountState> delete_account(const std::string& password);
  // E-mail (client_accounts.cpp): each answers with AccountNotice, a sentence and the account
  // after. An empty `email` removes the address.
  Result<v1::AccountNotice> set_email(const std::string& email, const std::string& password);
  Result<v1::AccountNotice> confirm_email(const std::string& token);
  // The same answer whatever exists; a link is mailed only to a confirmed address.
  Result<v1::AccountNotice> request_password_reset(const std::string& name_or_email);
  Result<v1::AccountNotice> reset_password(const std::string& token,
                                           const std::string& new_password);
  // Notices (docs/notifications.md), each answered with AccountState: the webhook (an empty
  // `url` removes it) and how often mail comes ("each", "daily", "off").
  Result<v1::AccountState> set_webhook(const std::string& url, const std::string& secret);
  Result<v1::AccountState> set_mail_notices(const std::string& mode);
  // The seat of `token` becomes the logged-in account's.
  Result<v1::SeatClaimed> claim_seat(const std::string& token);
  Result<v1::MyGameList> list_my_games();
  // The logged-in account's seat `seat_id` of game `game_id`, without its token: as resume().
  Result<v1::Seated> resume_account_seat(const std::string& game_id, const std::string& seat_id,
                                         std::uint64_t last_seq);

 private:
  // The body of an answer as its own value.
  template <class T, class Get>
  static Result<T> body(Result<v1::ServerMessage> answer, Get get) {
    if (!answer) return answer.failure();
    return T(std::move(get(*answer)));
  }
  Result<v1::AccountState> account_call(v1::ClientMessage message);
  Result<v1::RoomInfo> room_call(v1::ClientMessage message);
  Result<v1::AccountNotice> notice_call(v1::ClientMessage message);
  // The events after a Seated answer's page, fetched whole (resume()).
  Result<v1::Seated> whole(Result<v1::ServerMessage> answer);

  Client(std::unique_ptr<WebSocket> ws, Format format, Millis timeout);
  // Reads and decodes one message from the wire.
  Result<v1::ServerMessage> read_one(Millis timeout);
  // request() whose answer must have body `expected`; Error answers become kServer failures.
  Result<v1::ServerMessage> call(v1::ClientMessage message, v1::ServerMessage::BodyCase expected);

  std::unique_ptr<WebSocket> ws_;
  Format format_;
  Millis timeout_;
  std::uint64_t next_request_id_ = 1;
  std::deque<v1::ServerMessage> inbox_;
  bool recording_ = false;
  std::vector<Frame> recorded_;
};

}  // namespace grognard::client
