#include "rules/rcw/types.h"

namespace grognard::rcw {

UnitStats stats(UnitType t) {
  // §1, the unit table; R2 for HQ and FAO. Lengths in inches.
  switch (t) {
    case UnitType::kHq:
    case UnitType::kFao:
      return {6, 0, 0, 1, false};
    case UnitType::kInfantry:
      return {6, 12, 1, 2, false};
    case UnitType::kMg:
      return {6, 18, 2, 1, false};
    case UnitType::kMortar:
      return {6, 18, 2, 1, false};
    case UnitType::kCavalry:
      return {12, 12, 1, 2, false};
    case UnitType::kArtillery:
      return {12, 36, 2, 1, false};
    case UnitType::kArmouredCar:
      return {12, 18, 1, 1, true};
    case UnitType::kTank:
      return {6, 18, 2, 2, true};
    case UnitType::kWagon:
      return {6, 0, 0, 0, false};
    case UnitType::kTrain:
      // R13: the train moves 18" along rails; its cars fight (car_stats).
      return {kTrainMove, 0, 0, 0, true};
  }
  return {};
}

UnitStats car_stats(CarArmament a) {
  // R13: each car fights as artillery or as an armoured car, and is armoured.
  UnitStats s = stats(a == CarArmament::kArtillery ? UnitType::kArtillery : UnitType::kArmouredCar);
  s.move = kTrainMove;
  s.armoured = true;
  return s;
}

int to_hit(Cover c) {
  switch (c) {
    case Cover::kOpen:
      return 4;
    case Cover::kObscured:
      return 5;
    case Cover::kEntrenched:
    case Cover::kArmoured:
      return 6;
  }
  return 6;
}

int training_modifier(Training t) {
  switch (t) {
    case Training::kElite:
      return 1;
    case Training::kConscript:
      return -1;
    case Training::kAverage:
      return 0;
  }
  return 0;
}

bool limbers(UnitType t) {
  return t == UnitType::kArtillery || t == UnitType::kMg || t == UnitType::kMortar;
}

bool may_assault(UnitType t) {
  return t == UnitType::kInfantry || t == UnitType::kCavalry || t == UnitType::kTank;
}

bool wheeled(UnitType t) {
  return t == UnitType::kArtillery || t == UnitType::kArmouredCar || t == UnitType::kTrain ||
         t == UnitType::kWagon;
}

bool may_dig_in(UnitType t) {
  return t == UnitType::kInfantry || t == UnitType::kMg || t == UnitType::kMortar;
}

double default_radius(UnitType t) {
  switch (t) {
    case UnitType::kHq:
    case UnitType::kFao:
      return 0.5;
    case UnitType::kTrain:
      return 1.5;  // each car
    default:
      return 1.0;
  }
}

std::string_view to_string(UnitType t) {
  switch (t) {
    case UnitType::kHq:
      return "HQ";
    case UnitType::kFao:
      return "FAO";
    case UnitType::kInfantry:
      return "infantry";
    case UnitType::kMg:
      return "MG";
    case UnitType::kMortar:
      return "mortar";
    case UnitType::kCavalry:
      return "cavalry";
    case UnitType::kArtillery:
      return "artillery";
    case UnitType::kArmouredCar:
      return "armoured car";
    case UnitType::kTank:
      return "tank";
    case UnitType::kWagon:
      return "wagon";
    case UnitType::kTrain:
      return "armoured train";
  }
  return "?";
}

std::string_view to_string(Training t) {
  switch (t) {
    case Training::kAverage:
      return "average";
    case Training::kElite:
      return "elite";
    case Training::kConscript:
      return "conscript";
  }
  return "?";
}

std::string_view to_string(CarArmament a) {
  return a == CarArmament::kArtillery ? "artillery car" : "armoured-car car";
}

std::string_view to_string(TerrainKind k) {
  switch (k) {
    case TerrainKind::kWoods:
      return "woods";
    case TerrainKind::kSwamp:
      return "swamp";
    case TerrainKind::kRough:
      return "rough ground";
    case TerrainKind::kVillage:
      return "village";
    case TerrainKind::kHill:
      return "hill";
  }
  return "?";
}

std::string_view to_string(Cover c) {
  switch (c) {
    case Cover::kOpen:
      return "open";
    case Cover::kObscured:
      return "obscured";
    case Cover::kEntrenched:
      return "entrenched";
    case Cover::kArmoured:
      return "armoured";
  }
  return "?";
}

std::string_view to_string(ActionKind a) {
  switch (a) {
    case ActionKind::kMove:
      return "move";
    case ActionKind::kShoot:
      return "shoot";
    case ActionKind::kLimber:
      return "limber";
    case ActionKind::kRally:
      return "rally";
    case ActionKind::kAssault:
      return "assault";
  }
  return "?";
}

std::string_view to_string(Outcome o) {
  switch (o) {
    case Outcome::kNoEffect:
      return "no effect";
    case Outcome::kPinned:
      return "pinned";
    case Outcome::kDestroyed:
      return "destroyed";
  }
  return "?";
}

}  // namespace grognard::rcw
