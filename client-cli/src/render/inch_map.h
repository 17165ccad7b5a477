#pragma once
// A table measured in inches drawn as characters, for the rule sets played on a table top
// (Sharpe's Mess, RCW). One column is `ipc` inches east-west and one row twice that
// north-south (terminal cells are about twice as tall as wide); the scale is the finest of
// 1/4", 1/2", 1", 2", 3", 4", 5", 10", 20" or 50" a column that fits the part of the table
// drawn (the whole table unless a MapWindow says otherwise) in 96 columns, or in the columns and
// rows the window gives. North is up: y grows south, so row 0 holds the window's top y, and a
// point (x, y) lands in column floor((x - x0) / ipc) and row floor((y - y0) / ipr).
//
// Each cell holds one character drawn in a layer: a later put() wins unless its layer is below
// the cell's (each rule set numbers its own layers). lines() gives the heading with the scale,
// the ruler of inches along the top, the rows with the ruler down the left, and the bottom edge.

#include <string>
#include <vector>

#include "render/ruleset_ui.h"
#include "render/style.h"
#include "render/words.h"

namespace grognard::cli {

struct MapCell {
  char ch = ' ';
  Paint paint;
  int layer = 0;
};

// The part of the table to draw and the room for it: a zoomed map shows x0..x1 by y0..y1 only
// (x1 <= x0: the whole table); the scale is the finest that fits max_cols columns and max_rows
// rows of cells (0: any number of rows).
struct MapWindow {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  int max_cols = 96, max_rows = 0;
};

class InchMap {
 public:
  InchMap(double width, double height, MapWindow window = {});

  double width() const { return width_; }
  double height() const { return height_; }
  double ipc() const { return ipc_; }
  double ipr() const { return ipr_; }
  int cols() const { return cols_; }
  int rows() const { return rows_; }
  bool on(int c, int r) const { return c >= 0 && r >= 0 && c < cols_ && r < rows_; }
  // Whether the point lies in the part of the table drawn (always, for the whole table).
  bool shows(double x, double y) const;

  // The cell of a point (kept on the map).
  int col_of(double x) const { return index((x - x0_) / ipc_, cols_); }
  int row_of(double y) const { return index((y - y0_) / ipr_, rows_); }
  MapCell& at(int c, int r) { return cells_[static_cast<std::size_t>(r * cols_ + c)]; }
  const MapCell& at(int c, int r) const { return cells_[static_cast<std::size_t>(r * cols_ + c)]; }
  // The point's cell; a point outside a zoomed window draws into a cell never shown.
  MapCell& at(double x, double y) {
    if (!shows(x, y)) return hidden_ = MapCell{};
    return at(col_of(x), row_of(y));
  }

  // Draws `ch` in the cell when `layer` is not below what is there.
  static void put(MapCell& cell, char ch, int layer, Paint paint) {
    if (layer < cell.layer) return;
    cell = MapCell{ch, paint, layer};
  }
  void put(int c, int r, char ch, int layer, Paint paint) {
    if (on(c, r)) put(at(c, r), ch, layer, paint);
  }

  // Every cell whose centre lies inside the polygon (vertices in inches).
  void fill(const std::vector<words::Xy>& polygon, char ch, int layer, Paint paint);
  // The cells a polyline passes through, walked in steps of a quarter column.
  void trace(const std::vector<words::Xy>& path, char ch, int layer, Paint paint);

  // "Table 72" x 48": 1 column = 1", 1 row = 2"; north is up (…)", the ruler, the rows between
  // the edges; without the heading when `heading` is false (a fitted screen gives scale() in its
  // legend instead).
  std::vector<std::string> lines(const Style& style, bool heading = true) const;
  // "1 column = 1", 1 row = 2"" and, zoomed, the part shown ("x 20-40, y 10-30 of 72" x 48"").
  std::string scale() const;

 private:
  // floor(q) kept within 0..n-1 (and safe for any double).
  static int index(double q, int n);
  std::string label_line(int margin, double step, std::string* ticks) const;

  double width_, height_;
  double x0_ = 0, y0_ = 0, x1_ = 0, y1_ = 0;
  bool whole_ = true;
  MapCell hidden_;
  double ipc_ = 1, ipr_ = 2;
  int cols_ = 1, rows_ = 1;
  std::vector<MapCell> cells_;
};

// The window a screen's Frame asks for: the square around its zoom (if any), in as many columns
// and rows as leave room for the rulers and the edges.
MapWindow window_for(const Frame& frame);

// Whether (x, y) lies inside the polygon (even-odd rule).
bool inside(const std::vector<words::Xy>& polygon, double x, double y);

// The vertices of a wire polygon or the points of a wire path (any message with x() and y()).
template <class Points>
std::vector<words::Xy> xy_list(const Points& points) {
  std::vector<words::Xy> out;
  for (const auto& p : points) out.push_back(words::Xy{p.x(), p.y()});
  return out;
}

// The colour of a seat or side by its index (blue, red, green, magenta, cyan, yellow; white for
// none).
Colour side_colour(int index);

}  // namespace grognard::cli
