#pragma once
// How text is drawn: with ANSI colours on a terminal that takes them, or in plain characters
// when NO_COLOR is set, TERM is "dumb" or the output is not a terminal.

#include <string>
#include <string_view>

namespace grognard::cli {

enum class Colour { kDefault, kRed, kGreen, kYellow, kBlue, kMagenta, kCyan, kWhite, kGrey };

struct Paint {
  Colour fg = Colour::kDefault;
  Colour bg = Colour::kDefault;
  bool bold = false;
  bool reverse = false;
};

class Style {
 public:
  explicit Style(bool colour = false) : colour_(colour) {}
  // Colour when `fd` is a terminal, NO_COLOR is unset and TERM is not "dumb".
  static Style detect(int fd = 1);

  bool colour() const { return colour_; }
  // `text` wrapped in the escape sequences of `paint` (unchanged without colour).
  std::string paint(std::string_view text, const Paint& paint) const;

 private:
  bool colour_;
};

// The number of columns `text` takes on a terminal: escape sequences take none, and each
// UTF-8 sequence takes one.
std::size_t display_width(std::string_view text);
// `text` padded with spaces to at least `width` columns.
std::string pad_to(const std::string& text, std::size_t width);

}  // namespace grognard::cli
