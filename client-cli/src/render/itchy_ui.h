#pragma once
// Itchy & Scratchy in the terminal: the grid map with terrain, units and Generals by side,
// facing and SP; the roster beside it; events with every die; the play syntax
// (`move B1 N N face E`, `attack B1 4,3`, `first`, `second`, `end`). The methods are spread
// over itchy_map.cpp (drawing), itchy_events.cpp (words) and itchy_commands.cpp (typing).

#include <map>
#include <string>
#include <vector>

#include "grognard/v1/itchy.pb.h"
#include "render/ruleset_ui.h"

namespace grognard::cli {

namespace itchy = ::grognard::v1::itchy;

class ItchyUi final : public RulesetUi {
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
  double zoom_radius() const override { return 3; }
  std::vector<std::string> show(const google::protobuf::Any& view, const Viewer& viewer,
                                const std::string& id) const override;
};

// Each unit's two-character mark on the map, by unit id: unique in the game (no two units,
// of either side, share one) and the same all game long. Its id when that is two letters or
// digits ("B1"), a General's first letter and G ("BG"), else its first letter and its last
// ("GR" for GCR), else its first and another of its letters ("GA" for GARDNER, when GCR came
// first in the scenario), and so on.
std::map<std::string, std::string> itchy_marks(const itchy::View& view);

// Shared by the Itchy & Scratchy files.
namespace itchy_text {

// The view inside `any`, or an empty View.
itchy::View view_of(const google::protobuf::Any& any);
// "^", ">", "v", "<" (" " when unspecified).
char arrow(itchy::Facing facing);
// "N", "E", "S", "W".
std::string letter(itchy::Facing facing);
// "(3,5)".
std::string pos(const itchy::Pos& p);
// The side's name from the view, or "side N".
std::string side_name(const itchy::View& view, int side);
// The unit with this id (case-insensitive), or nullptr.
const itchy::UnitView* find_unit(const itchy::View& view, const std::string& id);
// "INF", "MCAV", "GEN", …
std::string type_abbrev(itchy::UnitType type);
// "Turn 2 of 12 - British to act, active unit B1", or who waits, or the result.
std::string phase_line(const itchy::View& view);
// The sides with their losses, each unit's line (its map mark first), the objectives and the
// victory conditions (itchy_panel.cpp).
std::vector<std::string> roster_lines(const itchy::View& view,
                                      const std::map<std::string, std::string>& marks,
                                      const Viewer& viewer, const Style& style);

}  // namespace itchy_text

}  // namespace grognard::cli
