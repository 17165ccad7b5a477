#pragma once
// One seat (or an observer's place) in one room, kept over a connection that may break.
//
// A Link owns a client::Client. open() connects, says hello and takes the place its Ticket
// names: resume with a seat token, or join as an observer with an invite code. Pushed events
// fold into state(): the latest view, whose turn, the last events. When the connection is
// lost, reconnect() tries again with growing pauses (0.5 s doubling to 15 s) and resumes from
// the last event seen, so nothing is missed and nothing is counted twice. command() takes a
// command id chosen once per command, so a command sent again after a reconnect is never
// applied twice (the server answers the duplicate with the first result).
//
// Thread-safety: none; one thread uses a Link at a time.

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "client/client.h"

namespace grognard::cli {

// Everything the client knows of the game it sits in.
struct GameState {
  std::string game_id;
  std::string ruleset;
  std::string seat_id;  // "side:0"; "observer:…" for an observer
  std::string role;
  std::string status;  // "waiting", "running", "finished", …
  std::string to_act;  // one line from the server
  std::vector<std::string> acting_seats;
  v1::RoomInfo room;
  google::protobuf::Any view;
  std::uint64_t last_seq = 0;
  std::deque<v1::GameEvent> recent;  // the last kRecent events, oldest first

  static constexpr std::size_t kRecent = 200;

  bool my_turn() const;
  // Watching, not playing (the server names an observer's place "observer:…").
  bool observer() const { return seat_id.empty() || role == "observer"; }
  bool over() const {
    return status == "finished" || status == "failed" || status == "expired" || status == "aborted";
  }
  // The side index of a "side:N" seat; -1 for observers and other seats.
  int side() const;
  // The label of a seat id ("side:0" → "British"), or the id itself.
  std::string label_of(const std::string& seat_id) const;
};

struct Ticket {
  std::string token;        // non-empty: resume this seat
  std::string invite_code;  // else: join as an observer of this room...
  std::string name = {};    // ...under this name (empty: "observer")
  // Or, logged in (commands/session_store.h): resume the account's seat of this game.
  std::string game_id = {};
  std::string seat_id = {};
};

class Link {
 public:
  Link(std::string url, client::TlsOptions tls, Ticket ticket);

  // Connects, says hello and takes the seat (or the observer's place).
  client::Status open();
  // open() again until it succeeds: pauses of 0.5 s doubling to 15 s; at most `attempts`
  // tries (0: no limit). `note` hears of each pause ("retrying in 2000 ms (attempt 3): …")
  // and returns false to give up.
  client::Status reconnect(int attempts, const std::function<bool(const std::string&)>& note);
  bool connected() const { return client_.has_value() && client_->is_open(); }
  const std::string& url() const { return url_; }

  // Reads what the server pushes for up to `timeout`; events not seen before are folded into
  // state() and appended to `fresh`. A quiet connection is no failure.
  client::Status poll(client::Millis timeout, std::vector<v1::GameEvent>* fresh);
  // Pings when nothing was sent for a third of the server's idle timeout.
  client::Status keepalive();

  client::Result<v1::CommandResult> command(const google::protobuf::Any& command,
                                            const std::string& command_id);
  client::Result<v1::LegalCommands> legal();
  client::Result<v1::PreviewResult> preview(const google::protobuf::Any& command);
  client::Result<v1::Measurement> measure(const std::string& from, const std::string& to);
  client::Result<v1::CommandResult> chat(const std::string& text, const std::string& to);
  client::Result<v1::TakeBackResult> take_back();
  client::Result<v1::TakeBackResult> answer_take_back(bool accept);
  // The win on time, or more time for a seat (docs/clocks.md); the room after it is kept.
  client::Result<v1::RoomInfo> claim_timeout(const std::string& seat_id);
  client::Result<v1::RoomInfo> grant_time(const std::string& seat_id, std::uint32_t hours,
                                          std::uint32_t minutes);
  // Messages the server pushed about take-backs (TakeBackOffer, a refusal), since the last call.
  std::vector<v1::ServerMessage> take_notices();
  bool has_notices() const { return !notices_.empty(); }
  // The connection for other requests. REQUIRES: connected().
  client::Client& client() { return *client_; }

  const GameState& state() const { return state_; }
  // A command id unique to this process and seat: random prefix + counter.
  std::string next_command_id();
  // Events folded since the last call that nobody has taken yet (pushes read during requests).
  std::vector<v1::GameEvent> take_fresh();

 private:
  void absorb(const v1::Seated& seated);
  void absorb(const v1::EventBatch& batch);
  void absorb(const v1::RoomInfo& room);
  // A pushed message that is not an EventBatch: kept for take_notices() when it is news.
  void absorb_other(const v1::ServerMessage& message);
  void absorb_events(const google::protobuf::RepeatedPtrField<v1::GameEvent>& events);
  // Handles the messages kept while waiting for answers.
  void drain();
  void touch() { last_sent_ = std::chrono::steady_clock::now(); }
  template <class T>
  client::Result<T> checked(client::Result<T> r);

  std::string url_;
  client::TlsOptions tls_;
  Ticket ticket_;
  std::optional<client::Client> client_;
  GameState state_;
  std::vector<v1::GameEvent> fresh_;
  std::vector<v1::ServerMessage> notices_;
  std::string id_prefix_;
  std::uint64_t id_counter_ = 0;
  std::chrono::seconds idle_timeout_{0};
  std::chrono::steady_clock::time_point last_sent_{};
};

}  // namespace grognard::cli
