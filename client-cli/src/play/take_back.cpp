#include "play/take_back.h"

namespace grognard::cli {

std::string events_span(std::uint64_t first, std::uint64_t last) {
  return first == last ? "event " + std::to_string(first)
                       : "events " + std::to_string(first) + "–" + std::to_string(last);
}

std::string taken_back_words(const v1::TakenBack& t,
                             const std::function<std::string(const std::string&)>& label_of) {
  return label_of(t.by_seat()) + " took back " + events_span(t.first_seq(), t.last_seq()) +
         (t.agreed_by().empty() ? "" : " (agreed by " + label_of(t.agreed_by()) + ")");
}

std::string take_back_answer(const v1::TakeBackResult& r, const GameState& state) {
  if (r.done()) return "done: taken back";
  if (r.refused()) return "refused: the command stands";
  std::string asked;
  for (const auto& s : r.asked()) asked += (asked.empty() ? "" : " or ") + state.label_of(s);
  return "asked " + (asked.empty() ? std::string("the other seats") : asked) +
         " to agree; you will see their answer";
}

std::string take_back_notice(const v1::ServerMessage& m, const GameState& state,
                             const RulesetUi* ui) {
  if (m.has_take_back() && m.take_back().refused()) {
    return "Your take-back was refused: the command stands.";
  }
  if (m.has_take_back() && m.take_back().lapsed()) {
    return "The take-back asked lapsed (a command came after it, or it was answered): nothing "
           "is waiting for an answer now.";
  }
  if (!m.has_take_back_offer()) return "";
  const v1::TakeBackOffer& o = m.take_back_offer();
  // What the events were, as this seat saw them.
  std::string what;
  for (const auto& e : state.recent) {
    if (e.seq() < o.first_seq() || e.seq() > o.last_seq() || !e.has_rules()) continue;
    what += (what.empty() ? "" : "; ") +
            (ui ? ui->describe_event(e.rules(), state.view) : e.rules().type_url());
  }
  const std::string who = o.from_label().empty() ? o.from_seat() : o.from_label();
  return who + " ask to take back: " + (what.empty() ? "their last command" : what) + " (" +
         events_span(o.first_seq(), o.last_seq()) + "). accept or refuse";
}

}  // namespace grognard::cli
