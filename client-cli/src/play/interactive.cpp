#include "play/interactive.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <mutex>
#include <thread>

#include "commands/errors.h"
#include "play/line_editor.h"
#include "play/mailbox.h"
#include "play/play_ui.h"

namespace grognard::cli {

namespace {

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
  box.post(&link, {"Reconnected; resumed after event #" + std::to_string(seen) + "."});
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
      box.post(&link, lines);
    }
    std::vector<v1::GameEvent> fresh;
    auto st = link.poll(client::Millis(100), &fresh);
    if (!fresh.empty() || link.has_notices()) box.post(&link, {}, std::move(fresh));
    if (!st || !link.connected()) {
      box.post(nullptr, {st ? "The connection closed." : readable(st.failure())});
      if (!st && closed_for_policy(st.failure())) return;  // it would only be refused again
      if (!reconnect(link, box)) return;
    } else if (auto k = link.keepalive(); !k) {
      box.post(nullptr, {readable(k.failure())});
    }
  }
}

}  // namespace

int run_interactive(Link& link, const Style& style) {
  Mailbox box;
  if (::pipe(box.wake) != 0) return 2;
  ::fcntl(box.wake[0], F_SETFL, O_NONBLOCK);
  PlayUi ui(link.state(), style, box);
  link.take_fresh();  // in the state's recent events already
  std::thread net([&] {
    network_loop(link, box);
    if (!box.quit.load()) {  // it gave up: say so, and end the prompt
      box.gone = true;
      box.post(nullptr, {"Left the game: the connection cannot be restored."});
    }
  });
  {
    LineEditor editor(
        ui.prompt(), LineEditor::default_history(),
        [&](const std::string& before) { return ui.complete(before); },
        [&](std::optional<std::string> line) { ui.on_line(std::move(line)); },
        [&](LineEditor::Key key) { return ui.on_key(key); });
    ui.redraw();
    editor.refresh();
    while (!ui.quit()) {
      pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {box.wake[0], POLLIN, 0}};
      const int ready = ::poll(fds, 2, 1000);
      if (ready < 0) continue;
      if (ready == 0 && ui.tick()) editor.refresh();  // a running clock counts down
      if (fds[1].revents & POLLIN) {
        ui.take_mail();
        ui.redraw();
        if (box.gone.load()) break;  // no prompt for commands that cannot be sent
        editor.refresh();
      }
      if (fds[0].revents & (POLLIN | POLLHUP)) editor.read_input();
      if (fds[0].revents & POLLNVAL) break;
    }
  }
  box.quit = true;
  net.join();
  ::close(box.wake[0]);
  ::close(box.wake[1]);
  std::printf("\n");
  return box.gone.load() ? 1 : 0;
}

}  // namespace grognard::cli
