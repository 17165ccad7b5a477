#pragma once
// What the terminal client knows of one rule set, behind one interface: how its view is drawn
// (a grid for Itchy & Scratchy; the rule sets measured in inches bring their own table-top
// view), how its events read, how a typed line becomes its Command, and what `help` and tab
// completion offer. The rest of the client (play, watch, replay, scripted mode) speaks only to
// this interface; ui_for() finds the implementation by the rule set's name.

#include <google/protobuf/any.pb.h>

#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grognard/v1/protocol.pb.h"
#include "render/style.h"

namespace grognard::cli {

// Who looks at the view: a side's index (-1 for an observer and for seats that are not sides)
// and the seat's id ("side:0", "player:anna", "referee"; empty for an observer).
struct Viewer {
  int side = -1;
  std::string seat;
};

struct HelpEntry {
  std::string syntax;   // "move UNIT STEPS... [face DIR]"
  std::string meaning;  // "move a unit through edges N E S W"
  std::string example;  // "move B1 N N face E"
};

// Where `zoom` looks: a point and how far around it, in the rule set's measure (inches; grid
// areas for Itchy & Scratchy).
struct Focus {
  double x = 0;
  double y = 0;
  double r = 0;
};

// The room a screen gives the map: at most `cols` columns and `rows` lines (rulers and edges
// included; 0: as many as the map needs), and the area to zoom on, if any.
struct Frame {
  int cols = 0;
  int rows = 0;
  std::optional<Focus> zoom;
};

// A view drawn for a screen of a given size: the map fitted to the Frame, who shares a map cell
// (never left out: two figures in one cell must not hide each other silently), what the map's
// characters mean (one entry a sentence, wrapped by the screen), the few lines every screen
// shows (turn, phase, who acts), and the rest of the panel (roster, cards, briefings) for when
// there is room or the player asks for it (`panel`).
struct Board {
  std::vector<std::string> map;
  std::vector<std::string> cells;  // the scale or the part shown first, then shared cells
  std::vector<std::string> legend;
  std::vector<std::string> status;
  std::vector<std::string> panel;
  bool cropped = false;  // the whole table did not fit the Frame: only a part is drawn
};

// A typed line turned into the rule set's command, or why it could not be.
struct Parsed {
  std::optional<google::protobuf::Any> command;
  std::string error;  // non-empty: the line is one of the rule set's commands but malformed
};

class RulesetUi {
 public:
  virtual ~RulesetUi() = default;

  // The board and what stands beside it (roster, turn, losses), one string per screen line.
  virtual std::vector<std::string> render(const google::protobuf::Any& view, const Viewer& viewer,
                                          const Style& style) const = 0;
  // The view drawn for a screen: the map fitted to `frame` (scaled, or cropped, or zoomed).
  virtual Board board(const google::protobuf::Any& view, const Viewer& viewer, const Style& style,
                      const Frame& frame) const = 0;
  // Where the figure or unit `id` (any case) stands, with the radius `zoom ID` looks around it;
  // nullopt when the view does not show it.
  virtual std::optional<Focus> locate(const google::protobuf::Any& view,
                                      const std::string& id) const = 0;
  // The radius `zoom X,Y` looks around the point when none is typed.
  virtual double zoom_radius() const = 0;
  // `show ID`: everything the view tells of one figure or unit (position, state, weapons, side),
  // or why there is nothing to show. Nothing the view does not hold.
  virtual std::vector<std::string> show(const google::protobuf::Any& view, const Viewer& viewer,
                                        const std::string& id) const = 0;

  // The event in words with every die thrown; `view` (may be empty) names units and sides.
  virtual std::string describe_event(const google::protobuf::Any& event,
                                     const google::protobuf::Any& view) const = 0;
  // The turn an event opens, if it opens one (for "jump to turn N" in replays).
  virtual std::optional<int> turn_opened(const google::protobuf::Any& event) const = 0;

  // The command words this rule set takes ("move", "attack", …).
  virtual std::vector<std::string> command_words() const = 0;
  virtual std::vector<HelpEntry> help() const = 0;
  // nullopt: `words[0]` is not one of command_words().
  virtual std::optional<Parsed> parse(const std::vector<std::string>& words,
                                      const google::protobuf::Any& view) const = 0;
  // Words that complete the argument after `words` (unit ids, directions, …).
  virtual std::vector<std::string> complete(const std::vector<std::string>& words,
                                            const google::protobuf::Any& view) const = 0;
  // What the seat may do now, from the server's list; `unit` non-empty: that unit only.
  virtual std::vector<std::string> describe_legal(const v1::LegalCommands& legal,
                                                  const google::protobuf::Any& view,
                                                  const std::string& unit) const = 0;
  // The unit or figure a command of the server's list is for; empty for the seat's own
  // commands (end, throw, …). `legal UNIT` in --json keeps that unit's commands by it.
  virtual std::string command_unit(const google::protobuf::Any& command,
                                   const google::protobuf::Any& view) const = 0;
  // Whether the client previews `command` before sending it and, when the server warns, asks
  // for a confirmation (docs/client.md, "Previews"): Sharpe's `end` and the referee's rulings.
  virtual bool confirm_first(const google::protobuf::Any& /*command*/) const { return false; }
  // The command as the user would type it.
  virtual std::string describe_command(const google::protobuf::Any& command) const = 0;
  // What is waiting on someone (`pending`, the referee's desk): one line each. `recent` is the
  // client's tail of the log. Default: nothing.
  virtual std::vector<std::string> pending(const google::protobuf::Any& /*view*/,
                                           const std::deque<v1::GameEvent>& /*recent*/) const {
    return {"Nothing is pending."};
  }
  // The name the view gives seat `seat_id` ("side:0" → "British"); empty if it gives none.
  // Used where the room's seat list is not at hand (replays of others' games).
  virtual std::string seat_label(const std::string& /*seat_id*/,
                                 const google::protobuf::Any& /*view*/) const {
    return "";
  }
};

// The rule set's UI; nullptr for a rule set this client does not know.
const RulesetUi* ui_for(const std::string& ruleset);
// The rule set a view belongs to, from the Any's type URL ("grognard.v1.itchy.View" → "itchy").
std::string ruleset_of(const google::protobuf::Any& any);

}  // namespace grognard::cli
