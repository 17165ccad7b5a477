// The golden game of the village: the scripted referee, the recording dice and the game loop
// that plays them and the random players (golden_players.cpp) through the wire rule set.
#include "golden_play.h"

#include <google/protobuf/text_format.h>
#include <catch2/catch.hpp>

#include <variant>

#include "engine/dice.h"
#include "rules/sharpe/wire/codec.h"
#include "rules/sharpe/wire/ruleset.h"

namespace sharpe_golden {

namespace {

constexpr std::uint64_t kGoldenSeed = 1837;

// decide() accepts or refuses a command whatever the dice (legal.cpp): probes use these.
class OnesDice final : public engine::Dice {
 public:
  engine::Roll roll(int sides) override { return engine::Roll{n_++, sides, 1}; }

 private:
  std::uint64_t n_ = 0;
};

// The server's dice, every face kept for the file's dice line.
class RecordingDice final : public engine::Dice {
 public:
  explicit RecordingDice(const engine::Seed& seed) : inner_(seed) {}
  engine::Roll roll(int sides) override {
    const engine::Roll r = inner_.roll(sides);
    faces_.push_back(r.face);
    return r;
  }
  const std::vector<int>& faces() const { return faces_; }

 private:
  engine::SeededDice inner_;
  std::vector<int> faces_;
};

// --- The referee: scripted commands at chosen points (S12) ------------------------------------

Ruling ruling(RulingKind kind, std::string reason) {
  Ruling r;
  r.kind = kind;
  r.reason = std::move(reason);
  return r;
}

// The seat with most figures on the table wins; a tie is a draw.
Ruling end_of_game(const State& s) {
  std::vector<std::pair<std::string, int>> standing;
  for (const Seat& seat : s.seats) standing.emplace_back(seat.name, 0);
  for (const Figure& f : s.figures) {
    if (!f.on_table()) continue;
    for (std::size_t i = 0; i < s.seats.size(); ++i) {
      if (s.seats[i].id == s.groups[f.group].seat) ++standing[i].second;
    }
  }
  Ruling r = ruling(RulingKind::kEndGame,
                    "nightfall after " + std::to_string(kTurns) + " turns; figures standing:");
  int best = -1;
  for (std::size_t i = 0; i < standing.size(); ++i) {
    r.reason +=
        (i == 0 ? " " : ", ") + standing[i].first + " " + std::to_string(standing[i].second);
    if (standing[i].second > best) {
      best = standing[i].second;
      r.result = standing[i].first + " victory";
    } else if (standing[i].second == best) {
      r.result = "draw";
    }
  }
  return r;
}

class Referee {
 public:
  std::optional<Command> next(const State& s, const Played& played) {
    if (s.phase == Phase::kOver) return std::nullopt;
    if (!briefed_) {
      briefed_ = true;
      return SetBriefing{kBriefingSeat, kBriefing};
    }
    if (!bad_deck_) {
      bad_deck_ = true;
      return BuildBadDeck{kBadCards};
    }
    if (!card_) {
      card_ = true;
      return AddEventCard{Card{CardKind::kEvent, {}, kStumble}};
    }
    if (s.paused) {  // S12, S23: a card has paused the game for the referee
      return ruling(RulingKind::kResume,
                    "the rider's orders are read out: hold the village till dark; play on");
    }
    if (!draw_bad_ && stumble_played(played)) {
      draw_bad_ = true;
      return AddEventCard{Card{CardKind::kDrawBad, {}, {}}};
    }
    if (!wounded_ && s.turn >= 3 && s.phase == Phase::kThrow) {
      wounded_ = true;
      // A French sniper in the church tower hits the British or partisan figure nearest it.
      const Point tower{50, 11};
      const Figure* target = nullptr;
      for (const Figure& f : s.figures) {
        if (!f.on_table() || f.state != FigureState::kUnhurt ||
            s.groups[f.group].seat == "player:french") {
          continue;
        }
        if (target == nullptr ||
            distance_between(f.pos, tower) < distance_between(target->pos, tower)) {
          target = &f;
        }
      }
      if (target != nullptr) {
        Ruling r = ruling(RulingKind::kWound,
                          "a French sniper in the church tower of San Miguel hits " + target->name);
        r.figure = target->id;
        return r;
      }
    }
    // S12: the referee calls nightfall once the turns are played and no card is left waiting
    // for a throw.
    if (s.turn > kTurns && !s.pending && !s.draw_bad) return end_of_game(s);
    return std::nullopt;
  }

