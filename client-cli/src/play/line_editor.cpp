#include "play/line_editor.h"

#include <editline/readline.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>

namespace grognard::cli {

namespace {

// libedit calls plain functions; these reach the one LineEditor there is.
LineEditor::Completer* g_complete = nullptr;
LineEditor::OnLine* g_on_line = nullptr;
std::vector<std::string> g_matches;
bool g_line_done = false;

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
                       OnLine line)
    : prompt_(std::move(prompt)), history_(std::move(history)) {
  g_complete = new Completer(std::move(complete));
  g_on_line = new OnLine(std::move(line));
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

void LineEditor::read_char() {
  g_line_done = false;
  rl_callback_read_char();
  if (g_line_done) {
    // A fresh handler starts from an empty line: libedit would otherwise show the line just
    // entered again when refresh() comes before the next key.
    rl_callback_handler_remove();
    rl_callback_handler_install(prompt_.c_str(), line_handler);
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
