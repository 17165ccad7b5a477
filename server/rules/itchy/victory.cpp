// I16, I19, I23: the scenario's victory conditions, checked when the scenario is loaded and
// tried in order when the battle ends.
#include <algorithm>
#include <array>
#include <optional>
#include <set>
#include <string>

#include "rules/itchy/internal.h"

namespace grognard::itchy {

std::string_view to_string(VictoryTest t) {
  switch (t) {
    case VictoryTest::kNoUnitsLeft:
      return "NO_UNITS_LEFT";
    case VictoryTest::kSideExhausted:
      return "SIDE_EXHAUSTED";
    case VictoryTest::kObjectivesHeld:
      return "OBJECTIVES_HELD";
    case VictoryTest::kEnemySpDestroyed:
      return "ENEMY_SP_DESTROYED";
    case VictoryTest::kScore:
      return "SCORE";
    case VictoryTest::kTurnLimit:
      return "TURN_LIMIT";
  }
  return "?";
}

namespace detail {

namespace {

bool counts_objectives(VictoryTest t) {
  return t == VictoryTest::kObjectivesHeld || t == VictoryTest::kScore;
}

bool has_minimum(VictoryTest t) {
  return counts_objectives(t) || t == VictoryTest::kEnemySpDestroyed;
}

VictoryCondition condition(VictoryTest t) {
  VictoryCondition c;
  c.test = t;
  return c;
}

// Points of the objectives `names` counts (empty: all) that one of `side`'s units or Generals
// stands on.
int objective_points(const State& s, int side, const std::vector<std::string>& names) {
  int points = 0;
  for (const Objective& o : s.victory.objectives) {
    if (!names.empty() && std::find(names.begin(), names.end(), o.name) == names.end()) continue;
    const auto here = s.at(o.pos);
    if (std::any_of(here.begin(), here.end(), [&](const Unit* u) { return u->side == side; })) {
      points += o.points;
    }
  }
  return points;
}

struct Verdict {
  int winner = 0;
  std::string why;
};

const std::string& name_of(const State& s, int side) {
  return s.sides[static_cast<std::size_t>(side)].name;
}

// The side with the larger of `n`, if it has at least `at_least`.
std::optional<int> larger(const std::array<int, 2>& n, int at_least) {
  if (n[0] == n[1]) return std::nullopt;
  const int w = n[0] > n[1] ? 0 : 1;
  if (n[static_cast<std::size_t>(w)] < at_least) return std::nullopt;
  return w;
}

std::string tally(const std::array<int, 2>& n, int winner) {
  return " (" + std::to_string(n[static_cast<std::size_t>(winner)]) + " to " +
         std::to_string(n[static_cast<std::size_t>(1 - winner)]) + ")";
}

// I23: whom `c` names the winner, and in what words; nullopt when it names nobody.
std::optional<Verdict> verdict(const State& s, const VictoryCondition& c, bool last_turn_over) {
  std::optional<int> w;
  std::string why;
  std::array<int, 2> n{};
  switch (c.test) {
    case VictoryTest::kNoUnitsLeft: {
      const bool none0 = units_left(s, 0) == 0, none1 = units_left(s, 1) == 0;
      if (none0 != none1) w = none0 ? 1 : 0;
      if (w) why = name_of(s, 1 - *w) + " have no units left";
      break;
    }
    case VictoryTest::kSideExhausted: {
      const bool ex0 = s.sides[0].exhausted, ex1 = s.sides[1].exhausted;
      if (ex0 != ex1) w = ex0 ? 1 : 0;
      if (w) why = "only " + name_of(s, 1 - *w) + " have reached their Exhaustion Point";
      break;
    }
    case VictoryTest::kObjectivesHeld:
      for (int side = 0; side < 2; ++side) {
        n[static_cast<std::size_t>(side)] = objective_points(s, side, c.objectives);
      }
      w = larger(n, c.at_least);
      if (w && c.objectives.size() == 1) why = name_of(s, *w) + " hold " + c.objectives.front();
      if (w && c.objectives.size() != 1) {
        why = name_of(s, *w) + " hold more objective points" + tally(n, *w);
      }
      break;
    case VictoryTest::kEnemySpDestroyed:
      for (int side = 0; side < 2; ++side) {
        n[static_cast<std::size_t>(side)] = s.sides[static_cast<std::size_t>(1 - side)].losses;
      }
      w = larger(n, c.at_least);
      if (w) why = name_of(s, *w) + " destroyed more enemy Strength Points" + tally(n, *w);
      break;
    case VictoryTest::kScore:
      for (int side = 0; side < 2; ++side) {
        n[static_cast<std::size_t>(side)] = s.sides[static_cast<std::size_t>(1 - side)].losses +
                                            objective_points(s, side, c.objectives);
      }
      w = larger(n, c.at_least);
      if (w) why = name_of(s, *w) + " have the higher score" + tally(n, *w);
      break;
    case VictoryTest::kTurnLimit:
      if (last_turn_over) w = c.side;
      if (w) why = name_of(s, *w) + " held out to the end of the last turn";
      break;
  }
  if (!w || (c.side >= 0 && *w != c.side)) return std::nullopt;
  return Verdict{*w, std::move(why)};
}

}  // namespace

// I19: a side with no units left loses; else a side alone in being exhausted loses; else the
// higher score wins (enemy SP destroyed + points of objectives held), equal scores draw.
std::vector<VictoryCondition> default_victory_conditions() {
  return {condition(VictoryTest::kNoUnitsLeft), condition(VictoryTest::kSideExhausted),
          condition(VictoryTest::kScore)};
}

// I23: the conditions of `sc` refer to its sides and objectives and take only what their test
// uses. nullopt when they are sound.
std::optional<std::string> victory_problem(const Scenario& sc) {
  std::set<std::string> names;
  for (const Objective& o : sc.victory.objectives) {
    if (!sc.size.contains(o.pos)) {
      return "objective \"" + o.name + "\" at " + engine::to_string(o.pos) + " is off the grid";
    }
    if (o.points < 1) return "objective \"" + o.name + "\" must be worth at least 1 point";
    if (!o.name.empty() && !names.insert(o.name).second) {
      return "two objectives are named \"" + o.name + "\"";
    }
  }
  for (std::size_t i = 0; i < sc.victory.conditions.size(); ++i) {
    const VictoryCondition& c = sc.victory.conditions[i];
    const std::string which =
        "victory condition " + std::to_string(i + 1) + " (" + std::string(to_string(c.test)) + ")";
    if (!counts_objectives(c.test) && !c.objectives.empty()) {
      return which + " counts no objectives; only OBJECTIVES_HELD and SCORE do";
    }
    if (c.test == VictoryTest::kObjectivesHeld && sc.victory.objectives.empty()) {
      return which + " needs objectives, and the scenario has none";
    }
    for (const std::string& name : c.objectives) {
      if (names.count(name) == 0)
        return which + " names no objective of the scenario: \"" + name + "\"";
    }
    if (c.side < -1 || c.side > 1) return which + " names a side that is not one of the two";
    if (c.test == VictoryTest::kTurnLimit && c.side < 0) {
      return which + " must name the side that wins when the last turn is over";
    }
    if (c.at_least < 0) return which + ": at_least must be 0 or more";
    if (c.at_least > 0 && !has_minimum(c.test)) {
      return which +
             " takes no minimum (at_least); only OBJECTIVES_HELD, ENEMY_SP_DESTROYED "
             "and SCORE do";
    }
  }
  return std::nullopt;
}

// I16, I23: the scenario's conditions, in order; the first that names a winner decides, and
// when none does the battle is a draw. The score reported is I19's, whatever the conditions.
GameEnded judge(const State& s, std::string reason, bool last_turn_over) {
  GameEnded ev;
  for (int side = 0; side < 2; ++side) {
    ev.score[static_cast<std::size_t>(side)] =
        s.sides[static_cast<std::size_t>(1 - side)].losses + objective_points(s, side, {});
  }
  for (const VictoryCondition& c : s.victory.conditions) {
    if (auto v = verdict(s, c, last_turn_over)) {
      ev.winner = v->winner;
      ev.reason = std::move(reason) + "; " + v->why;
      return ev;
    }
  }
  ev.reason = std::move(reason) + "; no victory condition names a winner: a draw";
  return ev;
}

}  // namespace detail

}  // namespace grognard::itchy