 private:
  static bool stumble_played(const Played& played) {
    for (const Event& e : played.events) {
      if (const auto* t = std::get_if<FunctionsThrown>(&e);
          t && t->card && t->card->name == kStumble.name) {
        return true;
      }
    }
    return false;
  }

  bool briefed_ = false, bad_deck_ = false, card_ = false, draw_bad_ = false, wounded_ = false;
};

}  // namespace

std::string one_line(const google::protobuf::Message& m) {
  google::protobuf::TextFormat::Printer printer;
  printer.SetSingleLineMode(true);
  std::string out;
  printer.PrintToString(m, &out);
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

const State& native(const engine::GameState& gs) {
  return static_cast<const wire::SharpeGameState&>(gs).state;
}

std::optional<FigureId> actor_of(const Command& c) {
  if (std::holds_alternative<NameHero>(c) || std::holds_alternative<Ruling>(c)) {
    return std::nullopt;
  }
  return std::visit(
      [](const auto& x) -> std::optional<FigureId> {
        if constexpr (requires { x.figure; }) {
          return x.figure;
        } else {
          return std::nullopt;
        }
      },
      c);
}

bool accepted(const State& s, const std::string& seat, const Command& c) {
  OnesDice dice;
  return decide(s, seat, c, dice).ok();
}

Generated play_golden(const std::string& scenario_text) {
  const auto rs = wire::make_sharpe_ruleset();
  auto loaded = rs->load_scenario(scenario_text);
  REQUIRE(loaded.ok());
  engine::GameState& gs = **loaded;
  RecordingDice dice(test_support::seed_for(kGoldenSeed, 0x60));
  Players players(kGoldenSeed * 7919 + 1);
  Referee referee;
  Generated g;

  auto fold = [&](const std::vector<engine::Bytes>& events) {
    for (const engine::Bytes& b : events) {
      REQUIRE(rs->apply(gs, b).ok());
      auto e = wire::Codec::parse_event(b);
      REQUIRE(e.ok());
      g.played.events.push_back(*e);
    }
  };
  auto begun = rs->begin(gs, dice);
  REQUIRE(begun.ok());
  g.begun = *begun;
  fold(*begun);
  for (int step = 0; native(gs).phase != Phase::kOver; ++step) {
    REQUIRE(step < 3000);
    const State& s = native(gs);
    std::string seat = kRefereeSeat;
    std::optional<Command> cmd = referee.next(s, g.played);
    if (!cmd) {
      const auto to_act = seats_to_act(s);
      REQUIRE(to_act.size() == 1);  // the drawn hero's player (the referee acts out of turn)
      REQUIRE(to_act.front() != kRefereeSeat);
      seat = to_act.front();
      cmd = players.next(s, seat);
    }
    INFO("seed " << kGoldenSeed << ", step " << step << ": " << seat << ' '
                 << one_line(wire::to_pb(*cmd)));
    REQUIRE(accepted(s, seat, *cmd));  // refused commands throw no dice of the game
    auto events = rs->decide(gs, seat, wire::Codec::serialize(*cmd), dice);
    REQUIRE(events.ok());
    g.played.commands.emplace_back(seat, *cmd);
    g.decided.push_back(*events);
    fold(*events);
  }
  g.faces = dice.faces();
  g.hash = rs->hash(gs).hex();
  return g;
}

}  // namespace sharpe_golden
