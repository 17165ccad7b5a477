#pragma once
// tmux driven through its command line, for the client's screen tests: a session a program
// runs in at a given size, its screen as text, lines typed and keys pressed.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <thread>

#include "run.h"

namespace grognard::clitest {

class Tmux {
 public:
  Tmux() : socket_("grognard-test-" + std::to_string(::getpid())) {}
  ~Tmux() { shell(base() + " kill-server 2>/dev/null"); }
  Tmux(const Tmux&) = delete;
  Tmux& operator=(const Tmux&) = delete;

  void start(const std::string& name, const std::string& command, int cols = 160, int rows = 50) {
    shell(base() + " new-session -d -s " + name + " -x " + std::to_string(cols) + " -y " +
          std::to_string(rows) + " " + quote(command));
  }
  std::string screen(const std::string& name) {
    return shell(base() + " capture-pane -p -t " + name);
  }
  void type(const std::string& name, const std::string& line) {
    shell(base() + " send-keys -t " + name + " -l " + quote(line));
    key(name, "Enter");
  }
  // A key by tmux's name for it: Enter, Space, PageUp, PageDown.
  void key(const std::string& name, const std::string& key) {
    shell(base() + " send-keys -t " + name + " " + key);
  }
  // Waits until the screen shows `text`; the screen then.
  std::string wait_for(const std::string& name, const std::string& text, int seconds = 10) {
    std::string s;
    for (int i = 0; i < seconds * 10; ++i) {
      s = screen(name);
      if (s.find(text) != std::string::npos) return s;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    FAIL("the screen of " << name << " never showed \"" << text << "\":\n" << s);
    return s;
  }

 private:
  std::string base() const { return "tmux -L " + socket_; }
  std::string socket_;
};

// tmux is installed (scripts/deps.sh installs it); else the test says it is skipped.
inline bool have_tmux() {
  int status = 0;
  shell("command -v tmux >/dev/null 2>&1", &status);
  if (status != 0) WARN("SKIPPED: tmux is not installed (bash scripts/deps.sh installs it)");
  return status == 0;
}

}  // namespace grognard::clitest
