#pragma once
// The RCW quick rules in the terminal: a table-top view in inches (the scaled map of
// render/inch_map.h with terrain, roads, rails, deployment zones, objectives and units by a
// letter with a pointer along their facing; below it the turn, the side to act, the open
// activation, points and a table of units); events in words with every die; the generals'
// typing. The methods are spread over rcw_map.cpp (the map), rcw_panel.cpp (the text under it),
// rcw_events.cpp and rcw_combat.cpp (events in words), rcw_commands.cpp (typing),
// rcw_legal.cpp (commands and legal lists in words), rcw_help.cpp (help and completion) and
// rcw_ui.cpp (look-ups and names).
//
// Coordinates and bearings are the wire's (rcw.proto): inches, x east, y south, (0,0) the
// north-west corner; facings are compass bearings in degrees, 0 north (up the map), 90 east.

#include <optional>
#include <string>
#include <vector>

#include "grognard/v1/rcw.pb.h"
#include "render/inch_map.h"
#include "render/ruleset_ui.h"
#include "render/words.h"

namespace grognard::cli {

namespace rcw = ::grognard::v1::rcw;

class RcwUi final : public RulesetUi {
 public:
  std::vector<std::string> render(const google::protobuf::Any& view, const Viewer& viewer,
                                  const Style& style) const override;
  std::string describe_event(const google::protobuf::Any& event,
                             const google::protobuf::Any& view) const override;
  std::optional<int> turn_opened(const google::protobuf::Any& event) const override;
  std::vector<std::string> command_words() const override;
  std::vector<HelpEntry> help() const override;
  std::optional<Parsed> parse(const std::vector<std::string>& words,
                              const google::protobuf::Any& view) const override;
  std::vector<std::string> complete(const std::vector<std::string>& words,
                                    const google::protobuf::Any& view) const override;
  std::vector<std::string> describe_legal(const v1::LegalCommands& legal,
                                          const google::protobuf::Any& view,
                                          const std::string& unit) const override;
  std::string command_unit(const google::protobuf::Any& command,
                           const google::protobuf::Any& view) const override;
  std::string describe_command(const google::protobuf::Any& command) const override;
  std::string seat_label(const std::string& seat_id,
                         const google::protobuf::Any& view) const override;
  Board board(const google::protobuf::Any& view, const Viewer& viewer, const Style& style,
              const Frame& frame) const override;
  std::optional<Focus> locate(const google::protobuf::Any& view,
                              const std::string& id) const override;
  double zoom_radius() const override { return 6; }
  std::vector<std::string> show(const google::protobuf::Any& view, const Viewer& viewer,
                                const std::string& id) const override;
};

// Shared by the RCW files.
namespace rcw_text {

using words::num;
using words::same_id;

// The view inside `any`, or an empty View.
rcw::View view_of(const google::protobuf::Any& any);

// "12.5,20" (as typed) and "12.5,20.0" (the table).
std::string point(const v1::Point& p);
std::string exact(double x, double y);
// "90 (E)": a facing in degrees and its compass point.
std::string facing_text(double degrees);

// Look-ups by id, case-insensitive; nullptr when the view has none. find_car also gives the
// train the car belongs to.
const rcw::UnitState* find_unit(const rcw::View& v, const std::string& id);
const rcw::CarState* find_car(const rcw::View& v, const std::string& id,
                              const rcw::UnitState** train = nullptr);
// The unit the open activation is for; nullptr when none is open (or it is out of sight).
const rcw::UnitState* active_unit(const rcw::View& v);

// "1st Red Guards company (R1)"; a train's car "Forward gun car (W-T1) of Ofitser"; the id
// alone when the view does not know it.
std::string unit_name(const rcw::View& v, const std::string& id);
// The side's name ("Reds"), or "side N".
std::string side_name(const rcw::View& v, int side);
// The unit's letter on the map and in the table: side 0's units A, B, C… in the scenario's
// order (UnitState.mark), side 1's a, b, c…, the same on every screen and after every reveal;
// '?' when the view does not know it.
char letter_of(const rcw::View& v, const std::string& id);

std::string type_text(rcw::UnitType t);
std::string training_text(rcw::Training t);
std::string cover_text(rcw::Cover c);
std::string outcome_text(rcw::Outcome o);
// "move", "shoot", "limber", "rally", "assault" (as typed).
std::string action_word(rcw::ActionKind a);
std::optional<rcw::ActionKind> action_of(const std::string& word);
// What Limber does to this unit: "limber"/"unlimber" for artillery, "pack"/"deploy" for MGs
// and mortars.
std::string limber_word(const rcw::UnitState* u, bool limbered);
// "+1 elite -1 pinned" (each modifier with its name); empty when there are none.
std::string modifiers(const google::protobuf::RepeatedPtrField<v1::Modifier>& parts);

// The scaled map with its legend (rcw_map.cpp) and the text under it (rcw_panel.cpp).
std::vector<std::string> map_lines(const rcw::View& v, const Style& style);
std::vector<std::string> panel_lines(const rcw::View& v, const Viewer& viewer, const Style& style);
// The map of the part of the table `window` gives (its heading when asked) and its legend: the
// scale, what the characters mean, the cells holding several units.
struct MapPart {
  std::vector<std::string> map;
  std::vector<std::string> cells;  // the scale, then "In one cell: 2 at 30,20: A R1 b W2"
  std::vector<std::string> legend;
};
MapPart draw_map(const rcw::View& v, const Style& style, const MapWindow& window, bool heading);
// The scenario, turn, side to act and open activation (what every screen shows), and the rest
// of the panel: points, objectives, the table of units, briefing, victory (rcw_panel.cpp).
std::vector<std::string> status_lines(const rcw::View& v, const Viewer& viewer, const Style& style);
std::vector<std::string> detail_lines(const rcw::View& v, const Viewer& viewer, const Style& style);
// "pinned, dug in, activated" (the table's state column); "DESTROYED".
std::string state_marks(const rcw::View& v, const rcw::UnitState& u);
// Shots and close assaults in words (rcw_combat.cpp); nullopt for the other events.
std::optional<std::string> combat_text(const rcw::View& v, const rcw::Event& e);
// The command as typed (rcw_legal.cpp).
std::string command_text(const rcw::View& v, const rcw::Command& c);

}  // namespace rcw_text

}  // namespace grognard::cli
