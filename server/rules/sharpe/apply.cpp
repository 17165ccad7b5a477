// apply(): folds one event into the state. Events carry every throw and every result, so
// folding never throws dice and never decides anything.
#include <algorithm>

#include "rules/sharpe/rules.h"

namespace grognard::sharpe {

namespace {

void start_activation(State& s, std::size_t g) {
  s.active = g;
  s.phase = Phase::kThrow;
  s.acting.reset();
  for (Figure& f : s.figures) {
    f.functions = 0;
    f.done = false;               // S1
    f.aimed = f.charged = false;  // S8: aiming counts only in the same activation
    f.fought.clear();
    f.gun_load = 0;  // S9: at most 4 from each crew member in one activation
  }
}

void wound(Figure& f, FigureState after, int dying_turns) {
  f.state = after;
  if (after == FigureState::kDying && dying_turns > 0) f.dying_turns = dying_turns;
  if (!f.on_table()) f.functions = 0;
}

void apply_ruling(State& s, const Ruled& e) {
  const Ruling& r = e.ruling;
  Figure* f = s.find(r.figure);
  switch (r.kind) {
    case RulingKind::kMove:
      f->pos = r.to;
      break;
    case RulingKind::kWound:
      if (f->state == FigureState::kUnhurt) {
        f->state = FigureState::kWounded;
      } else if (f->state == FigureState::kWounded) {
        wound(*f, FigureState::kDying, e.dying_roll ? e.dying_roll->face : 1);
      } else {
        wound(*f, FigureState::kKilled, 0);
      }
      break;
    case RulingKind::kHeal:
      f->state = f->state == FigureState::kDying ? FigureState::kWounded : FigureState::kUnhurt;
      f->dying_turns = 0;
      break;
    case RulingKind::kRemove:
      wound(*f, FigureState::kLost, 0);
      break;
    case RulingKind::kAdd: {
      Figure n;
      n.id = r.added.id;
      n.name = r.added.name;
      n.pos = r.added.pos;
      n.weapons = r.added.weapons;
      n.qualities = r.added.qualities;
      n.group = *s.group_index(r.group);
      s.figures.push_back(std::move(n));
      break;
    }
    case RulingKind::kPause:
      s.paused = true;
      s.pause_reason = r.reason;
      break;
    case RulingKind::kResume:
      s.paused = false;
      s.pause_reason.clear();
      break;
    case RulingKind::kEndGame:
      s.phase = Phase::kOver;
      s.result = r.result;
      s.end_reason = r.reason;
      s.active.reset();
      s.acting.reset();
      for (Figure& x : s.figures) x.done = false;
      break;
  }
}

struct Applier {
  State& s;

