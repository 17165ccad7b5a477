#pragma once
// The user-interface thread's side of interactive play (see interactive.h): the typed lines
// and keys, the screen, and the session's log. Whatever a command prints goes to the log; it
// shows in the message area under the events when it fits there, else in the pager in place
// of the map (Enter or Space: next page, PgUp/PgDn, q: back). `log [N]` opens the pager on the
// log (every event in words with its dice, chat, typed line, answer, error and note of this
// session), and PgUp from the game does too. The screen fits the terminal (play/layout.h);
// `zoom`, `show` and `panel` (play/view_line.h) are answered here from the view.

#include <atomic>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "play/line_editor.h"
#include "play/mailbox.h"
#include "play/pager.h"
#include "play/play_line.h"
#include "play/screen.h"
#include "play/view_line.h"
#include "render/style.h"

namespace grognard::cli {

class PlayUi {
 public:
  PlayUi(const GameState& state, const Style& style, Mailbox& box);

  void on_line(std::optional<std::string> line);
  // PgUp, PgDn and Space (see LineEditor::OnKey); true if taken.
  bool on_key(LineEditor::Key key);
  // What the network thread posted.
  void take_mail();
  void redraw();
  // Draws the screen again when the clocks' line has changed since it was drawn (a running clock
  // counts down); true if it did.
  bool tick();
  bool quit() const { return quit_; }
  std::vector<std::string> complete(const std::string& before) const {
    return completions(before, ui_, state_);
  }
  std::string prompt() const {
    return (state_.observer() ? std::string("watching") : state_.label_of(state_.seat_id)) + "> ";
  }

 private:
  void send(Job job, bool again);
  // Sends a command (again after a reconnect, under the same command id).
  void send_command(const google::protobuf::Any& command, const std::string& what);
  static Job command_job(const google::protobuf::Any& command, const std::string& what);
  void act(const Action& a);
  // A command's lines (or a note): to the log, and to the message area or the pager.
  void show(const std::vector<std::string>& lines);
  void log_line(std::string line);
  void log_events(const std::vector<v1::GameEvent>& events);
  // How many message lines the game screen has room for on the terminal now.
  std::size_t message_rows() const;

  GameState state_;
  Style style_;
  Mailbox& box_;
  const RulesetUi* ui_;
  std::deque<std::string> messages_;
  std::deque<std::string> log_;
  std::string last_line_;  // the line typed last: the pager's title
  Pager pager_;
  // A command previewed before it is sent (Action::confirm): kAsked once the server's warnings
  // are shown with kConfirmQuestion, and the next typed line answers it; kDropped when a line
  // was typed before the server's answer came (then a warned command is not sent, nor asked
  // about). The link's thread and the screen's race for it: whoever moves it first from
  // kWaiting decides.
  struct Confirm {
    enum State { kWaiting, kAsked, kDropped };
    std::atomic<State> state{kWaiting};
    google::protobuf::Any command;
    std::string what;
  };
  std::shared_ptr<Confirm> confirm_;
  Zoom zoom_;                 // `zoom`: the part of the table the map shows
  std::string clocks_drawn_;  // the clocks' line as last drawn
  bool quit_ = false;
};

}  // namespace grognard::cli
