#include "play/interactive.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

#include "app/errors.h"
#include "play/line_editor.h"
#include "play/play_line.h"
#include "play/screen.h"

namespace grognard::cli {

namespace {

using Job = std::function<std::vector<std::string>(Link&)>;

struct Mailbox {
  std::mutex mutex;
  std::deque<std::pair<Job, bool>> jobs;  // bool: run again after a reconnect
  std::optional<GameState> state;         // newer than what the screen shows
  std::vector<std::string> notes;
  std::atomic<bool> quit{false};
  int wake[2] = {-1, -1};

  void post(const GameState* state_now, const std::vector<std::string>& lines) {
    {
      std::lock_guard lock(mutex);
      if (state_now) state = *state_now;
      notes.insert(notes.end(), lines.begin(), lines.end());
    }
    const char byte = 'x';
    [[maybe_unused]] auto n = ::write(wake[1], &byte, 1);
  }
};

bool reconnect(Link& link, Mailbox& box) {
  const std::uint64_t seen = link.state().last_seq;
  auto st = link.reconnect(0, [&](const std::string& note) {
    box.post(nullptr, {note});
    return !box.quit.load();
  });
  if (!st) {
    box.post(nullptr, {readable(st.failure())});
    return false;
  }
  box.post(&link.state(), {"Reconnected; resumed after event #" + std::to_string(seen) + "."});
  return true;
}

void network_loop(Link& link, Mailbox& box) {
  while (!box.quit.load()) {
    std::deque<std::pair<Job, bool>> jobs;
    {
      std::lock_guard lock(box.mutex);
      jobs.swap(box.jobs);
    }
    for (auto& [job, again] : jobs) {
      auto lines = job(link);
      if (!link.connected()) {
        box.post(nullptr, lines);
        if (!reconnect(link, box)) return;
        if (again) lines = job(link);
      }
      box.post(&link.state(), lines);
    }
    std::vector<v1::GameEvent> fresh;
    auto st = link.poll(client::Millis(100), &fresh);
    if (!fresh.empty()) box.post(&link.state(), {});
    if (!st || !link.connected()) {
      box.post(nullptr, {st ? "The connection closed." : readable(st.failure())});
      if (!st && closed_for_policy(st.failure())) return;  // it would only be refused again
      if (!reconnect(link, box)) return;
    } else if (auto k = link.keepalive(); !k) {
      box.post(nullptr, {readable(k.failure())});
    }
  }
}

int terminal_rows() {
  winsize ws{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0) return ws.ws_row;
  return 40;
}

class Ui {
 public:
  Ui(const GameState& state, const Style& style, Mailbox& box)
      : state_(state), style_(style), box_(box), ui_(ui_for(state.ruleset)) {}

  void on_line(std::optional<std::string> line);
  void take_mail();
  void redraw();
  bool quit() const { return quit_; }
  std::vector<std::string> complete(const std::string& before) const {
    return completions(before, ui_, state_);
  }
  std::string prompt() const {
    return (state_.observer() ? std::string("watching") : state_.label_of(state_.seat_id)) + "> ";
  }

 private:
  void send(Job job, bool again) {
    std::lock_guard lock(box_.mutex);
    box_.jobs.emplace_back(std::move(job), again);
  }
  void act(const Action& a);

  GameState state_;
  Style style_;
  Mailbox& box_;
  const RulesetUi* ui_;
  std::deque<std::string> messages_;
  bool quit_ = false;
};

void Ui::on_line(std::optional<std::string> line) {
  if (!line) {
    quit_ = true;
    return;
  }
  if (split_words(*line).empty()) return redraw();
  messages_.push_back("> " + *line);
  act(interpret(*line, ui_, state_));
  while (messages_.size() > 200) messages_.pop_front();
  redraw();
}

void Ui::act(const Action& a) {
  const RulesetUi* ui = ui_;
  switch (a.kind) {
    case Action::kNothing:
    case Action::kMap:
      return;
    case Action::kQuit:
      quit_ = true;
      return;
    case Action::kError:
      messages_.push_back(a.text);
      return;
    case Action::kWait:
      messages_.push_back("wait is for scripts; the screen updates by itself");
      return;
    case Action::kHelp:
      for (auto& l : help_lines(ui_)) messages_.push_back(l);
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
    case Action::kChat:
      return send(
          [a](Link& link) -> std::vector<std::string> {
            auto r = link.chat(a.text, a.to);
            if (!r) return {readable(r.failure())};
            return {};
          },
          false);
    case Action::kCommand: {
      auto id = std::make_shared<std::string>();
      const std::string what = ui ? ui->describe_command(a.command) : "command";
      return send(
          [id, what, command = a.command](Link& link) -> std::vector<std::string> {
            if (id->empty()) *id = link.next_command_id();
            auto r = link.command(command, *id);
            if (!r) return {readable(r.failure())};
            return {"ok: " + what + (r->duplicate() ? " (already done)" : "")};
          },
          true);
    }
  }
}

void Ui::take_mail() {
  char buf[256];
  while (::read(box_.wake[0], buf, sizeof buf) > 0) {
  }
  std::lock_guard lock(box_.mutex);
  if (box_.state) state_ = std::move(*box_.state);
  box_.state.reset();
  for (auto& n : box_.notes) messages_.push_back(std::move(n));
  box_.notes.clear();
}

void Ui::redraw() {
  const int rows = terminal_rows();
  const auto base = play_screen(state_, ui_, style_, {}, ScreenParts{0, 0});
  const int room = std::max(rows - 1 - static_cast<int>(base.size()), 4);
  ScreenParts parts;
  parts.messages = static_cast<std::size_t>(std::min(8, room / 2));
  parts.events = static_cast<std::size_t>(std::max(room - static_cast<int>(parts.messages), 1));
  std::string out = "\033[H\033[2J";
  for (const auto& l : play_screen(state_, ui_, style_, messages_, parts)) out += l + "\r\n";
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
}

}  // namespace

int run_interactive(Link& link, const Style& style) {
  Mailbox box;
  if (::pipe(box.wake) != 0) return 2;
  ::fcntl(box.wake[0], F_SETFL, O_NONBLOCK);
  Ui ui(link.state(), style, box);
  std::thread net([&] { network_loop(link, box); });
  {
    LineEditor editor(
        ui.prompt(), LineEditor::default_history(),
        [&](const std::string& before) { return ui.complete(before); },
        [&](std::optional<std::string> line) { ui.on_line(std::move(line)); });
    ui.redraw();
    editor.refresh();
    while (!ui.quit()) {
      pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {box.wake[0], POLLIN, 0}};
      if (::poll(fds, 2, 1000) < 0) continue;
      if (fds[1].revents & POLLIN) {
        ui.take_mail();
        ui.redraw();
        editor.refresh();
      }
      if (fds[0].revents & (POLLIN | POLLHUP)) editor.read_char();
      if (fds[0].revents & POLLNVAL) break;
    }
  }
  box.quit = true;
  net.join();
  ::close(box.wake[0]);
  ::close(box.wake[1]);
  std::printf("\n");
  return 0;
}

}  // namespace grognard::cli
