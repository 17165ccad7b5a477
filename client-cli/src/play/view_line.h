#pragma once
// The client's own commands about how the board is seen, answered from the view the seat
// already holds (nothing is asked of the server): `zoom X,Y [R]`, `zoom ID [R]` and `zoom off`
// (the map at a larger scale around a point, or following a figure or unit as it moves),
// `show ID` (everything the view tells of one figure or unit) and `panel` (the roster, cards and
// briefings in full, a page at a time).

#include <optional>
#include <string>
#include <vector>

#include "commands/game_link.h"
#include "render/ruleset_ui.h"

namespace grognard::cli {

// Where the map is zoomed: on a figure or unit (followed as it moves) or on a point.
struct Zoom {
  bool on = false;
  std::string id;  // non-empty: the figure or unit zoomed on
  Focus at;        // the point and the radius (the radius also when zoomed on an id)
};

struct ViewReply {
  std::vector<std::string> lines;  // for the message area (the pager when longer)
  bool page = false;               // `panel`: open the pager on the lines
};

// The client's view words (completed like the others).
std::vector<std::string> view_words();
// nullopt: `line` is none of the view commands. Otherwise its answer; `zoom` is updated.
std::optional<ViewReply> view_command(const std::string& line, const RulesetUi* ui,
                                      const GameState& state, Zoom& zoom);
// The area the map shows now: nullopt when not zoomed, or zoomed on an id no longer in sight.
std::optional<Focus> zoom_focus(const Zoom& zoom, const RulesetUi* ui, const GameState& state);
// The help entries of zoom, show and panel.
std::vector<HelpEntry> view_help();

}  // namespace grognard::cli
