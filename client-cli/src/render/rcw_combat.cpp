// Shots (§6, §10, R7, R11) and close assaults (§11, R8) in words, with every die: the firer,
// target, observer, range, cover, the number needed, each die, the hits, each save with its
// modifiers and what it all did; each round of an assault with both sides' throws; how the
// assault ended.
#include "render/rcw_ui.h"

namespace grognard::cli {

namespace {

using namespace rcw_text;

std::string hits(int n) {
  return std::to_string(n) + (n == 1 ? " hit" : " hits");
}

// "saves (4+ each): d6 3 +1 elite = 4 saved, d6 1 = 1 failed".
std::string saves(const google::protobuf::RepeatedPtrField<rcw::Save>& list) {
  if (list.empty()) return "";
  std::string out = "saves (4+ each):";
  for (int i = 0; i < list.size(); ++i) {
    const auto& s = list[i];
    out += std::string(i ? "," : "") + " " + words::die(s.roll());
    const std::string mods = modifiers(s.parts());
    if (!mods.empty()) out += " " + mods + " = " + std::to_string(s.total());
    out += s.saved() ? " saved" : " failed";
  }
  return out;
}

// What the hits did: "-> PINNED", "-> DESTROYED", "-> no effect", with the armour note.
std::string result(rcw::Outcome o, bool full_effect, int hit_count) {
  std::string out = " -> ";
  out += o == rcw::DESTROYED ? "DESTROYED" : o == rcw::PINNED ? "PINNED" : "no effect";
  if (!full_effect && hit_count > 0) out += " (armour: at worst pinned, R7)";
  return out;
}

std::string shot(const rcw::View& v, const rcw::Shot& e) {
  std::string out = unit_name(v, e.firer()) + " shoots at " + unit_name(v, e.target());
  if (!e.observer().empty()) out += " observed by " + unit_name(v, e.observer());
  out += ": range " + num(e.range()) + "\", target " + cover_text(e.cover()) + ", needs " +
         std::to_string(e.needed()) + "+: " + words::dice(e.dice()) + ": " + hits(e.hits());
  if (e.hits() > 0) out += "; " + saves(e.saves());
  out += result(e.outcome(), e.full_effect(), e.hits());
  if (e.more_shots()) out += " (the train's next car fires)";
  return out;
}

std::string side_throw(const std::string& who, const rcw::AssaultThrow& t,
                       const std::string& other) {
  std::string out = who + " throws " + (t.dice().empty() ? "no dice" : words::dice(t.dice()));
  out += ", needs " + std::to_string(t.needed()) + "+";
  const std::string mods = modifiers(t.parts());
  if (!mods.empty()) out += " (" + mods + " on each die; a 6 always hits)";
  out += ": " + hits(t.hits());
  if (t.hits() > 0) out += "; " + other + " " + saves(t.saves());
  return out + result(t.outcome(), t.full_effect(), t.hits());
}

std::string round_text(const rcw::View& v, const rcw::AssaultRound& e) {
  return "Close assault, round " + std::to_string(e.round()) + ": " +
         side_throw(unit_name(v, e.attacker()), e.by_attacker(), e.defender()) + ". " +
         side_throw(unit_name(v, e.defender()), e.by_defender(), e.attacker());
}

std::string ended(const rcw::View& v, const rcw::AssaultEnded& e) {
  const std::string a = unit_name(v, e.attacker()), d = unit_name(v, e.defender());
  std::string out = "The close assault of " + a + " on " + d + " ends: ";
  switch (e.end()) {
    case rcw::DEFENDER_DESTROYED:
      return out + d + " is destroyed; " + a + " takes its place at " + point(e.attacker_to());
    case rcw::ATTACKER_DESTROYED:
      return out + a + " is destroyed";
    case rcw::BOTH_DESTROYED:
      return out + "both are destroyed";
    case rcw::FELL_BACK:
      return out + a + " is pinned and falls back 3\" to " + point(e.attacker_to()) + " (R8)";
    case rcw::ROUND_LIMIT:
      return out + "after 50 rounds " + a + " falls back to " + point(e.attacker_to()) + " (R21)";
    default:
      return out + "?";
  }
}

}  // namespace

std::optional<std::string> rcw_text::combat_text(const rcw::View& v, const rcw::Event& e) {
  using E = rcw::Event;
  switch (e.kind_case()) {
    case E::kShot:
      return shot(v, e.shot());
    case E::kAssaultMoved: {
      const auto& m = e.assault_moved();
      return unit_name(v, m.attacker()) + " charges into contact with " +
             unit_name(v, m.defender()) + ": from " + point(m.from()) + " to " + point(m.to());
    }
    case E::kAssaultRound:
      return round_text(v, e.assault_round());
    case E::kAssaultEnded:
      return ended(v, e.assault_ended());
    default:
      return std::nullopt;
  }
}

}  // namespace grognard::cli
