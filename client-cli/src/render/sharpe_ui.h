#pragma once
// Sharpe's Mess in the terminal: a table-top view in inches (a scaled character map with
// buildings, walls, cover, guns and figures by group letter; below it the turn, the card just
// drawn, the decks, each group with its figures at their exact positions, the guns and the
// seat's briefing); events in words with every die; the play syntax of the players and of the
// referee. The methods are spread over sharpe_map.cpp (the map), sharpe_panel.cpp (the text
// under it), sharpe_events.cpp and sharpe_combat.cpp (events in words), sharpe_legal.cpp
// (commands and legal lists in words), sharpe_commands.cpp (the players' typing),
// sharpe_referee.cpp (the referee's typing), sharpe_help.cpp (help and tab completion) and
// sharpe_words.cpp (card effects and the pieces of a typed line).

#include <optional>
#include <string>
#include <vector>

#include "grognard/v1/sharpe.pb.h"
#include "render/inch_map.h"
#include "render/ruleset_ui.h"
#include "render/words.h"

namespace grognard::cli {

namespace sharpe = ::grognard::v1::sharpe;

class SharpeUi final : public RulesetUi {
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
  std::vector<std::string> pending(const google::protobuf::Any& view,
                                   const std::deque<v1::GameEvent>& recent) const override;
  std::string command_unit(const google::protobuf::Any& command,
                           const google::protobuf::Any& view) const override;
  std::string describe_command(const google::protobuf::Any& command) const override;
  bool confirm_first(const google::protobuf::Any& command) const override;  // sharpe_confirm.cpp
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

// Shared by the Sharpe's Mess files.
namespace sharpe_text {

// The view inside `any`, or an empty View.
sharpe::View view_of(const google::protobuf::Any& any);

// Shared with the other rule sets (render/words.h): num ("12.5"), die ("d20 14"), dice,
// same_id, lower, number_of, join.
using words::dice;
using words::die;
using words::join;
using words::lower;
using words::num;
using words::number_of;
using words::same_id;
// "12.5,20" (as typed in commands).
std::string point(const v1::Point& p);
// "12.5,20.0": both coordinates to one decimal (the table of positions).
std::string exact(const v1::Point& p);

// Look-ups by id, case-insensitive; nullptr when the view has none.
const sharpe::FigureView* find_figure(const sharpe::View& v, const std::string& id);
const sharpe::GroupView* find_group(const sharpe::View& v, const std::string& id);
const sharpe::Gun* find_gun(const sharpe::View& v, const std::string& id);
const sharpe::Seat* find_seat(const sharpe::View& v, const std::string& id_or_name);

// The figure's name ("Captain Sharpe"), or its id when the view does not know it.
std::string name_of(const sharpe::View& v, const std::string& figure_id);
// The seat's name ("British"), or the id itself.
std::string seat_name(const sharpe::View& v, const std::string& seat_id);
// "sharpe (Captain Sharpe, British)": a group, its hero and its seat.
std::string group_text(const sharpe::View& v, const std::string& group_id);
// The group's letter on the map: 'A' for the first group of the view, 'B' the next, …
char group_letter(const sharpe::View& v, const std::string& group_id);
// The index of the group's seat in the view's seats (its colour); -1 when unknown.
int seat_index(const sharpe::View& v, const std::string& group_id);

// "unhurt", "wounded", "dying 3", "killed", "lost".
std::string state_text(const sharpe::FigureView& f);
// "musket", "rifle", "pistol", "knife", "sword", "bayonet".
std::string weapon_name(sharpe::WeaponKind kind);
// The kind a typed word names ("musket", "knife", "hatchet", …).
std::optional<sharpe::WeaponKind> weapon_kind(const std::string& word);
bool firearm(sharpe::WeaponKind kind);
// "lose-half", "gain", "trip", "misfire", "reinforcements", "decides" (as typed).
std::string effect_word(sharpe::CardEffect effect);
std::optional<sharpe::CardEffect> effect_of(const std::string& word);
// What the effect does: "loses half the functions", "gains 2 functions", …
std::string effect_text(const sharpe::EventCard& card);
// `hero card: sharpe (Captain Sharpe, British)`, `event card "Trip": the hero trips …`.
std::string card_text(const sharpe::View& v, const sharpe::Card& card);
// "\"Trip\" (the hero trips and lies prone)".
std::string event_card_text(const sharpe::EventCard& card);
// "4-pdr", "8-pdr".
std::string gun_type(sharpe::GunType type);

// Compass bearings as the wire gives them (sharpe.proto: 0 = north = toward y = 0, clockwise;
// words::aim_vector and words::bearing_to): the unit vector along `degrees` in table
// coordinates, and the bearing from one point to another. The map draws a gun's aim with
// these, so it shows where the cone goes.
v1::Point aim_vector(double degrees);
double bearing_to(const v1::Point& from, const v1::Point& to);

// The colour of the seat with this index in the view's seats (side_colour).
inline Colour seat_colour(int seat_index) {
  return side_colour(seat_index);
}
// The scaled map of the table with its rulers and legend (sharpe_map.cpp).
std::vector<std::string> map_lines(const sharpe::View& v, const Style& style);
// The map of the part of the table `window` gives (its heading when asked) and its legend: the
// scale, what the characters mean, the cells holding several figures.
struct MapPart {
  std::vector<std::string> map;
  std::vector<std::string> cells;  // the scale, then "In one cell: 2 at 6,42: A sharpe a harper"
  std::vector<std::string> legend;
};
MapPart draw_map(const sharpe::View& v, const Style& style, const MapWindow& window, bool heading);
// The turn, phase, card and the active group (the lines every screen shows), and the rest of
// the panel: groups with their figures, guns, briefings (sharpe_panel.cpp).
std::vector<std::string> status_lines(const sharpe::View& v, const Style& style);
std::vector<std::string> detail_lines(const sharpe::View& v, const Viewer& viewer,
                                      const Style& style);
// The turn, cards, groups with their figures, guns and briefings (sharpe_panel.cpp).
std::vector<std::string> panel_lines(const sharpe::View& v, const Viewer& viewer,
                                     const Style& style);

// "1 function", "3 functions".
std::string functions(int n);
// Fire, hand to hand, wounds, morale and artillery in words (sharpe_combat.cpp); nullopt for
// the other events.
std::optional<std::string> combat_text(const sharpe::View& v, const sharpe::Event& e);

// Typing (sharpe_commands.cpp, sharpe_referee.cpp, sharpe_words.cpp).
Parsed done(const sharpe::Command& c);
Parsed fail(const std::string& why);
// "12.5,40" or "(12.5,40)".
std::optional<v1::Point> point_of(const std::string& word);
// Ids as the view spells them; the typed word when the view does not know it.
std::string figure_id(const sharpe::View& v, const std::string& typed);
std::string group_id(const sharpe::View& v, const std::string& typed);
// A figure still on the table (not killed, not lost).
bool on_table(const sharpe::FigureView& f);
// The ids of the figures on the table; of those that are enemies of `figure` when it is given.
std::vector<std::string> figure_ids(const sharpe::View& v, const std::string& enemies_of = "");
// The ids of the figures of `group` (any case) on the table.
std::vector<std::string> group_figure_ids(const sharpe::View& v, const std::string& group);
// The referee's lines: nullopt when `w[0]` is not one of referee_words().
std::vector<std::string> referee_words();
std::optional<Parsed> parse_referee(const std::vector<std::string>& w, const sharpe::View& v);
std::vector<HelpEntry> referee_help();
// The referee's commands as typed ("" when `c` is none of them).
std::string describe_referee(const sharpe::Command& c);

}  // namespace sharpe_text

}  // namespace grognard::cli
