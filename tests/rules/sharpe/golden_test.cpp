// Golden replay: a whole game of "The Village of San Miguel" (scenarios/sharpe/village.textproto)
// for a referee and three players, played through the wire rule set (SharpeRuleset: command
// bytes in, event bytes out) from the first shuffle to the referee's end of the game. Replaying
// the commands and dice of tests/golden/sharpe_village.golden must produce exactly the events
// and the final state hash recorded there; any change in behaviour shows up as a diff of that
// file.
//
// File format, one item a line ('#' starts a comment line):
//   dice: 4 1 6 ...          every die face the game throws, in order
//   > begin                  the first shuffle and draw
//   > <seat> <Command>       a command (grognard.v1.sharpe.Command, text format, one line)
//                            from that seat ("player:british", ..., "referee")
//   = <Event>                each event the line above produced (grognard.v1.sharpe.Event)
//   hash: <hex>              SharpeRuleset::hash after the last event
//
// The game: the players' commands are chosen by a fixed-seed random player among legal()'s
// (moves of its own instead of legal()'s full-reach ones, each checked by decide()); within an
// activation each figure finishes all its actions before the next figure begins (S1). The
// referee's commands are scripted (S12): a new secret briefing, a bad-card deck and an event
// card at the start; the "draw a Bad Card" card once the event card has been played; a wound
// ruling as the third turn begins; a resume whenever a card pauses the game; the end of the game
// once five turns are played, with its result and reason. The test then asserts that the file
// holds what it is there to show (missing_facts below), and that no figure of an activation
// acts again once another has begun.
//
// GROGNARD_UPDATE_GOLDEN=1 regenerates the file from the fixed seed (the dice from
// engine::SeededDice, the choices from test_support::Chooser); review the diff like code.
#include <google/protobuf/text_format.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include "../../support/random_choice.h"
#include "engine/dice.h"
#include "rules/sharpe/rules.h"
#include "rules/sharpe/wire/codec.h"
#include "rules/sharpe/wire/ruleset.h"

using namespace grognard;
using namespace grognard::sharpe;