  // S1: a figure of the active group that acts begins its part of the activation; the figure
  // that was acting has finished.
  void begins(const FigureId& id) {
    const auto i = s.index_of(id);
    if (!i || !s.active || s.figures[*i].group != *s.active || s.acting == i) return;
    if (s.acting) s.figures[*s.acting].done = true;
    s.acting = i;
  }
  void operator()(const DeckShuffled& e) {
    s.turn = e.turn;
    s.deck = e.order;
    s.drawn.clear();
    s.extra_cards.clear();
    for (Group& g : s.groups) {
      g.hits = g.melee_losses = 0;
      g.morale_tested = g.scattered = false;
    }
    for (Figure& f : s.figures) {
      f.moved = false;
      f.melee_rounds = 0;
    }
  }
  void operator()(const CardDrawn& e) {
    s.drawn.push_back(s.deck.front());
    s.deck.erase(s.deck.begin());
    if (e.card.kind == CardKind::kHero) start_activation(s, *s.group_index(e.card.group));
    if (e.card.kind == CardKind::kEvent) s.pending = e.card.event;
    if (e.card.kind == CardKind::kDrawBad) s.draw_bad = true;
    // S19: a "draw a Bad Card" finding the bad deck empty when the next hero comes does nothing.
    if (e.card.kind == CardKind::kHero && s.bad_deck.empty()) s.draw_bad = false;
  }
  void operator()(const BadCardDrawn& e) {
    s.bad_deck.erase(s.bad_deck.begin());
    s.draw_bad = false;
    s.pending = e.card;
  }
  void operator()(const FunctionsThrown& e) {
    s.phase = Phase::kActivation;
    s.pending.reset();
    const std::size_t g = *s.active;
    for (Figure& f : s.figures) {
      if (f.group == g && f.on_table()) f.functions = e.functions;  // S1
    }
    if (!e.card || !s.groups[g].hero) return;
    Figure& hero = s.figures[*s.groups[g].hero];
    if (e.card->effect == CardEffect::kTrip) hero.prone = true;
    if (e.card->effect == CardEffect::kMisfire) {
      for (Weapon& w : hero.weapons) {
        if (is_firearm(w.kind) && !w.out_of_action) {
          w.out_of_action = true;
          break;
        }
      }
    }
    if (e.card->effect == CardEffect::kReinforcements ||
        e.card->effect == CardEffect::kRefereeDecides) {
      s.paused = true;  // S12: the game waits for the referee
      s.pause_reason = e.card->name;
    }
  }
  void operator()(const FigureMoved& e) {
    begins(e.figure);
    Figure& f = *s.find(e.figure);
    if (!e.path.empty()) f.pos = e.path.back();
    f.functions -= e.functions;
    if (e.functions > 0) f.moved = true;  // S8, S11: spent movement functions this turn
    if (e.crawl) f.prone = true;          // S11
    if (e.contact) f.charged = true;      // S5
  }
  void operator()(const FunctionsSpent& e) {
    begins(e.figure);
    Figure& f = *s.find(e.figure);
    f.functions -= e.functions;
    if (e.action == Action::kStandUp) f.prone = false;
    if (e.action == Action::kAim) f.aimed = true;
    if (e.weapon) {
      Weapon& w = f.weapons[*e.weapon];
      w.load_spent += e.functions;
      if (e.loaded) {
        w.loaded = true;
        w.load_spent = 0;
      }
    }
  }
  void operator()(const Fired& e) {
    begins(e.figure);
    Figure& f = *s.find(e.figure);
    f.functions -= e.functions;
    f.aimed = false;
    Weapon& w = f.weapons[e.weapon];
    w.loaded = false;  // S8: firing unloads
    if (e.malfunction || w.kind == WeaponKind::kThrown) w.out_of_action = true;  // S7, S21
  }
  void operator()(const FigureHurt& e) {
    Figure& f = *s.find(e.figure);
    if (e.roll) ++s.groups[f.group].hits;  // S10: a successful to-hit result from fire
    wound(f, e.after, e.dying_roll ? e.dying_roll->face : 0);
  }
  void operator()(const MeleeFought& e) {
    begins(e.a);  // whichever of the pair is of the active group
    begins(e.b);
    Figure& a = *s.find(e.a);
    Figure& b = *s.find(e.b);
    ++a.melee_rounds;
    ++b.melee_rounds;
    a.fought.push_back(e.b);
    b.fought.push_back(e.a);
    if (e.loser) ++s.groups[s.find(*e.loser)->group].melee_losses;
  }
  void operator()(const MoraleTested& e) {
    Group& g = s.groups[*s.group_index(e.group)];
    if (e.cause == "hits") g.morale_tested = true;
  }
  void operator()(const Scattered& e) {  // S6: the mark of the scatter for two lost rounds
    if (e.cause == kTwoLostRounds) s.groups[*s.group_index(e.group)].scattered = true;
  }
  void operator()(const ScatterOrderSet& e) {  // S25
    s.groups[*s.group_index(e.group)].scatter_to_cover = e.toward_cover;
  }
  void operator()(const FigureRan& e) { s.find(e.figure)->pos = e.to; }
  void operator()(const FiguresLost& e) {
    for (const FigureId& id : e.figures) wound(*s.find(id), FigureState::kLost, 0);
  }
  void operator()(const HeroNamed& e) {
    s.groups[*s.group_index(e.group)].hero = s.index_of(e.figure);
  }
  void operator()(const ActivationEnded&) {
    for (Figure& f : s.figures) {
      f.functions = 0;  // S1: unspent functions are lost
      f.done = false;
    }
    s.active.reset();
    s.acting.reset();
  }
  void operator()(const TurnEnded& e) {
    for (Figure& f : s.figures) {
      if (f.state == FigureState::kDying) --f.dying_turns;
    }
    for (const FigureId& id : e.died) wound(*s.find(id), FigureState::kKilled, 0);
  }
  void operator()(const CardAdded& e) { s.extra_cards.push_back(e.card); }
  void operator()(const BadDeckBuilt& e) { s.bad_deck = e.order; }
  void operator()(const BriefingSet& e) {
    for (Seat& seat : s.seats) {
      if (seat.id == e.seat) seat.briefing = e.text;
    }
  }
  void operator()(const Ruled& e) { apply_ruling(s, e); }
  void operator()(const GunLoading& e) {  // S9
    begins(e.figure);
    Figure& f = *s.find(e.figure);
    Gun& g = *s.gun(e.gun);
    f.functions -= e.functions;
    f.gun_load += e.amount;
    g.load_spent += e.amount;
    if (std::find(g.loaders.begin(), g.loaders.end(), f.id) == g.loaders.end()) {
      g.loaders.push_back(f.id);
    }
    if (e.loaded) {
      g.loaded = true;
      g.load_spent = 0;
      g.loaders.clear();
    }
  }
  void operator()(const CanisterFired& e) { gun_fired(e.figure, e.gun, e.aim, e.functions); }
  void operator()(const BallFired& e) { gun_fired(e.figure, e.gun, e.aim, e.functions); }
  void gun_fired(const FigureId& id, const std::string& gun, engine::Degrees aim, int functions) {
    begins(id);
    s.find(id)->functions -= functions;
    Gun& g = *s.gun(gun);
    g.loaded = false;  // S9: firing unloads
    g.aim = aim;       // S9: aimed as part of firing
  }
  void operator()(const GameEnded& e) {
    s.phase = Phase::kOver;
    s.result = e.result;
    s.end_reason = e.reason;
    s.active.reset();
    s.acting.reset();
    for (Figure& f : s.figures) f.done = false;
  }
};

}  // namespace

void apply(State& state, const Event& event) {
  std::visit(Applier{state}, event);
}

}  // namespace grognard::sharpe
