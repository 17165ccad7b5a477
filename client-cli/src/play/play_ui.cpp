#include "play/play_ui.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <utility>

#include "commands/errors.h"
#include "play/clock_line.h"
#include "play/layout.h"
#include "play/measure.h"
#include "play/preview.h"
#include "play/screen.h"
#include "play/take_back.h"

namespace grognard::cli {

namespace {

constexpr std::size_t kMessages = 200;  // kept for the message area
constexpr std::size_t kLog = 20000;     // lines of the session's log

struct Size {
  int rows = 40;
  int cols = 100;
};

Size terminal_size() {
  winsize ws{};
  Size s;
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0) {
    s.rows = ws.ws_row;
    s.cols = ws.ws_col;
  }
  return s;
}

}  // namespace

PlayUi::PlayUi(const GameState& state, const Style& style, Mailbox& box)
    : state_(state), style_(style), box_(box), ui_(ui_for(state.ruleset)) {
  log_events({state.recent.begin(), state.recent.end()});
}

void PlayUi::send(Job job, bool again) {
  std::lock_guard lock(box_.mutex);
  box_.jobs.emplace_back(std::move(job), again);
}

void PlayUi::log_line(std::string line) {
  log_.push_back(std::move(line));
  while (log_.size() > kLog) log_.pop_front();
}

void PlayUi::log_events(const std::vector<v1::GameEvent>& events) {
  const auto label = [&](const std::string& id) { return state_.label_of(id); };
  for (const auto& e : events) log_line(event_line(e, ui_, state_.view, label));
}

std::size_t PlayUi::message_rows() const {
  const Size size = terminal_size();
  return fit_screen(state_, ui_, style_, {}, ScreenSize{size.rows, size.cols},
                    zoom_focus(zoom_, ui_, state_))
      .message_rows;
}

void PlayUi::show(const std::vector<std::string>& lines) {
  for (const auto& l : lines) log_line(l);
  const Size size = terminal_size();
  const auto wrapped = wrap_lines(lines, static_cast<std::size_t>(size.cols));
  if (wrapped.size() <= message_rows()) {
    for (const auto& l : lines) messages_.push_back(l);
  } else {
    pager_.open(last_line_, lines);
    messages_.push_back("(" + std::to_string(wrapped.size()) +
                        " lines, shown a page at a time; log shows them again)");
  }
  while (messages_.size() > kMessages) messages_.pop_front();
}

void PlayUi::on_line(std::optional<std::string> line) {
  if (!line) {
    quit_ = true;
    return;
  }
  const auto words = split_words(*line);
  if (pager_.is_open() && (words.empty() || (words.size() == 1 && words[0] == "q"))) {
    if (words.empty())
      pager_.next_page();
    else
      pager_.close();
    return redraw();
  }
  pager_.close();
  if (words.empty()) return redraw();
  last_line_ = "> " + *line;
  messages_.push_back(last_line_);
  log_line(last_line_);
  // The answer to "send it anyway? [y/N]": anything but yes leaves the command unsent.
  if (auto c = std::exchange(confirm_, nullptr)) {
    auto waiting = Confirm::kWaiting;
    if (!c->state.compare_exchange_strong(waiting, Confirm::kDropped)) {  // it was asked
      if (confirmed(*line)) {
        send_command(c->command, c->what);
      } else {
        show({"not sent: " + c->what});
      }
      return redraw();
    }
  }
  if (auto view = view_command(*line, ui_, state_, zoom_)) {
    if (view->page) {
      for (const auto& l : view->lines) log_line(l);
      pager_.open(last_line_, view->lines);
    } else {
      show(view->lines);
    }
    return redraw();
  }
  act(interpret(*line, ui_, state_));
  redraw();
}

bool PlayUi::on_key(LineEditor::Key key) {
  if (key == LineEditor::Key::kPageUp && !pager_.is_open()) {
    pager_.open("log", {log_.begin(), log_.end()}, 0);
  } else if (!pager_.is_open()) {
    return false;
  } else if (key == LineEditor::Key::kPageUp) {
    pager_.page_up();
  } else if (key == LineEditor::Key::kPageDown) {
    pager_.page_down();
  } else {
    pager_.next_page();
  }
  redraw();
  return true;
}

