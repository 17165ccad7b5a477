// Fire, hand to hand, wounds, morale and artillery in words, with every die thrown
// (sharpe_events.cpp words the rest).
#include "render/sharpe_ui.h"

namespace grognard::cli {

namespace sharpe_text {

// "1 function", "3 functions".
std::string functions(int n) {
  return std::to_string(n) + (n == 1 ? " function" : " functions");
}

}  // namespace sharpe_text

namespace {

using namespace sharpe_text;

using words::signed_number;

std::string cause_text(const std::string& cause) {
  if (cause == "hits") return "20% hits this turn";
  if (cause == "melee") return "hand to hand lost";
  if (cause == "ball") return "hit by a cannon ball";
  return cause;
}

std::string weapon_of(const sharpe::View& v, const std::string& figure, unsigned index) {
  const auto* f = find_figure(v, figure);
  if (!f || static_cast<int>(index) >= f->figure().weapons_size()) return "weapon";
  return weapon_name(f->figure().weapons(static_cast<int>(index)).kind());
}

std::string spent(const sharpe::View& v, const sharpe::FunctionsSpent& e) {
  std::string what;
  switch (e.action()) {
    case sharpe::STAND_UP:
      what = "stands up";
      break;
    case sharpe::AIM:
      what = "aims";
      break;
    case sharpe::LOAD_MUSKET:
    case sharpe::LOAD_RIFLE:
      what = "loads the " + weapon_of(v, e.figure(), e.weapon());
      what += e.loaded() ? " (loaded)" : " (not yet loaded)";
      break;
    default:
      what = "acts";
      break;
  }
  return name_of(v, e.figure()) + " " + what + ": " + functions(e.functions());
}

// " +2 aimed shot -2 target moved": each modifier with its name.
std::string parts_text(const google::protobuf::RepeatedPtrField<v1::Modifier>& parts) {
  std::string out;
  for (const auto& m : parts) out += " " + signed_number(m.value()) + " " + m.name();
  return out;
}

std::string fired(const sharpe::View& v, const sharpe::Fired& e) {
  const std::string weapon = weapon_of(v, e.figure(), e.weapon());
  const int face = static_cast<int>(e.roll().face());
  const int scaled = e.total() - e.modifiers();
  std::string out = name_of(v, e.figure()) + (weapon == "knife" ? " throws a " : " fires a ") +
                    weapon + " at " + name_of(v, e.target()) + " (range " + num(e.range()) +
                    "\"): " + die(e.roll());
  if (weapon == "rifle" || (weapon == "weapon" && scaled == face * 2 && face > 0))
    out += " x2 = " + std::to_string(scaled);
  else if (weapon == "pistol" || (weapon == "weapon" && scaled != face))
    out += " /2 = " + std::to_string(scaled);
  if (e.parts_size() > 0)
    out += parts_text(e.parts()) + " = " + std::to_string(e.total());
  else if (e.modifiers() != 0)
    out += " " + signed_number(e.modifiers()) + " modifiers = " + std::to_string(e.total());
  if (e.malfunction()) {
    out += ": a bare 1, a miss and the " + weapon + " is out of action";
  } else if (face == 20 && e.hit()) {
    out += ": a bare 20 always hits";
  } else {
    out += (e.hit() ? " > " : " <= ") + num(e.range()) + (e.hit() ? ", hit" : ", miss");
  }
  return out + " (" + functions(e.functions()) + ")";
}

std::string hurt(const sharpe::View& v, const sharpe::FigureHurt& e) {
  std::string out = name_of(v, e.figure()) + " on the Hit Table: ";
  out += e.has_roll() ? die(e.roll()) + " " : "";
  switch (e.result()) {
    case sharpe::HIT_NO_EFFECT:
      out += "no effect";
      break;
    case sharpe::HIT_WOUNDED:
      out += "wounded";
      break;
    case sharpe::HIT_DYING:
      out += "dying";
      break;
    case sharpe::HIT_KILLED:
      out += "killed";
      break;
    default:
      out += "?";
      break;
  }
  if (e.has_dying_roll()) out += " (" + die(e.dying_roll()) + " turns left)";
  // The state the result gives, unless it made things worse (a second wound: dying).
  const sharpe::FigureState plain = e.result() == sharpe::HIT_WOUNDED  ? sharpe::FIGURE_WOUNDED
                                    : e.result() == sharpe::HIT_DYING  ? sharpe::FIGURE_DYING
                                    : e.result() == sharpe::HIT_KILLED ? sharpe::FIGURE_KILLED
                                                                       : e.after();
  if (e.after() == plain) return out;
  sharpe::FigureView after;
  after.set_state(e.after());
  after.set_dying_turns(e.has_dying_roll() ? static_cast<int>(e.dying_roll().face()) : 0);
  return out + "; now " + state_text(after);
}

std::string melee(const sharpe::View& v, const sharpe::MeleeFought& e) {
  std::string out = "Hand to hand: " + name_of(v, e.a()) + " " + die(e.roll_a()) +
                    parts_text(e.parts_a()) + " = " + std::to_string(e.total_a()) + " v " +
                    name_of(v, e.b()) + " " + die(e.roll_b()) + parts_text(e.parts_b()) + " = " +
                    std::to_string(e.total_b());
  if (e.loser().empty()) return out + ": a tie, no effect";
  const int diff =
      e.total_a() > e.total_b() ? e.total_a() - e.total_b() : e.total_b() - e.total_a();
  return out + ": " + name_of(v, e.loser()) + " loses by " + std::to_string(diff);
}

std::string ran(const sharpe::View& v, const sharpe::FigureRan& e) {
  unsigned sum = 0;
  for (const auto& r : e.rolls()) sum += r.face();
  return name_of(v, e.figure()) + " runs " + std::to_string(sum) + "\" [" + dice(e.rolls()) +
         "] to " + point(e.to());
}

std::string canister(const sharpe::View& v, const sharpe::CanisterFired& e) {
  static const char* kBands[] = {"1-4\"",   "4-8\"",   "8-12\"", "12-16\"",
                                 "16-20\"", "20-24\"", "24-30\""};
  std::string out = name_of(v, e.figure()) + " fires canister from " + e.gun() + " at bearing " +
                    num(e.aim()) + " (" + functions(e.functions()) + ")";
  if (e.throws().empty()) return out + ": nobody in the cone";
  out += ":";
  for (int i = 0; i < e.throws_size(); ++i) {
    const auto& t = e.throws(i);
    const std::string band = t.band() < 7 ? kBands[t.band()] : "?";
    out += std::string(i ? ";" : "") + " " + name_of(v, t.figure()) + " (" + band + ", 1-" +
           std::to_string(t.to_hit()) + ") " + die(t.roll()) + (t.hit() ? " hit" : " miss");
  }
  return out;
}

std::string ball(const sharpe::View& v, const sharpe::BallFired& e) {
  return name_of(v, e.figure()) + " fires ball from " + e.gun() + " at " + name_of(v, e.target()) +
         " (range " + num(e.range()) + "\", bearing " + num(e.aim()) + "): " + die(e.roll()) +
         (e.hit() ? ", hit" : ", miss (a 1 hits)") + " (" + functions(e.functions()) + ")";
}

std::string loading(const sharpe::View& v, const sharpe::GunLoading& e) {
  std::string out = name_of(v, e.figure()) + " loads " + e.gun() + ": " +
                    std::to_string(e.amount()) + " towards the 16 (" + functions(e.functions()) +
                    ")";
  return out + (e.loaded() ? "; the gun is loaded" : "");
}

}  // namespace

std::optional<std::string> sharpe_text::combat_text(const sharpe::View& v, const sharpe::Event& e) {
  using E = sharpe::Event;
  switch (e.kind_case()) {
    case E::kFunctionsSpent:
      return spent(v, e.functions_spent());
    case E::kFired:
      return fired(v, e.fired());
    case E::kFigureHurt:
      return hurt(v, e.figure_hurt());
    case E::kMeleeFought:
      return melee(v, e.melee_fought());
    case E::kMoraleTested: {
      const auto& m = e.morale_tested();
      return group_text(v, m.group()) + " tests morale (" + cause_text(m.cause()) +
             "): " + die(m.roll()) + (m.passed() ? ", passed" : ", failed");
    }
    case E::kFigureRan:
      return ran(v, e.figure_ran());
    case E::kScattered: {
      const auto& s = e.scattered();
      return group_text(v, s.group()) + " scatters " +
             (s.toward_cover() ? "toward cover" : "directly away") + " (" + cause_text(s.cause()) +
             ")";
    }
    case E::kGunLoading:
      return loading(v, e.gun_loading());
    case E::kCanisterFired:
      return canister(v, e.canister_fired());
    case E::kBallFired:
      return ball(v, e.ball_fired());
    default:
      break;
  }
  return std::nullopt;
}

}  // namespace grognard::cli
