#include "play/pager.h"

#include <algorithm>

namespace grognard::cli {

namespace {

// One character of a line: where its bytes start and how wide it shows (0 for the bytes of a
// colour escape, 1 otherwise, as display_width() counts).
struct Glyph {
  std::size_t at;
  std::size_t width;
};

std::vector<Glyph> glyphs(const std::string& s) {
  std::vector<Glyph> out;
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] == '\033' && i + 1 < s.size() && s[i + 1] == '[') {
      std::size_t end = i + 2;
      while (end < s.size() && !(s[end] >= '@' && s[end] <= '~')) ++end;
      end = std::min(end + 1, s.size());
      for (; i < end; ++i) out.push_back({i, 0});
      continue;
    }
    out.push_back({i, 1});
    ++i;
    while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
  }
  return out;
}

// The column where the line's second column starts (after text and a run of two spaces).
std::size_t second_column(const std::vector<Glyph>& g, const std::string& s) {
  std::size_t col = 0, i = 0;
  for (; i < g.size() && s[g[i].at] == ' '; ++i) col += g[i].width;
  bool text = false;
  for (;; ++i) {
    if (i + 1 >= g.size()) return 0;
    if (s[g[i].at] != ' ') text = true;
    if (text && s[g[i].at] == ' ' && s[g[i + 1].at] == ' ') break;
    col += g[i].width;
  }
  for (; i < g.size() && s[g[i].at] == ' '; ++i) col += g[i].width;
  return i < g.size() ? col : 0;
}

}  // namespace

std::vector<std::string> wrap_line(const std::string& line, std::size_t cols) {
  if (cols < 8 || display_width(line) <= cols) return {line};
  const auto g = glyphs(line);
  std::size_t indent = second_column(g, line);
  if (indent == 0 || indent > cols / 2) indent = 2;
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < g.size()) {
    const std::size_t room = out.empty() ? cols : cols - indent;
    std::size_t j = i, w = 0, cut = 0;  // cut: after the last space that fits
    while (j < g.size() && w + g[j].width <= room) {
      w += g[j].width;
      if (line[g[j].at] == ' ') cut = j + 1;
      ++j;
    }
    if (j < g.size() && line[g[j].at] == ' ') cut = j;  // the break falls on a space
    if (j < g.size() && cut > i) j = cut;
    const std::size_t end = j < g.size() ? g[j].at : line.size();
    std::string piece = line.substr(g[i].at, end - g[i].at);
    while (!piece.empty() && piece.back() == ' ') piece.pop_back();
    out.push_back(out.empty() ? piece : std::string(indent, ' ') + piece);
    i = j;
    while (i < g.size() && line[g[i].at] == ' ') ++i;
  }
  return out;
}

std::vector<std::string> wrap_lines(const std::vector<std::string>& lines, std::size_t cols) {
  std::vector<std::string> out;
  for (const auto& l : lines) {
    for (auto& piece : wrap_line(l, cols)) out.push_back(std::move(piece));
  }
  return out;
}

void Pager::open(std::string title, std::vector<std::string> lines, std::size_t from_end) {
  open_ = true;
  title_ = std::move(title);
  lines_ = std::move(lines);
  from_end_ = from_end;
  placed_ = false;
  top_ = 0;
  cols_ = 0;
}

void Pager::fit(int rows, int cols) {
  page_ = static_cast<std::size_t>(std::max(rows - 3, 1));
  if (cols != cols_) {
    wrapped_ = wrap_lines(lines_, static_cast<std::size_t>(std::max(cols, 1)));
    cols_ = cols;
  }
  const std::size_t n = wrapped_.size();
  if (!placed_) {  // a whole page at least, when it starts near the end
    top_ = n - std::max(std::min(from_end_, n), std::min(page_, n));
    placed_ = true;
  }
  top_ = std::min(top_, n == 0 ? 0 : n - 1);
}

void Pager::next_page() {
  if (top_ + page_ >= wrapped_.size()) return close();
  top_ += page_;
}

void Pager::page_down() {
  if (top_ + page_ < wrapped_.size()) top_ += page_;
}

void Pager::page_up() {
  top_ -= std::min(top_, page_);
}

std::vector<std::string> Pager::frame(int rows, int cols) {
  fit(rows, cols);
  const std::size_t n = wrapped_.size();
  const std::size_t last = std::min(top_ + page_, n);
  std::string head = title_ + ": lines " + std::to_string(n == 0 ? 0 : top_ + 1) + "-" +
                     std::to_string(last) + " of " + std::to_string(n);
  std::vector<std::string> out{wrap_line(head, static_cast<std::size_t>(cols))[0]};
  for (std::size_t i = top_; i < last; ++i) out.push_back(wrapped_[i]);
  while (out.size() < page_ + 1) out.push_back("");
  out.push_back(last < n ? "-- more (" + std::to_string(n - last) +
                               " lines): Enter/Space next page, PgUp/PgDn scroll, q back --"
                         : "-- end: Enter or q back to the game, PgUp scroll back --");
  return out;
}

}  // namespace grognard::cli
