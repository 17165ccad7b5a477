#include "play/line_editor.h"

#include <editline/readline.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace grognard::cli {

namespace {

// libedit calls plain functions; these reach the one LineEditor there is.
LineEditor::Completer* g_complete = nullptr;
LineEditor::OnLine* g_on_line = nullptr;
std::vector<std::string> g_matches;
bool g_line_done = false;
std::string g_input;      // read from standard input, not yet given to libedit
std::size_t g_typed = 0;  // characters given to libedit since the last line

// One byte of input: what read_input() read, else (the rest of a key) from the terminal.
int next_byte() {
  if (!g_input.empty()) {
    const auto c = static_cast<unsigned char>(g_input.front());
    g_input.erase(0, 1);
    return c;
  }
  unsigned char c = 0;
  for (;;) {
    const auto n = ::read(STDIN_FILENO, &c, 1);
    if (n == 1) return c;
    if (n == 0 || errno != EINTR) return -1;
  }
}

// libedit's getc: one character, decoded from UTF-8 (-1 at the end of input).
int next_char(FILE*) {
  const int b = next_byte();
  if (b >= 0) ++g_typed;
  if (b < 0xC0 || b > 0xF7) return b;
  const int more = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : 1;
  int cp = b & (0x3F >> more);
  for (int i = 0; i < more; ++i) {
    const int c = next_byte();
    if (c < 0) return -1;
    cp = (cp << 6) | (c & 0x3F);
  }
  return cp;
}

bool starts_with_nocase(const std::string& word, const char* prefix) {
  const std::size_t n = std::strlen(prefix);
  if (word.size() < n) return false;
  for (std::size_t i = 0; i < n; ++i) {
    if (std::tolower(static_cast<unsigned char>(word[i])) !=
        std::tolower(static_cast<unsigned char>(prefix[i])))
      return false;
  }
  return true;
}

char* next_match(const char*, int state) {
  static std::size_t i = 0;
  if (state == 0) i = 0;
  if (i >= g_matches.size()) return nullptr;
  return strdup(g_matches[i++].c_str());
}

char** attempt_completion(const char* text, int start, int) {
  rl_attempted_completion_over = 1;  // never fall back to file names
  if (!g_complete) return nullptr;
  const std::string before(rl_line_buffer, static_cast<std::size_t>(std::max(start, 0)));
  g_matches.clear();
  for (auto& w : (*g_complete)(before)) {
    if (starts_with_nocase(w, text)) g_matches.push_back(w);
  }
  if (g_matches.empty()) return nullptr;
  return rl_completion_matches(text, next_match);
}

void line_handler(char* line) {
  g_line_done = true;
  std::optional<std::string> got;
  if (line) {
    got = std::string(line);
    std::free(line);
    if (!got->empty()) add_history(got->c_str());
  }
  if (g_on_line) (*g_on_line)(std::move(got));
}

}  // namespace

std::filesystem::path LineEditor::default_history() {
  const char* state = std::getenv("XDG_STATE_HOME");
  const char* home = std::getenv("HOME");
  std::filesystem::path dir =
      state && *state ? std::filesystem::path(state)
                      : std::filesystem::path(home && *home ? home : ".") / ".local" / "state";
  return dir / "grognard" / "history";
}

LineEditor::LineEditor(std::string prompt, std::filesystem::path history, Completer complete,
                       OnLine line, OnKey key)
    : prompt_(std::move(prompt)), history_(std::move(history)), key_(std::move(key)) {
  g_complete = new Completer(std::move(complete));
  g_on_line = new OnLine(std::move(line));
  g_input.clear();
  g_typed = 0;
  rl_getc_function = next_char;  // before libedit initialises (using_history does)
  using_history();
  read_history(history_.c_str());
  rl_attempted_completion_function = attempt_completion;
  rl_completion_append_character = ' ';
  rl_callback_handler_install(prompt_.c_str(), line_handler);
}

LineEditor::~LineEditor() {
  rl_callback_handler_remove();
  std::error_code ec;
  std::filesystem::create_directories(history_.parent_path(), ec);
  if (!ec) write_history(history_.c_str());
  delete g_complete;
  delete g_on_line;
  g_complete = nullptr;
  g_on_line = nullptr;
}

void LineEditor::read_input() {
  char buf[512];
  const auto n = ::read(STDIN_FILENO, buf, sizeof buf);
  if (n < 0 && errno == EINTR) return;
  if (n <= 0) {
    rl_callback_read_char();  // the end of input: the line handler hears of it
    return;
  }
  g_input.append(buf, static_cast<std::size_t>(n));
  while (!g_input.empty()) {
    const bool up = g_input.rfind("\033[5~", 0) == 0, down = g_input.rfind("\033[6~", 0) == 0;
    if (up || down) {
      g_input.erase(0, 4);
      if (key_ && key_(up ? Key::kPageUp : Key::kPageDown)) refresh();
      continue;
    }
    if (g_input[0] == ' ' && g_typed == 0 && key_ && key_(Key::kSpace)) {
      g_input.erase(0, 1);
      refresh();
      continue;
    }
    const std::size_t before = g_input.size();
    g_line_done = false;
    rl_callback_read_char();
    if (g_line_done) {
      // A fresh handler starts from an empty line: libedit would otherwise show the line just
      // entered again when refresh() comes before the next key.
      rl_callback_handler_remove();
      rl_callback_handler_install(prompt_.c_str(), line_handler);
      g_typed = 0;
    }
    if (g_input.size() == before) break;  // libedit took nothing: do not spin
  }
}

void LineEditor::set_prompt(const std::string& prompt) {
  if (prompt == prompt_) return;
  prompt_ = prompt;
  rl_set_prompt(prompt_.c_str());
}

void LineEditor::refresh() {
  rl_forced_update_display();
}

}  // namespace grognard::cli
