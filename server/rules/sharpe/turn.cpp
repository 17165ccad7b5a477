// The deck (S1, S12), throwing functions, ending an activation and the turn (S2, S4).
#include <algorithm>

#include "rules/sharpe/clauses.h"
#include "rules/sharpe/internal.h"

namespace grognard::sharpe {

namespace detail {

namespace {

bool has_figures(const State& s, std::size_t g) {
  for (const Figure& f : s.figures) {
    if (f.group == g && f.on_table()) return true;
  }
  return false;
}

// S4: a dying figure is removed at the end of its last turn.
void end_turn(Emitter& e) {
  TurnEnded t{e.s.turn, {}};
  for (const Figure& f : e.s.figures) {
    if (f.state == FigureState::kDying && f.dying_turns <= 1) t.died.push_back(f.id);
  }
  e.emit(std::move(t));
}

}  // namespace

// S1: one card per hero (per group with a figure on the table), with the referee's card (S12),
// shuffled on numbered throws. S18: with no group left the game ends.
void shuffle_deck(Emitter& e, Dice& dice) {
  std::vector<Card> cards;
  for (std::size_t g = 0; g < e.s.groups.size(); ++g) {
    if (has_figures(e.s, g)) cards.push_back(Card{CardKind::kHero, e.s.groups[g].id, {}});
  }
  if (cards.empty()) {
    e.emit(GameEnded{"no result", "no group has a figure left on the table (S18)"});
    return;
  }
  cards.insert(cards.end(), e.s.extra_cards.begin(), e.s.extra_cards.end());
  auto rolls = engine::shuffle(cards, dice);
  e.emit(DeckShuffled{e.s.turn + 1, std::move(rolls), std::move(cards)});
}

// S1: draw until a hero's card comes up; an empty deck ends the turn and is shuffled again.
void draw_next(Emitter& e, Dice& dice) {
  while (e.s.phase != Phase::kOver) {
    if (e.s.deck.empty()) {
      end_turn(e);
      shuffle_deck(e, dice);
      continue;
    }
    const Card card = e.s.deck.front();
    e.emit(CardDrawn{card});
    if (card.kind != CardKind::kHero) continue;  // S12: it applies to the next hero
    const std::size_t g = *e.s.group_index(card.group);
    if (!has_figures(e.s, g)) {  // the group was wiped out during the turn
      e.emit(ActivationEnded{card.group});
      continue;
    }
    // S12: "draw a Bad Card" sends this hero to the second deck before he acts.
    if (e.s.draw_bad && !e.s.bad_deck.empty()) e.emit(BadCardDrawn{e.s.bad_deck.front()});
    return;
  }
}

namespace {

bool hero_needed(const State& s, std::size_t g) {
  const auto& h = s.groups[g].hero;
  return !h || !s.figures[*h].on_table();
}

// S1: D6 + base value, thrown by command; S12, S23: the pending card changes it.
Result<std::vector<Event>> throw_functions(const State& s, Dice& dice) {
  const Group& g = s.groups[*s.active];
  if (s.phase != Phase::kThrow) {
    return illegal(clause::kThrown, "the functions are already thrown for this card (S1)");
  }
  if (hero_needed(s, *s.active)) {
    return illegal(clause::kNameHero, "the hero is dead: first name a new hero (S3)");
  }
  FunctionsThrown t{g.id, dice.d6(), g.base, 0, s.pending};
  t.functions = t.roll.face + g.base;
  if (s.pending && s.pending->effect == CardEffect::kLoseHalf) t.functions -= t.functions / 2;
  if (s.pending && s.pending->effect == CardEffect::kGainFunctions) {
    t.functions += s.pending->amount;
  }
  return std::vector<Event>{t};
}

// S2 at the end of the activation, then the next card. S22: pairs in contact fight first.
Result<std::vector<Event>> end_activation(const State& s, Dice& dice) {
  if (s.phase != Phase::kActivation) {
    return illegal(clause::kThrowFirst, "throw the functions first (S1)");
  }
  for (const Figure& f : s.figures) {
    // S1: a finished figure had no pair left to fight when the next began.
    if (f.group != *s.active || !f.on_table() || f.done) continue;
    if (const Figure* o = unfought_enemy(s, f)) {
      return illegal(clause::kMustFight, f.name + " is in contact with " + o->name +
                                             ": the pair fights when activated (S5)");
    }
  }
  Emitter e{s, {}};
  check_lost(e, *s.active);
  e.emit(ActivationEnded{s.groups[*s.active].id});
  draw_next(e, dice);
  return std::move(e.out);
}

}  // namespace

Result<std::vector<Event>> decide_turn(const State& s, const Command& c, Dice& dice) {
  if (std::holds_alternative<ThrowFunctions>(c)) return throw_functions(s, dice);
  return end_activation(s, dice);
}

}  // namespace detail

Result<std::vector<Event>> begin(const State& s, Dice& dice) {
  if (s.phase != Phase::kNotStarted) {
    return engine::illegal(clause::kNotStarted, "the game has already begun");
  }
  detail::Emitter e{s, {}};
  detail::shuffle_deck(e, dice);
  detail::draw_next(e, dice);
  return std::move(e.out);
}

std::vector<std::string> seats_to_act(const State& s) {
  if (s.phase == Phase::kNotStarted || s.phase == Phase::kOver) return {};
  // S12: the referee may act at any time (the wire lists him out of turn); he is the seat to
  // act only while the game is paused for him.
  if (s.paused) return {kRefereeSeat};
  if (s.active) return {s.groups[*s.active].seat};
  return {};
}

}  // namespace grognard::sharpe
