#include "play/layout.h"

#include <algorithm>

#include "play/clock_line.h"
#include "play/pager.h"
#include "play/screen.h"

namespace grognard::cli {

namespace {

constexpr int kSide = 32;           // the narrowest text column beside the map
constexpr std::size_t kEvents = 2;  // event lines every screen shows
constexpr std::size_t kMessages = 3;

using Lines = std::vector<std::string>;

Lines wrapped(const Lines& lines, int cols) {
  return wrap_lines(lines, static_cast<std::size_t>(std::max(cols, 8)));
}

std::size_t widest(const Lines& lines) {
  std::size_t w = 0;
  for (const auto& l : lines) w = std::max(w, display_width(l));
  return w;
}

void append(Lines& to, const Lines& from) {
  to.insert(to.end(), from.begin(), from.end());
}

// `extra` after `lines`, as much as fits in `rows`; when some is left out, the last line says
// where to find it.
void cut(Lines& lines, std::size_t rows) {
  if (lines.size() <= rows) return;
  lines.resize(rows);
  if (rows > 0) lines.back() = "(more: panel, help)";
}

void add_fitting(Lines& lines, const Lines& extra, std::size_t rows) {
  const std::size_t room = rows > lines.size() ? rows - lines.size() : 0;
  lines.insert(lines.end(), extra.begin(),
               extra.begin() + static_cast<long>(std::min(room, extra.size())));
  if (extra.size() > room && room > 0) lines.back() = "(more: panel, help)";
}

// The map with the text beside it (`beside`) or under it: the status and who shares a cell
// always; the panel and the legend as they fit.
Lines board_lines(const Board& b, int cols, std::size_t rows, bool beside) {
  Lines out;
  if (beside) {
    const std::size_t mw = widest(b.map);
    const int sw = cols - static_cast<int>(mw) - 2;
    Lines left = b.map;
    Lines right = wrapped(b.status, sw);
    append(right, wrapped(b.cells, sw));
    cut(right, std::max(rows, b.map.size()));
    const Lines legend = wrapped(b.legend, sw);
    const Lines under = wrapped(b.legend, static_cast<int>(mw));
    const std::size_t height = std::max(rows, b.map.size());
    // The panel fits beside the map when few of its lines need wrapping there.
    const Lines panel = wrapped(b.panel, sw);
    const bool narrow = !panel.empty() && panel.size() <= b.panel.size() + b.panel.size() / 4;
    // The panel beside the map with the legend after it, or (a tall terminal) under the map.
    if (narrow && right.size() + panel.size() + legend.size() <= height) {
      append(right, panel);
      append(right, legend);
    } else if (narrow && right.size() + panel.size() <= height &&
               left.size() + under.size() <= rows) {
      append(right, panel);
      append(left, under);
    } else {
      Lines more = legend;
      if (!b.panel.empty()) more.push_back("panel: the roster in full");
      add_fitting(right, more, height);
    }
    for (std::size_t i = 0; i < std::max(left.size(), right.size()); ++i) {
      std::string l = i < left.size() ? pad_to(left[i], mw) : std::string(mw, ' ');
      if (i < right.size()) l += "  " + right[i];
      while (!l.empty() && l.back() == ' ') l.pop_back();
      out.push_back(l);
    }
  } else {
    out = b.map;
    append(out, wrapped(b.status, cols));
    append(out, wrapped(b.cells, cols));
    cut(out, rows);
    Lines more = wrapped(b.legend, cols);
    if (static_cast<int>(widest(b.panel)) <= cols &&
        out.size() + more.size() + b.panel.size() <= rows)
      append(more, b.panel);
    add_fitting(out, more, rows);
  }
  return out;
}

Lines board_for(const GameState& st, const RulesetUi* ui, const Style& style, int cols,
                std::size_t rows, const std::optional<Focus>& zoom) {
  if (!ui) return {"(this client cannot draw the rule set \"" + st.ruleset + "\")"};
  if (st.view.type_url().empty()) return {};
  const Viewer viewer{st.side(), st.observer() ? "" : st.seat_id};
  const int r = static_cast<int>(rows);
  Board b = ui->board(st.view, viewer, style, Frame{cols - kSide - 2, r, zoom});
  if (!b.cropped && static_cast<int>(widest(b.map)) + 2 + kSide <= cols)
    return board_lines(b, cols, rows, true);
  // Too wide to have text beside it: the map takes the width, the text goes under it.
  b = ui->board(st.view, viewer, style, Frame{cols, std::max(4, r - 2), zoom});
  return board_lines(b, cols, rows, false);
}

}  // namespace

FittedScreen fit_screen(const GameState& st, const RulesetUi* ui, const Style& style,
                        const std::deque<std::string>& messages, ScreenSize size,
                        const std::optional<Focus>& zoom) {
  const int cols = std::max(size.cols, 20);
  const std::size_t height = static_cast<std::size_t>(std::max(size.rows - 1, 10));
  FittedScreen out;
  Lines& lines = out.lines;
  const std::string who = st.observer() ? "observer" : st.label_of(st.seat_id);
  for (const auto& l : wrapped({"Grognard  " + st.ruleset + "  game " + st.game_id + "  invite " +
                                st.room.invite_code() + "  you: " + who + "  [" + st.status + "]"},
                               cols)) {
    if (lines.empty())
      lines.push_back(style.paint(l, Paint{Colour::kDefault, Colour::kDefault, true}));
  }
  const bool mine = st.my_turn();
  Lines turn = wrapped({(mine ? "YOUR TURN: " : "") + st.to_act}, cols);
  for (auto& l : turn)
    l = style.paint(l, Paint{mine ? Colour::kGreen : Colour::kDefault, Colour::kDefault, mine});
  if (const std::string clocks = clock_line(st); !clocks.empty())
    append(turn, wrapped({clocks}, cols));
  const std::size_t fixed = lines.size() + turn.size() + 1 + kEvents + kMessages;
  const std::size_t board_rows = height > fixed + 4 ? height - fixed : 4;
  append(lines, board_for(st, ui, style, cols, board_rows, zoom));
  append(lines, turn);
  lines.push_back("Last events:");

  const auto label = [&](const std::string& id) { return st.label_of(id); };
  Lines events;
  for (const auto& e : st.recent) events.push_back("  " + event_line(e, ui, st.view, label));
  events = wrapped(events, cols);
  if (events.empty()) events.push_back("  (none yet)");
  const Lines said = wrapped({messages.begin(), messages.end()}, cols);

  const std::size_t rest = height > lines.size() ? height - lines.size() : kEvents + kMessages;
  const std::size_t want = std::max(kMessages, std::min<std::size_t>(8, rest / 2));
  const std::size_t event_rows =
      std::min(events.size(), rest > want + kEvents ? rest - want : kEvents);
  out.message_rows = rest > event_rows ? rest - event_rows : kMessages;
  lines.insert(lines.end(), events.end() - static_cast<long>(event_rows), events.end());
  const std::size_t shown = std::min(out.message_rows, said.size());
  lines.insert(lines.end(), said.end() - static_cast<long>(shown), said.end());
  return out;
}

}  // namespace grognard::cli