namespace {

namespace pb = ::grognard::v1::sharpe;

const std::string kSource = GROGNARD_SOURCE_DIR;
const std::string kScenario = kSource + "/scenarios/sharpe/village.textproto";
const std::string kGoldenName = "tests/golden/sharpe_village.golden";
const std::string kGolden = kSource + "/" + kGoldenName;
constexpr std::uint64_t kGoldenSeed = 1837;
constexpr int kTurns = 5;  // the referee ends the game once five turns have been played

// The referee's cards and briefing.
const EventCard kStumble{"Tripped in the dark: lose half the functions thrown",
                         CardEffect::kLoseHalf, 0};
const std::vector<EventCard> kBadCards{
    {"Fresh cartridges from a dead man's pouch", CardEffect::kGainFunctions, 2},
    {"Lost in the powder smoke", CardEffect::kLoseHalf, 0},
    {"A rider with orders from Wellington", CardEffect::kRefereeDecides, 0}};
const std::string kBriefingSeat = "player:partisans";
const std::string kBriefing =
    "New word from the junta: the French have paid in gold. Let the British reach the church, "
    "then fall on whoever holds the gun.";

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string one_line(const google::protobuf::Message& m) {
  google::protobuf::TextFormat::Printer printer;
  printer.SetSingleLineMode(true);
  std::string out;
  printer.PrintToString(m, &out);
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::string event_text(const engine::Bytes& bytes) {
  pb::Event e;
  REQUIRE(e.ParseFromString(bytes));
  return one_line(e);
}

const State& native(const engine::GameState& gs) {
  return static_cast<const wire::SharpeGameState&>(gs).state;
}

// What a figure command is given for; none for the throw, the end, naming a hero and the
// referee's commands.
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

// decide() accepts or refuses a command whatever the dice (legal.cpp): probes use these.
class OnesDice final : public engine::Dice {
 public:
  engine::Roll roll(int sides) override { return engine::Roll{n_++, sides, 1}; }

 private:
  std::uint64_t n_ = 0;
};

bool accepted(const State& s, const std::string& seat, const Command& c) {
  OnesDice dice;
  return decide(s, seat, c, dice).ok();
}

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

// A played game: its commands (seat, command) and events, in order.
struct Played {
  std::vector<std::pair<std::string, Command>> commands;
  std::vector<Event> events;
};

double distance_between(Point a, Point b) {
  return engine::distance(a, b).get();
}

bool enemies(const State& s, const Figure& a, const Figure& b) {
  return s.groups[a.group].seat != s.groups[b.group].seat;
}

// --- The players: random legal choices, one figure at a time (S1) -----------------------------

class Players {
 public:
  explicit Players(std::uint64_t seed) : ch_{seed} {}

  Command next(const State& s, const std::string& seat) {
    const std::vector<Command> cmds = legal(s, seat);
    for (const Command& c : cmds) {
      if (std::holds_alternative<NameHero>(c)) return pick_named(cmds);  // S3
    }
    if (s.phase == Phase::kThrow) {
      planned_ = false;
      return ThrowFunctions{};
    }
    if (!planned_) plan(s);
    while (pos_ < order_.size()) {
      const Figure* f = s.find(order_[pos_]);
      std::vector<Command> own;
      if (f != nullptr && f->on_table()) {
        for (const Command& c : cmds) {
          if (const auto a = actor_of(c); a && *a == f->id) own.push_back(c);
        }
      }
      // S5, S22: a pair in contact fights before the figure does anything else.
      for (const Command& c : own) {
        if (std::holds_alternative<Fight>(c)) {
          ++acted_;
          return c;
        }
      }
      std::optional<Command> c;
      const bool stop = own.empty() || acted_ >= 5 || (acted_ > 0 && ch_.below(5) == 0) ||
                        (acted_ == 0 && ch_.below(12) == 0);
      if (!stop) c = choose(s, seat, *f, own);
      if (!c) {  // S1: this figure is finished; the next one begins
        ++pos_;
        acted_ = moved_ = 0;
        continue;
      }
      ++acted_;
      if (std::holds_alternative<Move>(*c)) ++moved_;
      return *c;
    }
    return EndActivation{};
  }

 private:
  Command pick_named(const std::vector<Command>& cmds) {
    std::vector<Command> named;
    for (const Command& c : cmds) {
      if (std::holds_alternative<NameHero>(c)) named.push_back(c);
    }
    return named[ch_.below(named.size())];
  }

  // The order the figures act in: usually the hero first (his figures keep within 10" of
  // him, S2), the rest in a random order.
  void plan(const State& s) {
    planned_ = true;
    pos_ = 0;
    acted_ = moved_ = 0;
    const Group& g = s.groups[*s.active];
    std::vector<FigureId> rest;
    std::optional<FigureId> hero;
    for (std::size_t i = 0; i < s.figures.size(); ++i) {
      const Figure& f = s.figures[i];
      if (f.group != *s.active || !f.on_table()) continue;
      if (g.hero && *g.hero == i) {
        hero = f.id;
      } else {
        rest.push_back(f.id);
      }
    }
    for (std::size_t i = rest.size(); i > 1; --i) std::swap(rest[i - 1], rest[ch_.below(i)]);
    if (hero) {
      const std::size_t at = ch_.below(4) == 0 ? rest.size() : 0;
      rest.insert(rest.begin() + static_cast<std::ptrdiff_t>(at), *hero);
    }
    order_ = std::move(rest);
  }

  const Figure* nearest_enemy(const State& s, const Figure& f) const {
    const Figure* best = nullptr;
    for (const Figure& o : s.figures) {
      if (!o.on_table() || !enemies(s, f, o)) continue;
      if (best == nullptr || distance_between(f.pos, o.pos) < distance_between(f.pos, best->pos)) {
        best = &o;
      }
    }
    return best;
  }

  static Point tidy(Point p) {  // a tenth of an inch keeps the file readable
    return Point{std::round(p.x * 10) / 10, std::round(p.y * 10) / 10};
  }

  // A move of the figure's own (legal() offers only the full reach, to many decimals): a charge
  // into contact, or the longest of a few steps toward `to` that decide() accepts. Each step
  // stops 0.1" short of a whole number of 2" (S15), so tidying the point never costs more.
  std::optional<Command> step_toward(const State& s, const std::string& seat, const Figure& f,
                                     Point to, bool charge, bool crawl) {
    const double d = distance_between(f.pos, to);
    const double reach = (crawl ? 0.5 : 2.0) * f.functions / (f.hurt() ? 2.0 : 1.0);
    if (charge && d <= reach) {
      for (Point at : {tidy(to), to}) {  // the move stops at base contact (S5, S15)
        Command m = Move{f.id, {at}, false};
        if (accepted(s, seat, m)) return m;
      }
    }
    const double room = charge ? d - 1.5 : d - 2.0;
    for (double step : {std::min(reach, room), 6.0, 4.0, 2.0}) {
      step = std::min(step, std::min(reach, room)) - 0.1;
      if (crawl) step = std::min(step, 0.9);
      if (step < 0.5) continue;
      Command m = Move{f.id, {tidy(f.pos + engine::unit(to - f.pos) * step)}, crawl};
      if (accepted(s, seat, m)) return m;
    }
    return std::nullopt;
  }

  std::optional<Command> move(const State& s, const std::string& seat, const Figure& f) {
    if (moved_ >= 2 || f.functions <= 0) return std::nullopt;
    const Group& g = s.groups[f.group];
    const Figure* hero = g.hero ? &s.figures[*g.hero] : nullptr;
    if (hero != nullptr && hero != &f && distance_between(f.pos, hero->pos) > 6.0 &&
        ch_.below(3) == 0) {
      return step_toward(s, seat, f, hero->pos, false, f.prone);
    }
    const Figure* target = nearest_enemy(s, f);
    if (target != nullptr && ch_.below(4) == 0) {  // now and then another enemy
      std::vector<const Figure*> all;
      for (const Figure& o : s.figures) {
        if (o.on_table() && enemies(s, f, o)) all.push_back(&o);
      }
      target = all[ch_.below(all.size())];
    }
    if (target == nullptr) return std::nullopt;
    const bool crawl = f.prone || (f.functions >= 2 && ch_.below(15) == 0);  // S11
    return step_toward(s, seat, f, target->pos, ch_.below(2) == 0, crawl);
  }

  // Fire and hand to hand favoured, loading when unloaded, a gun served by its crew, moves
  // mostly toward the enemy. None: the figure has finished.
  std::optional<Command> choose(const State& s, const std::string& seat, const Figure& f,
                                const std::vector<Command>& own) {
    std::vector<Command> fires, guns, gun_loads, aims, loads, stands;
    for (const Command& c : own) {
      if (std::holds_alternative<Fire>(c)) {
        fires.push_back(c);
      } else if (std::holds_alternative<FireBall>(c) || std::holds_alternative<FireCanister>(c)) {
        guns.push_back(c);
      } else if (std::holds_alternative<LoadGun>(c)) {
        gun_loads.push_back(c);
      } else if (std::holds_alternative<Aim>(c)) {
        aims.push_back(c);
      } else if (std::holds_alternative<Load>(c)) {
        loads.push_back(c);
      } else if (std::holds_alternative<StandUp>(c)) {
        stands.push_back(c);
      }
    }
    if (!stands.empty() && ch_.below(3) != 0) return stands.front();
    if (!guns.empty()) {  // S9: the crew member at the gun fires it, canister by preference
      std::vector<Command> canister;
      for (const Command& c : guns) {
        if (std::holds_alternative<FireCanister>(c)) canister.push_back(c);
      }
      if (!canister.empty() && ch_.below(3) != 0) return canister[ch_.below(canister.size())];
      return guns[ch_.below(guns.size())];
    }
    if (!gun_loads.empty()) return gun_loads.front();
    if (!fires.empty()) {
      if (!aims.empty() && !f.aimed && f.functions >= 4 && ch_.below(3) == 0) {
        return aims.front();
      }
      if (ch_.below(4) != 0) {
        if (ch_.below(3) == 0) return fires[ch_.below(fires.size())];
        std::size_t best = 0;  // the nearest target
        double best_d = 1e9;
        for (std::size_t i = 0; i < fires.size(); ++i) {
          const double d = distance_between(f.pos, s.find(std::get<Fire>(fires[i]).target)->pos);
          if (d < best_d) {
            best_d = d;
            best = i;
          }
        }
        return fires[best];
      }
    }
    if (!loads.empty() && ch_.below(3) != 0) return loads[ch_.below(loads.size())];
    if (auto m = move(s, seat, f)) return m;
    std::vector<Command> rest;  // anything else legal() offers but a move of its full reach
    for (const Command& c : own) {
      if (!std::holds_alternative<Move>(c)) rest.push_back(c);
    }
    if (rest.empty() || ch_.below(2) == 0) return std::nullopt;
    return rest[ch_.below(rest.size())];
  }

  test_support::Chooser ch_;
  bool planned_ = false;
  std::vector<FigureId> order_;
  std::size_t pos_ = 0;
  int acted_ = 0;
  int moved_ = 0;
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

// --- What the golden game must contain ----------------------------------------------------------

bool same_card(const EventCard& a, const EventCard& b) {
  return a.name == b.name && a.effect == b.effect && a.amount == b.amount;
}

// S23: the functions a card leaves of a throw.
int after_card(const FunctionsThrown& t) {
  int f = t.roll.face + t.base;
  if (t.card && t.card->effect == CardEffect::kLoseHalf) f -= f / 2;
  if (t.card && t.card->effect == CardEffect::kGainFunctions) f += t.card->amount;
  return f;
}

// The throw of the next hero after event `from`.
const FunctionsThrown* next_throw(const std::vector<Event>& events, std::size_t from) {
  for (std::size_t i = from + 1; i < events.size(); ++i) {
    if (const auto* t = std::get_if<FunctionsThrown>(&events[i])) return t;
  }
  return nullptr;
}

// Every fact the golden game is there to show; empty when all are in it.
std::vector<std::string> missing_facts(const Played& g) {
  std::vector<std::string> missing;
  auto need = [&missing](bool ok, const std::string& what) {
    if (!ok) missing.push_back(what);
  };
  const auto& ev = g.events;
  bool briefing = false, stumble_added = false, stumble_applied = false, bad_deck = false;
  bool draw_bad_added = false, bad_applied = false, wound_ruling = false, fire_hit = false;
  bool melee = false, morale = false, paused = false, resumed = false;
  int turns_ended = 0;
  for (std::size_t i = 0; i < ev.size(); ++i) {
    const Event& e = ev[i];
    if (const auto* b = std::get_if<BriefingSet>(&e)) {
      briefing = briefing || (b->seat == kBriefingSeat && b->text == kBriefing);
    } else if (const auto* a = std::get_if<CardAdded>(&e)) {
      stumble_added =
          stumble_added || (a->card.kind == CardKind::kEvent && same_card(a->card.event, kStumble));
      draw_bad_added = draw_bad_added || a->card.kind == CardKind::kDrawBad;
    } else if (const auto* d = std::get_if<CardDrawn>(&e)) {
      // S12, S23: drawn, the card changes the next hero's throw.
      if (d->card.kind == CardKind::kEvent && same_card(d->card.event, kStumble)) {
        const FunctionsThrown* t = next_throw(ev, i);
        stumble_applied = t != nullptr && t->card && same_card(*t->card, kStumble) &&
                          t->functions == after_card(*t) && t->functions < t->roll.face + t->base;
      }
    } else if (const auto* bd = std::get_if<BadDeckBuilt>(&e)) {
      bad_deck = bd->order.size() == kBadCards.size();
    } else if (const auto* bc = std::get_if<BadCardDrawn>(&e)) {
      // S12: "draw a Bad Card": the next hero draws from the second deck before he acts.
      const FunctionsThrown* t = next_throw(ev, i);
      bad_applied = draw_bad_added && t != nullptr && t->card && same_card(*t->card, bc->card) &&
                    t->functions == after_card(*t);
    } else if (const auto* r = std::get_if<Ruled>(&e)) {
      wound_ruling =
          wound_ruling || (r->ruling.kind == RulingKind::kWound && !r->ruling.reason.empty());
      resumed =
          resumed || (paused && r->ruling.kind == RulingKind::kResume && !r->ruling.reason.empty());
    } else if (const auto* t = std::get_if<FunctionsThrown>(&e)) {
      paused = paused || (t->card && t->card->effect == CardEffect::kRefereeDecides);
    } else if (const auto* f = std::get_if<Fired>(&e)) {
      fire_hit = fire_hit ||
                 (f->hit && i + 1 < ev.size() && std::holds_alternative<FigureHurt>(ev[i + 1]) &&
                  std::get<FigureHurt>(ev[i + 1]).roll.has_value());
    } else if (const auto* m = std::get_if<MeleeFought>(&e)) {
      melee = melee || m->loser.has_value();
    } else if (std::holds_alternative<MoraleTested>(e)) {
      morale = true;
    } else if (std::holds_alternative<TurnEnded>(e)) {
      ++turns_ended;
    }
  }
  need(briefing, "a secret briefing set by the referee");
  need(stumble_added, "the referee's event card added to the deck");
  need(stumble_applied, "the event card drawn and halving the next hero's functions");
  need(bad_deck, "a bad-card deck built");
  need(draw_bad_added, "a \"draw a Bad Card\" card added");
  need(bad_applied, "a bad card drawn and applied to the next hero's throw");
  need(wound_ruling, "a wound ruling with its reason");
  need(paused && resumed, "a card pausing the game for the referee, and his resume ruling");
  need(fire_hit, "fire with a hit read on the Hit Table");
  need(melee, "hand to hand with a loser");
  need(morale, "a morale test");
  need(turns_ended >= kTurns, std::to_string(kTurns) + " whole turns");
  const auto* last = ev.empty() ? nullptr : std::get_if<Ruled>(&ev.back());
  need(last != nullptr && last->ruling.kind == RulingKind::kEndGame &&
           !last->ruling.result.empty() && !last->ruling.reason.empty(),
       "the game ended by the referee with a result and a reason");
  std::set<std::string> seats;
  for (const auto& [seat, c] : g.commands) {
    if (seat != kRefereeSeat) seats.insert(seat);
  }
  need(seats.size() >= 3, "commands from three players");
  return missing;
}

// S1: within an activation each figure finishes all its actions before the next begins. Returns
// the first command that breaks it (index into `commands`), if any.
std::optional<std::size_t> interleaved(const Played& g) {
  std::vector<FigureId> done;
  std::optional<FigureId> current;
  for (std::size_t i = 0; i < g.commands.size(); ++i) {
    const Command& c = g.commands[i].second;
    if (std::holds_alternative<ThrowFunctions>(c) || std::holds_alternative<EndActivation>(c)) {
      done.clear();
      current.reset();
      continue;
    }
    const auto a = actor_of(c);
    if (!a || g.commands[i].first == kRefereeSeat || a == current) continue;
    if (std::find(done.begin(), done.end(), *a) != done.end()) return i;
    if (current) done.push_back(*current);
    current = a;
  }
  return std::nullopt;
}

// --- Regeneration
// ---------------------------------------------------------------------------------

void regenerate(const std::string& scenario_text) {
  const auto rs = wire::make_sharpe_ruleset();
  auto loaded = rs->load_scenario(scenario_text);
  REQUIRE(loaded.ok());
  engine::GameState& gs = **loaded;
  RecordingDice dice(test_support::seed_for(kGoldenSeed, 0x60));
  Players players(kGoldenSeed * 7919 + 1);
  Referee referee;
  Played played;
  std::vector<std::string> lines;

  auto fold = [&](const std::vector<engine::Bytes>& events) {
    for (const engine::Bytes& b : events) {
      REQUIRE(rs->apply(gs, b).ok());
      auto e = wire::parse_event(b);
      REQUIRE(e.ok());
      played.events.push_back(*e);
      lines.push_back("= " + event_text(b));
    }
  };
  auto begun = rs->begin(gs, dice);
  REQUIRE(begun.ok());
  lines.emplace_back("> begin");
  fold(*begun);
  for (int step = 0; native(gs).phase != Phase::kOver; ++step) {
    REQUIRE(step < 3000);
    const State& s = native(gs);
    std::string seat = kRefereeSeat;
    std::optional<Command> cmd = referee.next(s, played);
    if (!cmd) {
      const auto to_act = seats_to_act(s);
      REQUIRE(to_act.size() == 2);  // the drawn hero's player, then the referee
      seat = to_act.front();
      cmd = players.next(s, seat);
    }
    INFO("seed " << kGoldenSeed << ", step " << step << ": " << seat << ' '
                 << one_line(wire::to_pb(*cmd)));
    REQUIRE(accepted(s, seat, *cmd));  // refused commands throw no dice of the game
    auto events = rs->decide(gs, seat, wire::serialize(*cmd), dice);
    REQUIRE(events.ok());
    lines.push_back("> " + seat + ' ' + one_line(wire::to_pb(*cmd)));
    played.commands.emplace_back(seat, *cmd);
    fold(*events);
  }
  const auto missing = missing_facts(played);
  for (const std::string& m : missing) UNSCOPED_INFO("missing: " << m);
  REQUIRE(missing.empty());
  REQUIRE_FALSE(interleaved(played).has_value());

  std::ofstream out(kGolden);
  out << "# Golden replay of scenarios/sharpe/village.textproto (a referee and three players):\n"
      << "# see tests/rules/sharpe/golden_test.cpp for the format. Regenerate with\n"
      << "# GROGNARD_UPDATE_GOLDEN=1 sharpe_tests \"[sharpe.golden]\".\n";
  out << "dice:";
  for (int f : dice.faces()) out << ' ' << f;
  out << "\n";
  for (const std::string& l : lines) out << l << "\n";
  out << "hash: " << rs->hash(gs).hex() << "\n";
}

// One line of the golden file, with its line number.
struct Entry {
  std::size_t line = 0;
  std::string text;
};

std::string where(std::size_t line) {
  return kGoldenName + ":" + std::to_string(line);
}

// Where two lines first differ, for the failure message.
std::string diff_message(const Entry& expected, const std::string& actual) {
  std::size_t col = 0;
  while (col < expected.text.size() && col < actual.size() && expected.text[col] == actual[col]) {
    ++col;
  }
  return where(expected.line) + ": the event differs from column " + std::to_string(col + 3) +
         "\n  expected: " + expected.text + "\n  actual:   " + actual;
}

}  // namespace

TEST_CASE("golden replay of the village, a referee and three players",
          "[golden][sharpe.golden][S1][S12]") {
  const std::string scenario_text = read_file(kScenario);
  if (std::getenv("GROGNARD_UPDATE_GOLDEN") != nullptr) regenerate(scenario_text);

  // Read the file: the dice, then each command with the events it must produce.
  struct Step {
    Entry command;
    std::vector<Entry> events;
  };
  std::istringstream golden(read_file(kGolden));
  std::vector<int> faces;
  std::vector<Step> steps;
  Entry expected_hash;
  std::string line;
  for (std::size_t n = 1; std::getline(golden, line); ++n) {
    if (line.rfind("dice:", 0) == 0) {
      std::istringstream in(line.substr(5));
      for (int f; in >> f;) faces.push_back(f);
    } else if (line.rfind("> ", 0) == 0) {
      steps.push_back(Step{Entry{n, line.substr(2)}, {}});
    } else if (line.rfind("= ", 0) == 0) {
      INFO(where(n) << ": an event before any command");
      REQUIRE_FALSE(steps.empty());
      steps.back().events.push_back(Entry{n, line.substr(2)});
    } else if (line.rfind("hash: ", 0) == 0) {
      expected_hash = Entry{n, line.substr(6)};
    } else {
      INFO(where(n) << ": not a line of the format");
      REQUIRE((line.empty() || line[0] == '#'));
    }
  }
  REQUIRE(steps.size() > 100);
  REQUIRE(steps.front().command.text == "begin");
  REQUIRE_FALSE(expected_hash.text.empty());

  // Replay it through the wire rule set: command bytes in, event bytes out.
  const auto rs = wire::make_sharpe_ruleset();
  auto loaded = rs->load_scenario(scenario_text);
  REQUIRE(loaded.ok());
  engine::GameState& gs = **loaded;
  engine::ScriptedDice dice(faces);
  Played played;
  std::vector<engine::Bytes> stored;  // the events as bytes, as a store would keep them
  bool briefing_checked = false, paused_checked = false;
  for (const Step& step : steps) {
    INFO(where(step.command.line) << ": " << step.command.text);
    engine::Result<std::vector<engine::Bytes>> events = std::vector<engine::Bytes>{};
    if (step.command.text == "begin") {
      events = rs->begin(gs, dice);
    } else {
      const auto space = step.command.text.find(' ');
      REQUIRE(space != std::string::npos);
      const std::string seat = step.command.text.substr(0, space);
      pb::Command pbc;
      REQUIRE(
          google::protobuf::TextFormat::ParseFromString(step.command.text.substr(space + 1), &pbc));
      auto cmd = wire::from_pb(pbc);
      REQUIRE(cmd.ok());
      played.commands.emplace_back(seat, *cmd);
      events = rs->decide(gs, seat, pbc.SerializeAsString(), dice);
    }
    REQUIRE(events.ok());
    for (std::size_t i = 0; i < events->size(); ++i) {
      const engine::Bytes& bytes = (*events)[i];
      const std::string actual = event_text(bytes);
      if (i >= step.events.size()) {
        FAIL(where(step.command.line) << ": the command produced an event the file does not "
                                         "list\n  actual:   "
                                      << actual);
      }
      if (actual != step.events[i].text) FAIL(diff_message(step.events[i], actual));
      auto e = wire::parse_event(bytes);
      REQUIRE(e.ok());
      const auto before = gs.clone();
      REQUIRE(rs->apply(gs, bytes).ok());
      stored.push_back(bytes);
      played.events.push_back(*e);

      // S12, S23: a card that pauses the game leaves only the referee to act.
      if (const auto* t = std::get_if<FunctionsThrown>(&*e);
          t && t->card && t->card->effect == CardEffect::kRefereeDecides) {
        CHECK(rs->to_act(gs).seats == std::vector<std::string>{kRefereeSeat});
        paused_checked = true;
      }
      // S12: a briefing set in play reaches its player and the referee, no one else.
      if (const auto* b = std::get_if<BriefingSet>(&*e); b && b->seat == kBriefingSeat) {
        for (const auto& [role, seat, sees] :
             {std::tuple{engine::Role::kPlayer, kBriefingSeat, true},
              std::tuple{engine::Role::kReferee, std::string(kRefereeSeat), true},
              std::tuple{engine::Role::kPlayer, std::string("player:british"), false},
              std::tuple{engine::Role::kObserver, std::string(), false}}) {
          INFO("viewer " << seat);
          const engine::Viewer viewer{role, seat, false};
          pb::View view;
          REQUIRE(view.ParseFromString(rs->view(gs, viewer)));
          bool read = false;
          for (const pb::Seat& vs : view.seats()) {
            if (vs.id() == kBriefingSeat) read = vs.briefing() == kBriefing;
          }
          CHECK(read == sees);
          pb::Event seen;
          const auto ve = rs->view_event(*before, bytes, viewer);
          REQUIRE(ve.has_value());
          REQUIRE(seen.ParseFromString(*ve));
          CHECK((seen.briefing_set().text() == kBriefing) == sees);
          CHECK(seen.briefing_set().hidden() == !sees);
        }
        briefing_checked = true;
      }
    }
    if (events->size() < step.events.size()) {
      FAIL(where(step.events[events->size()].line)
           << ": the file lists an event the command did not produce\n  expected: "
           << step.events[events->size()].text);
    }
  }
  CHECK(dice.remaining() == 0);
  CHECK(briefing_checked);
  CHECK(paused_checked);

  // The end, by the referee's ruling, with its result and reason.
  const State& end = native(gs);
  CHECK(end.phase == Phase::kOver);
  CHECK_FALSE(end.result.empty());
  CHECK_FALSE(end.end_reason.empty());
  CHECK(rs->to_act(gs).game_over);
  CHECK(rs->hash(gs).hex() == expected_hash.text);

  // What the game is there to show.
  const auto missing = missing_facts(played);
  for (const std::string& m : missing) UNSCOPED_INFO("the golden game lacks " << m);
  CHECK(missing.empty());
  const auto broken = interleaved(played);
  if (broken) {
    FAIL("S1: figure commands interleave at command "
         << *broken << ": " << one_line(wire::to_pb(played.commands[*broken].second)));
  }

  // Folding the stored bytes again reproduces the game without a single die.
  auto folded = rs->load_scenario(scenario_text);
  REQUIRE(folded.ok());
  for (const engine::Bytes& bytes : stored) REQUIRE(rs->apply(**folded, bytes).ok());
  CHECK(rs->hash(**folded).hex() == expected_hash.text);
}
