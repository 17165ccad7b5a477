#pragma once
// Text longer than the message area, read a page at a time in place of the map: `help`, a long
// `legal`, `log`. Pure state and drawing, no terminal: the interactive client feeds it keys
// (Enter or Space: next page; PgUp/PgDn: a page back or on; `q`: back to the game) and prints
// the lines frame() gives. Lines wider than the terminal are wrapped, never cut.

#include <cstddef>
#include <string>
#include <vector>

#include "render/style.h"  // display_width

namespace grognard::cli {

// `line` in pieces of at most `cols` characters, broken at spaces where it can; the pieces after
// the first are indented to where the line's second column starts (after a run of two spaces,
// as in `help`), or by 2.
std::vector<std::string> wrap_line(const std::string& line, std::size_t cols);
std::vector<std::string> wrap_lines(const std::vector<std::string>& lines, std::size_t cols);

class Pager {
 public:
  static constexpr std::size_t kStart = static_cast<std::size_t>(-1);
  // Shows `lines` under `title`, starting `from_end` lines before the end (0: the last page;
  // kStart: the first).
  void open(std::string title, std::vector<std::string> lines, std::size_t from_end = kStart);
  void close() { open_ = false; }
  bool is_open() const { return open_; }

  // Enter or Space: the next page; past the last page the pager closes.
  void next_page();
  void page_down();  // PgDn: the next page, staying on the last
  void page_up();    // PgUp: the page before

  // The screen for a terminal of `rows` x `cols` (a line is left below for the prompt): the
  // title with the lines shown, the page, and what the keys do.
  std::vector<std::string> frame(int rows, int cols);

 private:
  // The wrapped lines and the page height for the terminal last drawn.
  void fit(int rows, int cols);

  bool open_ = false;
  std::string title_;
  std::vector<std::string> lines_;
  std::vector<std::string> wrapped_;
  std::size_t from_end_ = 0;  // where to start, until the first frame() places top_
  bool placed_ = false;
  std::size_t top_ = 0;  // the first wrapped line shown
  std::size_t page_ = 20;
  int cols_ = 0;
};

}  // namespace grognard::cli
