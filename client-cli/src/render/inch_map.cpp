#include "render/inch_map.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace grognard::cli {

namespace {

constexpr double kMaxColumns = 96;

// "0.25", "0.5", "1", "20": the scale to the last figure.
std::string step_text(double inches) {
  std::ostringstream out;
  out << inches;
  return out.str();
}

bool same_paint(const Paint& a, const Paint& b) {
  return a.fg == b.fg && a.bg == b.bg && a.bold == b.bold && a.reverse == b.reverse;
}

}  // namespace

Colour side_colour(int index) {
  static const Colour kColours[] = {Colour::kBlue,    Colour::kRed,  Colour::kGreen,
                                    Colour::kMagenta, Colour::kCyan, Colour::kYellow};
  if (index < 0) return Colour::kWhite;
  return kColours[static_cast<std::size_t>(index) % std::size(kColours)];
}

MapWindow window_for(const Frame& frame) {
  MapWindow w;
  if (frame.zoom) {
    const Focus& f = *frame.zoom;
    w.x0 = f.x - f.r, w.x1 = f.x + f.r, w.y0 = f.y - f.r, w.y1 = f.y + f.r;
  }
  // The margin of 4 for the ruler down the left, two edges and room for a label at the right.
  if (frame.cols > 0) w.max_cols = std::min(96, std::max(8, frame.cols - 9));
  // The ruler along the top, the two edges.
  if (frame.rows > 0) w.max_rows = std::max(3, frame.rows - 3);
  return w;
}

bool inside(const std::vector<words::Xy>& poly, double x, double y) {
  bool in = false;
  const std::size_t n = poly.size();
  for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
    const auto& a = poly[i];
    const auto& b = poly[j];
    if ((a.y > y) != (b.y > y) && x < (b.x - a.x) * (y - a.y) / (b.y - a.y) + a.x) in = !in;
  }
  return in;
}

InchMap::InchMap(double width, double height, MapWindow w)
    : width_(width), height_(height), x1_(width), y1_(height) {
  const double x0 = std::max(0.0, w.x0), y0 = std::max(0.0, w.y0);
  const double x1 = std::min(width, w.x1), y1 = std::min(height, w.y1);
  if (x1 > x0 && y1 > y0 && (x0 > 0 || y0 > 0 || x1 < width || y1 < height)) {
    whole_ = false;
    x0_ = x0, y0_ = y0, x1_ = x1, y1_ = y1;
  }
  static const double kSteps[] = {0.25, 0.5, 1, 2, 3, 4, 5, 10, 20, 50};
  const double max_cols = w.max_cols > 0 ? w.max_cols : kMaxColumns;
  for (const double s : kSteps) {
    ipc_ = s;
    if ((x1_ - x0_) / s <= max_cols && (w.max_rows <= 0 || (y1_ - y0_) / (2 * s) <= w.max_rows))
      break;
  }
  ipr_ = 2 * ipc_;
  cols_ = std::max(1, static_cast<int>(std::ceil((x1_ - x0_) / ipc_ - 1e-9)));
  rows_ = std::max(1, static_cast<int>(std::ceil((y1_ - y0_) / ipr_ - 1e-9)));
  cells_.assign(static_cast<std::size_t>(cols_ * rows_), MapCell{});
}

bool InchMap::shows(double x, double y) const {
  if (whole_) return true;
  return x >= x0_ - 1e-9 && x <= x1_ + 1e-9 && y >= y0_ - 1e-9 && y <= y1_ + 1e-9;
}

std::string InchMap::scale() const {
  std::string out = "1 column = " + step_text(ipc_) + "\", 1 row = " + step_text(ipr_) + "\"";
  if (!whole_) {
    out += "; x " + words::num(x0_) + "-" + words::num(x1_) + ", y " + words::num(y0_) + "-" +
           words::num(y1_) + " of " + words::num(width_) + "\" x " + words::num(height_) + "\"";
  }
  return out;
}

int InchMap::index(double q, int n) {
  if (!(q >= 1)) return 0;
  if (q >= n - 1) return n - 1;
  return static_cast<int>(std::floor(q));
}

void InchMap::fill(const std::vector<words::Xy>& polygon, char ch, int layer, Paint paint) {
  if (polygon.size() < 3) return;
  for (int r = 0; r < rows_; ++r) {
    for (int c = 0; c < cols_; ++c) {
      if (inside(polygon, x0_ + (c + 0.5) * ipc_, y0_ + (r + 0.5) * ipr_))
        put(at(c, r), ch, layer, paint);
    }
  }
}

void InchMap::trace(const std::vector<words::Xy>& path, char ch, int layer, Paint paint) {
  const double step = ipc_ / 4;
  for (std::size_t i = 0; i + 1 < path.size(); ++i) {
    const auto& a = path[i];
    const auto& b = path[i + 1];
    const double len = std::hypot(b.x - a.x, b.y - a.y);
    const int n = std::max(1, static_cast<int>(std::ceil(len / step)));
    for (int k = 0; k <= n; ++k) {
      const double x = a.x + (b.x - a.x) * k / n, y = a.y + (b.y - a.y) * k / n;
      if (x < 0 || y < 0 || x > width_ || y > height_ || !shows(x, y)) continue;
      put(at(x, y), ch, layer, paint);
    }
  }
}

std::string InchMap::label_line(int margin, double step, std::string* ticks) const {
  std::string out(static_cast<std::size_t>(margin + 1 + cols_ + 8), ' ');
  *ticks = std::string(static_cast<std::size_t>(cols_), '-');
  int free_from = 0;
  for (double x = std::ceil(x0_ / step - 1e-9) * step; (x - x0_) / ipc_ < cols_; x += step) {
    const int c = col_of(x);
    const std::string n = words::num(x);
    if (c < free_from) continue;
    out.replace(static_cast<std::size_t>(margin + 1 + c), n.size(), n);
    if (c > 0) (*ticks)[static_cast<std::size_t>(c)] = '+';
    free_from = c + static_cast<int>(n.size()) + 1;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::vector<std::string> InchMap::lines(const Style& s, bool heading) const {
  const int margin = 4;
  const double step = 10.0 * std::max(1.0, std::ceil(ipc_ / 2));  // labels 5+ columns apart
  std::vector<std::string> out;
  if (heading)
    out.push_back("Table " + words::num(width_) + "\" x " + words::num(height_) + "\": " + scale() +
                  "; north is up (x grows east, y grows south)");
  std::string ticks;
  out.push_back(label_line(margin, step, &ticks));
  out.push_back(std::string(static_cast<std::size_t>(margin), ' ') + "+" + ticks + "+");
  double next_label = std::ceil(y0_ / step - 1e-9) * step;
  for (int r = 0; r < rows_; ++r) {
    std::string label;
    if (next_label < y0_ + (r + 1) * ipr_ - 1e-9) {
      label = words::num(next_label);
      while (next_label < y0_ + (r + 1) * ipr_ - 1e-9) next_label += step;
    }
    std::string row =
        std::string(
            static_cast<std::size_t>(std::max(0, margin - 1 - static_cast<int>(label.size()))),
            ' ') +
        label + " |";
    for (int c = 0; c < cols_;) {
      const Paint p = at(c, r).paint;
      std::string run;
      while (c < cols_ && same_paint(at(c, r).paint, p)) run += at(c++, r).ch;
      row += s.paint(run, p);
    }
    out.push_back(row + "|");
  }
  out.push_back(std::string(static_cast<std::size_t>(margin), ' ') + "+" +
                std::string(static_cast<std::size_t>(cols_), '-') + "+");
  return out;
}

}  // namespace grognard::cli
