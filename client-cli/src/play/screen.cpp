#include "play/screen.h"

#include "play/take_back.h"

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
    case v1::GameEvent::kTakenBack:
      return out + "* " + taken_back_words(e.taken_back(), label_of);
    case v1::GameEvent::BODY_NOT_SET:
      break;
  }
  return out + "(empty)";
}

}  // namespace grognard::cli