void PlayUi::act(const Action& a) {
  const RulesetUi* ui = ui_;
  switch (a.kind) {
    case Action::kNothing:
    case Action::kMap:
      return;
    case Action::kQuit:
      quit_ = true;
      return;
    case Action::kError:
      return show({a.text});
    case Action::kWait:
      return show({"wait is for scripts; the screen updates by itself"});
    case Action::kHelp:
      return show(a.text.empty() ? help_lines(ui_) : help_for(ui_, a.text));
    case Action::kLog:
      pager_.open("log", {log_.begin(), log_.end()}, a.lines);
      return;
    case Action::kLegal:
      return send(
          [ui, unit = a.unit](Link& link) -> std::vector<std::string> {
            auto legal = link.legal();
            if (!legal) return {readable(legal.failure())};
            if (!ui) return {std::to_string(legal->commands_size()) + " commands"};
            return ui->describe_legal(*legal, link.state().view, unit);
          },
          false);
    case Action::kPending:
      return send(
          [ui](Link& link) -> std::vector<std::string> {
            if (!ui) return {"Nothing is pending."};
            return ui->pending(link.state().view, link.state().recent);
          },
          false);
    case Action::kMeasure:
      return send(
          [a](Link& link) -> std::vector<std::string> {
            auto r = link.measure(a.unit, a.target);
            if (!r) return {readable(r.failure())};
            return {measure_line(a.unit, a.target, *r, a.los)};
          },
          false);
    case Action::kChat:
      return send(
          [a](Link& link) -> std::vector<std::string> {
            auto r = link.chat(a.text, a.to);
            if (!r) return {readable(r.failure())};
            return {};
          },
          false);
    case Action::kTakeBack:
    case Action::kAnswer:
      return send(
          [a](Link& link) -> std::vector<std::string> {
            auto r =
                a.kind == Action::kTakeBack ? link.take_back() : link.answer_take_back(a.accept);
            if (!r) return {readable(r.failure())};
            return {take_back_answer(*r, link.state())};
          },
          false);
    case Action::kClaim:
    case Action::kGrant:
      return send(
          [a](Link& link) -> std::vector<std::string> {
            auto r = clock_request(link, a);
            if (!r) return {readable(r.failure())};
            return {clock_answer(*r, a, link.state())};
          },
          false);
    case Action::kPreview:
      return send(
          [ui, command = a.command](Link& link) -> std::vector<std::string> {
            auto r = link.preview(command);
            if (!r) return {readable(r.failure())};
            return preview_lines(*r, ui, link.state().view);
          },
          false);
    case Action::kCommand: {
      const std::string what = ui ? ui->describe_command(a.command) : "command";
      if (!a.confirm) return send_command(a.command, what);
      // Previewed first; sent at once unless the server warns, else asked about (on_line).
      auto c = std::make_shared<Confirm>();
      c->command = a.command;
      c->what = what;
      confirm_ = c;
      return send(
          [c](Link& link) -> std::vector<std::string> {
            auto r = link.preview(c->command);
            if (!r) return {readable(r.failure()), "not sent: " + c->what};
            if (r->warnings_size() == 0) return command_job(c->command, c->what)(link);
            auto lines = warning_lines(*r);
            auto waiting = Confirm::kWaiting;
            if (!c->state.compare_exchange_strong(waiting, Confirm::kAsked)) {
              lines.push_back("not sent: " + c->what +
                              " (another line was typed before this warning came; give it again)");
              return lines;
            }
            lines.push_back(kConfirmQuestion);
            return lines;
          },
          false);
    }
  }
}

Job PlayUi::command_job(const google::protobuf::Any& command, const std::string& what) {
  auto id = std::make_shared<std::string>();
  return [id, what, command](Link& link) -> std::vector<std::string> {
    if (id->empty()) *id = link.next_command_id();
    auto r = link.command(command, *id);
    if (!r) return {readable(r.failure())};
    return {"ok: " + what + (r->duplicate() ? " (already done)" : "")};
  };
}

void PlayUi::send_command(const google::protobuf::Any& command, const std::string& what) {
  send(command_job(command, what), true);
}

void PlayUi::take_mail() {
  char buf[256];
  while (::read(box_.wake[0], buf, sizeof buf) > 0) {
  }
  std::vector<v1::GameEvent> events;
  std::vector<std::vector<std::string>> outputs;
  {
    std::lock_guard lock(box_.mutex);
    if (box_.state) state_ = std::move(*box_.state);
    box_.state.reset();
    events.swap(box_.events);
    outputs.swap(box_.outputs);
  }
  log_events(events);
  for (const auto& o : outputs) show(o);
}

bool PlayUi::tick() {
  if (pager_.is_open() || clock_line(state_) == clocks_drawn_) return false;
  redraw();
  return true;
}

void PlayUi::redraw() {
  clocks_drawn_ = clock_line(state_);
  const Size size = terminal_size();
  std::string out = "\033[H\033[2J";
  if (pager_.is_open()) {
    for (const auto& l : pager_.frame(size.rows, size.cols)) out += l + "\r\n";
  } else {
    // The last messages (fit_screen wraps them as the terminal would and keeps what fits).
    const std::size_t from = messages_.size() - std::min<std::size_t>(40, messages_.size());
    const std::deque<std::string> last(messages_.begin() + static_cast<long>(from),
                                       messages_.end());
    const auto screen = fit_screen(state_, ui_, style_, last, ScreenSize{size.rows, size.cols},
                                   zoom_focus(zoom_, ui_, state_));
    for (const auto& l : screen.lines) out += l + "\r\n";
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
}

}  // namespace grognard::cli
