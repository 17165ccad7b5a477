#include "render/style.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace grognard::cli {

namespace {

int code_of(Colour c) {
  switch (c) {
    case Colour::kRed:
      return 1;
    case Colour::kGreen:
      return 2;
    case Colour::kYellow:
      return 3;
    case Colour::kBlue:
      return 4;
    case Colour::kMagenta:
      return 5;
    case Colour::kCyan:
      return 6;
    case Colour::kWhite:
      return 7;
    case Colour::kGrey:
      return 8;
    case Colour::kDefault:
      break;
  }
  return -1;
}

}  // namespace

Style Style::detect(int fd) {
  const char* no_colour = std::getenv("NO_COLOR");
  if (no_colour && *no_colour) return Style(false);
  const char* term = std::getenv("TERM");
  if (term && std::strcmp(term, "dumb") == 0) return Style(false);
  return Style(isatty(fd) == 1);
}

std::string Style::paint(std::string_view text, const Paint& p) const {
  if (!colour_) return std::string(text);
  std::string codes;
  auto add = [&](const std::string& c) { codes += (codes.empty() ? "" : ";") + c; };
  if (p.bold) add("1");
  if (p.reverse) add("7");
  if (const int fg = code_of(p.fg); fg >= 0) add(fg == 8 ? "90" : std::to_string(30 + fg));
  if (const int bg = code_of(p.bg); bg >= 0) add(bg == 8 ? "100" : std::to_string(40 + bg));
  if (codes.empty()) return std::string(text);
  return "\033[" + codes + "m" + std::string(text) + "\033[0m";
}

std::size_t display_width(std::string_view text) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == 0x1b) {  // CSI: ESC [ ... final byte in @..~
      ++i;
      if (i < text.size() && text[i] == '[') {
        while (i + 1 < text.size() && !(text[i + 1] >= '@' && text[i + 1] <= '~')) ++i;
        ++i;
      }
      continue;
    }
    if ((c & 0xC0) != 0x80) ++width;  // not a UTF-8 continuation byte
  }
  return width;
}

std::string pad_to(const std::string& text, std::size_t width) {
  const std::size_t w = display_width(text);
  if (w >= width) return text;
  return text + std::string(width - w, ' ');
}

}  // namespace grognard::cli
