// What the golden game of the railway must contain: the facts the file is there to show. A
// regenerated file that lacks any of them is refused (golden_railway_test.cpp).
#include <algorithm>
#include <map>
#include <set>
#include <variant>

#include "golden_railway.h"
#include "rules/rcw/rules.h"

namespace rcw_golden {

namespace {

const Unit* unit_or_train(const State& s, const UnitId& id) {
  if (const Unit* u = s.find(id)) return u;
  if (const auto ref = s.find_car(id)) return &s.units[ref->unit];
  return nullptr;
}

bool of_type(const State& s, const std::optional<UnitId>& id, UnitType t) {
  const Unit* u = id ? unit_or_train(s, *id) : nullptr;
  return u != nullptr && u->type == t;
}

}  // namespace

std::vector<std::string> missing_facts(const State& initial, const std::vector<Event>& events) {
  std::vector<std::string> missing;
  auto need = [&missing](bool ok, const std::string& what) {
    if (!ok) missing.push_back(what);
  };
  State s = initial;
  std::set<int> deployed_by;
  bool ended_deployment = false, redeployed = false, hidden_after_deployment[kSides] = {};
  bool unseen_activation[kSides] = {}, spotted = false, train_moved = false;
  bool train_all_cars = false, fao_shot = false, mortar_shot = false, rallied = false;
  bool command_thrown = false, game_ended = false;
  int assault_rounds = 0;
  bool assault_won = false;
  std::set<UnitId> placed;
  std::set<UnitId> revealed_near;    // R10, R17: revealed by an enemy within 3in
  std::vector<UnitId> train_volley;  // the cars firing in the current train Shoot
  for (const Event& e : events) {
    const State before = s;
    if (const auto* d = std::get_if<UnitDeployed>(&e)) {
      if (const Unit* u = s.find(d->unit)) deployed_by.insert(u->side);
      redeployed = redeployed || !placed.insert(d->unit).second;
    } else if (const auto* a = std::get_if<Activated>(&e)) {
      // R20: a hidden unit's activation reaches the enemy as nothing at all.
      const Unit* u = s.find(a->unit);
      if (u != nullptr && u->concealed &&
          !redact(before, e, Sight{1 - u->side, false}).has_value() &&
          !redact(before, e, Sight{std::nullopt, false}).has_value()) {
        unseen_activation[u->side] = true;
      }
    } else if (const auto* m = std::get_if<Moved>(&e)) {
      // R17: the hidden unit that stopped the move was revealed just before it.
      spotted = spotted || (m->stopped_by && revealed_near.count(*m->stopped_by) > 0);
      train_moved = train_moved || (of_type(s, m->unit, UnitType::kTrain) && m->rail_at);
    } else if (const auto* r = std::get_if<UnitsRevealed>(&e)) {
      for (const Unit& u : r->units) {
        if (r->cause == "an enemy came within 3in") revealed_near.insert(u.id);
      }
    } else if (const auto* sh = std::get_if<Shot>(&e)) {
      const Unit* firer = unit_or_train(s, sh->firer);
      fao_shot = fao_shot || (of_type(s, sh->firer, UnitType::kArtillery) &&
                              of_type(s, sh->observer, UnitType::kFao));
      mortar_shot = mortar_shot || (of_type(s, sh->firer, UnitType::kMortar) &&
                                    of_type(s, sh->observer, UnitType::kHq));
      if (firer != nullptr && firer->type == UnitType::kTrain) {
        train_volley.push_back(sh->firer);
        if (sh->ends_action) {
          // R13: one Shoot fires every car of the train.
          bool all = train_volley.size() == firer->cars.size();
          for (const Car& c : firer->cars) {
            all = all && std::count(train_volley.begin(), train_volley.end(), c.id) == 1;
          }
          train_all_cars = train_all_cars || all;
          train_volley.clear();
        }
      }
    } else if (const auto* ar = std::get_if<AssaultRound>(&e)) {
      assault_rounds = std::max(assault_rounds, ar->round);
    } else if (const auto* ae = std::get_if<AssaultEnded>(&e)) {
      assault_won =
          assault_won || (assault_rounds >= 3 && ae->end == AssaultEnd::kDefenderDestroyed);
    } else if (const auto* ra = std::get_if<Rallied>(&e)) {
      rallied = rallied || ra->success;
    } else if (const auto* ct = std::get_if<CommandThrown>(&e)) {
      command_thrown = command_thrown || ct->passed;
    } else if (std::holds_alternative<GameEnded>(e)) {
      game_ended = s.turn == s.turns;
    }
    apply(s, e);
    if (std::holds_alternative<DeploymentEnded>(e)) ended_deployment = true;
    // R10, R19: as turn 1 begins, some secretly deployed units are still concealed.
    if (const auto* t = std::get_if<TurnBegan>(&e); t && t->turn == 1 && ended_deployment) {
      for (const Unit& u : s.units) {
        if (u.concealed && u.on_table()) hidden_after_deployment[u.side] = true;
      }
    }
  }
  need(deployed_by.size() == 2, "secret placements by both sides (R19)");
  need(redeployed, "a unit placed again during deployment (R19)");
  need(ended_deployment, "the end of deployment");
  need(hidden_after_deployment[0] && hidden_after_deployment[1],
       "units of both sides still concealed after deployment (R10)");
  need(unseen_activation[0] && unseen_activation[1],
       "a concealed unit of each side activating unseen (R20)");
  need(spotted, "a move stopped by a hidden enemy, which is revealed (R17)");
  need(train_moved, "the armoured train moving along its line (R13)");
  need(train_all_cars, "one Shoot of the train fired by every car (R13)");
  need(assault_won, "a close assault of three rounds or more, the defender destroyed (§11, R8)");
  need(fao_shot, "artillery firing through a FAO (R27)");
  need(mortar_shot, "a mortar firing through an HQ (R27)");
  need(rallied, "a pinned unit rallying (R6)");
  need(command_thrown, "a command throw passed (R5)");
  need(game_ended, "the game ended at the turn limit (R14, R29)");
  return missing;
}

}  // namespace rcw_golden
