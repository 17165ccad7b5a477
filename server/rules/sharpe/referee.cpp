// The referee (S12): event cards, the bad-card deck, secret briefings and rulings; and naming
// a new hero (S3).
#include "rules/sharpe/clauses.h"
#include "rules/sharpe/internal.h"

namespace grognard::sharpe::detail {

namespace {

bool on_table(const State& s, Point p) {
  return p.x >= 0 && p.y >= 0 && p.x <= s.width && p.y <= s.height;
}

// S12, S23: only one of the referee's cards at a time: waiting for the shuffle, in the deck, or
// drawn and not yet come to the next hero (else a second drawn card would overwrite it).
Result<std::vector<Event>> add_card(const State& s, const AddEventCard& c) {
  if (c.card.kind == CardKind::kHero) {
    return illegal(clause::kOneEventCard, "hero cards come from the groups (S1)");
  }
  bool waiting = !s.extra_cards.empty();
  for (const Card& d : s.deck) waiting = waiting || d.kind != CardKind::kHero;
  if (waiting) {
    return illegal(clause::kOneEventCard, "only one event card at a time in the deck (S12)");
  }
  if (s.pending || s.draw_bad) {
    return illegal(clause::kOneEventCard,
                   "the card drawn before has not yet come to the next hero (S23)");
  }
  return std::vector<Event>{CardAdded{c.card}};
}

Result<std::vector<Event>> build_bad_deck(const BuildBadDeck& c, Dice& dice) {
  if (c.cards.empty()) return illegal(clause::kRuling, "the bad-card deck needs cards (S12)");
  BadDeckBuilt b{{}, c.cards};
  b.rolls = engine::shuffle(b.order, dice);
  return std::vector<Event>{std::move(b)};
}

// S12: a briefing given in play is added after the one the player has (the scenario's and
// those given before), unless the referee replaces it. The event carries the whole new text,
// so a briefing reads the same in any replay.
Result<std::vector<Event>> set_briefing(const State& s, const SetBriefing& c) {
  if (c.text.empty() && !c.replace) {
    return illegal(clause::kBriefing, "a briefing to add needs some words (S12)");
  }
  for (const Seat& p : s.seats) {
    if (p.id != c.seat) continue;
    const bool add = !c.replace && !p.briefing.empty();
    return std::vector<Event>{BriefingSet{c.seat, add ? p.briefing + "\n\n" + c.text : c.text}};
  }
  return error(ErrorCode::kNotFound, clause::kBriefing, "no player seat \"" + c.seat + "\"");
}

Status check_ruling(const State& s, const Ruling& r) {
  if (r.reason.empty()) return illegal(clause::kRuling, "a ruling states its reason (S12)");
  switch (r.kind) {
    case RulingKind::kPause:
      return s.paused ? illegal(clause::kRuling, "the game is already paused")
                      : engine::ok_status();
    case RulingKind::kResume:
      return s.paused ? engine::ok_status() : illegal(clause::kRuling, "the game is not paused");
    case RulingKind::kEndGame:
      return r.result.empty() ? illegal(clause::kRuling, "name the result") : engine::ok_status();
    case RulingKind::kAdd:
      if (!s.group_index(r.group)) return error(ErrorCode::kNotFound, clause::kRuling, "no group");
      if (r.added.id.get().empty() || s.find(r.added.id)) {
        return illegal(clause::kRuling, "the new figure needs an unused id");
      }
      return on_table(s, r.added.pos) ? engine::ok_status()
                                      : illegal(clause::kRuling, "off the table");
    default:
      break;
  }
  const Figure* f = s.find(r.figure);
  if (f == nullptr) return error(ErrorCode::kNotFound, clause::kRuling, "no such figure");
  if (!f->on_table() && r.kind != RulingKind::kHeal) {
    return illegal(clause::kRuling, f->name + " is not on the table");
  }
  if (r.kind == RulingKind::kMove && !on_table(s, r.to)) {
    return illegal(clause::kRuling, "off the table");
  }
  if (r.kind == RulingKind::kHeal &&
      (f->state == FigureState::kKilled || f->state == FigureState::kLost)) {
    return illegal(clause::kRuling, "the dead and the lost are not healed");
  }
  return engine::ok_status();
}

}  // namespace

Result<std::vector<Event>> decide_referee(const State& s, const Command& c, Dice& dice) {
  if (const auto* x = std::get_if<AddEventCard>(&c)) return add_card(s, *x);
  if (const auto* x = std::get_if<BuildBadDeck>(&c)) return build_bad_deck(*x, dice);
  if (const auto* x = std::get_if<SetBriefing>(&c)) return set_briefing(s, *x);
  const auto* r = std::get_if<Ruling>(&c);
  if (r == nullptr) {
    return error(ErrorCode::kPermissionDenied, clause::kRefereeOnly,
                 "the referee rules; the players command their figures (S12)");
  }
  if (auto st = check_ruling(s, *r); !st) return st.error();
  Ruled ev{*r, std::nullopt};
  if (r->kind == RulingKind::kWound && s.find(r->figure)->state == FigureState::kWounded) {
    ev.dying_roll = dice.d6();  // S4: a second wound makes the figure dying
  }
  return std::vector<Event>{std::move(ev)};
}

// S3: the player names another figure of the group as the new hero.
Result<std::vector<Event>> decide_name_hero(const State& s, const std::string& seat,
                                            const NameHero& c) {
  const auto g = s.group_index(c.group);
  if (!g || s.groups[*g].seat != seat) {
    return error(ErrorCode::kPermissionDenied, clause::kNameHero, "not your group");
  }
  const auto& hero = s.groups[*g].hero;
  if (hero && s.figures[*hero].on_table()) {
    return illegal(clause::kNameHero, "the group's hero is alive (S3)");
  }
  const Figure* f = s.find(c.figure);
  if (f == nullptr || f->group != *g || !f->on_table()) {
    return illegal(clause::kNameHero, "name a figure of the group still on the table (S3)");
  }
  return std::vector<Event>{HeroNamed{c.group, c.figure}};
}

}  // namespace grognard::sharpe::detail
