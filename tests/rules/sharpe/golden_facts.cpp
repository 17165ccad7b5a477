// What the golden game must contain: every fact the file is there to show, and the S1 check that
// no figure of an activation acts again once another has begun.
#include "golden_play.h"

#include <algorithm>
#include <set>
#include <variant>

namespace sharpe_golden {

namespace {

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

}  // namespace

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
      briefing = briefing || (b->seat == kBriefingSeat && has_golden_briefing(b->text));
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

}  // namespace sharpe_golden
