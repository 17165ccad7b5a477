#pragma once
// Line editing with history and tab completion for the interactive client, on libedit's
// readline-compatible callback interface (Debian's libedit-dev). The caller owns the loop:
// it waits for standard input itself (together with anything else) and calls read_input()
// when a key is there; the line handler runs once a whole line has been typed. Between keys
// the caller may print anything and then call refresh() to show the prompt and the partly
// typed line again.
//
// read_input() reads the keys itself and hands them to libedit through rl_getc_function
// (decoding UTF-8 there, as libedit takes one character a call). That is how PgUp and PgDn
// reach the caller: libedit's own bindings (rl_add_defun) call a function by the last byte of
// the key, and both keys end in '~'.
//
// libedit keeps global state, so at most one LineEditor exists at a time. Used by one
// thread only.

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace grognard::cli {

class LineEditor {
 public:
  // The words that may follow `before` (the line left of the word being completed).
  using Completer = std::function<std::vector<std::string>(const std::string& before)>;
  // A typed line; nullopt at end of input (Ctrl-D on an empty line).
  using OnLine = std::function<void(std::optional<std::string>)>;
  // Keys taken before libedit sees them. Space is offered only while nothing has been typed on
  // the line; the handler returns false to let libedit have it (PgUp and PgDn are dropped).
  enum class Key { kPageUp, kPageDown, kSpace };
  using OnKey = std::function<bool(Key)>;

  LineEditor(std::string prompt, std::filesystem::path history, Completer complete, OnLine line,
             OnKey key = {});
  ~LineEditor();  // restores the terminal and saves the history
  LineEditor(const LineEditor&) = delete;
  LineEditor& operator=(const LineEditor&) = delete;

  // Standard input is readable: take what was typed.
  void read_input();
  void set_prompt(const std::string& prompt);
  // Shows the prompt and the line being typed again, after other output.
  void refresh();

  // The history file: $XDG_STATE_HOME/grognard/history (or ~/.local/state/grognard/history).
  static std::filesystem::path default_history();

 private:
  std::string prompt_;
  std::filesystem::path history_;
  OnKey key_;
};

}  // namespace grognard::cli
