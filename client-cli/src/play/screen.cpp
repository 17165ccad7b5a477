#include "play/screen.h"

#include <algorithm>

namespace grognard::cli {

std::string event_line(const v1::GameEvent& e, const RulesetUi* ui,
                       const google::protobuf::Any& view,
                       const std::function<std::string(const std::string&)>& label_of) {
  std::string out = "#" + std::to_string(e.seq()) + " ";
  switch (e.body_case()) {
    case v1::GameEvent::kRules:
      if (!e.seat().empty()) out += label_of(e.seat()) + ": ";
      return out + (ui ? ui->describe_event(e.rules(), view) : e.rules().type_url());
    case v1::GameEvent::kChat: {
      const auto& c = e.chat();
      std::string from = c.from_label().empty() ? c.from_seat() : c.from_label();
      if (!c.from_name().empty()) from += " (" + c.from_name() + ")";
      return out + "[" + from + (c.to().empty() ? " to all" : " to " + label_of(c.to())) + "] " +
             c.text();
    }
    case v1::GameEvent::kSystem: {
      const auto& s = e.system();
      out += "* " + s.text();
      if (!s.seed_sha256().empty() && s.seed().empty())
        out += " (dice seed sha256 " + s.seed_sha256().substr(0, 12) + "...)";
      if (!s.seed().empty()) out += " (dice seed " + s.seed().substr(0, 16) + "...)";
      // The note's own words usually give the result already ("The game is over: …").
      if (!s.result().empty() && s.text().find(s.result()) == std::string::npos)
        out += " Result: " + s.result();
      return out;
    }
    case v1::GameEvent::BODY_NOT_SET:
      break;
  }
  return out + "(empty)";
}

std::vector<std::string> play_screen(const GameState& st, const RulesetUi* ui, const Style& style,
                                     const std::deque<std::string>& messages,
                                     const ScreenParts& parts) {
  std::vector<std::string> lines;
  const std::string who = st.observer() ? "observer" : st.label_of(st.seat_id);
  lines.push_back(style.paint("Grognard  " + st.ruleset + "  game " + st.game_id + "  invite " +
                                  st.room.invite_code() + "  you: " + who + "  [" + st.status + "]",
                              Paint{Colour::kDefault, Colour::kDefault, true}));
  lines.push_back("");
  if (ui && !st.view.type_url().empty()) {
    const auto board =
        ui->render(st.view, Viewer{st.side(), st.observer() ? "" : st.seat_id}, style);
    lines.insert(lines.end(), board.begin(), board.end());
  } else if (!ui) {
    lines.push_back("(this client cannot draw the rule set \"" + st.ruleset + "\")");
  }
  lines.push_back("");
  const bool mine = st.my_turn();
  const std::string turn = mine ? "YOUR TURN: " : "";
  lines.push_back(style.paint(
      turn + st.to_act, Paint{mine ? Colour::kGreen : Colour::kDefault, Colour::kDefault, mine}));
  lines.push_back("Last events:");
  const auto label = [&](const std::string& id) { return st.label_of(id); };
  const std::size_t n = std::min(parts.events, st.recent.size());
  for (std::size_t i = st.recent.size() - n; i < st.recent.size(); ++i)
    lines.push_back("  " + event_line(st.recent[i], ui, st.view, label));
  if (n == 0) lines.push_back("  (none yet)");
  lines.push_back("");
  const std::size_t m = std::min(parts.messages, messages.size());
  for (std::size_t i = messages.size() - m; i < messages.size(); ++i) lines.push_back(messages[i]);
  return lines;
}

}  // namespace grognard::cli
