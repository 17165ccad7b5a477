// Sharpe's Mess events in words, with every die thrown. Figures are named as the view names
// them; hidden shuffles and hidden briefings say only that they happened.
#include "client/codec.h"
#include "render/sharpe_ui.h"

namespace grognard::cli {

namespace {

using namespace sharpe_text;

std::string shuffled(const sharpe::View& v, const sharpe::DeckShuffled& e) {
  std::string out = "Turn " + std::to_string(e.turn()) + ": the deck is shuffled (" +
                    std::to_string(e.cards()) + " cards)";
  if (e.hidden() || e.order().empty()) return out;
  out += ": ";
  for (int i = 0; i < e.order_size(); ++i) {
    const auto& c = e.order(i);
    out += (i ? ", " : "") + (c.kind() == sharpe::HERO_CARD ? c.group() : card_text(v, c));
  }
  if (!e.rolls().empty()) out += " [" + dice(e.rolls()) + "]";
  return out;
}

std::string thrown(const sharpe::View& v, const sharpe::FunctionsThrown& e) {
  std::string out = group_text(v, e.group()) + " throws for functions: " + die(e.roll()) +
                    " + base " + std::to_string(e.base()) + " = ";
  if (!e.has_card()) return out + functions(e.functions());
  return out + std::to_string(static_cast<int>(e.roll().face()) + e.base()) + "; card " +
         event_card_text(e.card()) + ": " + functions(e.functions());
}

std::string moved(const sharpe::View& v, const sharpe::FigureMoved& e) {
  std::string out = name_of(v, e.figure()) + (e.crawl() ? " crawls to " : " moves to ");
  for (int i = 0; i < e.path_size(); ++i) out += (i ? " -> " : "") + point(e.path(i));
  out += " (" + functions(e.functions()) + ")";
  if (!e.contact().empty()) out += ", in base contact with " + name_of(v, e.contact());
  return out;
}

std::string names(const sharpe::View& v,
                  const google::protobuf::RepeatedPtrField<std::string>& ids) {
  std::string out;
  for (const auto& id : ids) out += (out.empty() ? "" : ", ") + name_of(v, id);
  return out;
}

std::string ruled(const sharpe::View& v, const sharpe::Ruled& e) {
  const auto& r = e.ruling();
  std::string what;
  switch (r.kind()) {
    case sharpe::RULING_MOVE:
      what = name_of(v, r.figure()) + " is moved to " + point(r.to());
      break;
    case sharpe::RULING_WOUND:
      what = name_of(v, r.figure()) + " is wounded";
      if (e.has_dying_roll()) what += " again: dying, " + die(e.dying_roll()) + " turns left";
      break;
    case sharpe::RULING_HEAL:
      what = name_of(v, r.figure()) + " is healed";
      break;
    case sharpe::RULING_REMOVE:
      what = name_of(v, r.figure()) + " is removed";
      break;
    case sharpe::RULING_ADD:
      what = (r.added().name().empty() ? r.added().id() : r.added().name()) + " (" +
             r.added().id() + ") joins " + r.group() + " at " + point(r.added().pos());
      break;
    case sharpe::RULING_PAUSE:
      what = "the game is paused";
      break;
    case sharpe::RULING_RESUME:
      what = "play resumes";
      break;
    case sharpe::RULING_END_GAME:
      what = "the game ends: " + r.result();
      break;
    default:
      what = "a ruling";
      break;
  }
  return "The referee rules: " + what + " (reason: " + r.reason() + ")";
}

std::string bad_deck(const sharpe::BadDeckBuilt& e) {
  std::string out = "The referee builds the bad-card deck (" + std::to_string(e.cards()) + " cards";
  if (e.hidden() || e.order().empty()) return out + ", shuffled)";
  out += "):";
  for (int i = 0; i < e.order_size(); ++i)
    out += (i ? "," : "") + std::string(" ") + event_card_text(e.order(i));
  if (!e.rolls().empty()) out += " [" + dice(e.rolls()) + "]";
  return out;
}

std::string card_added(const sharpe::View& v, const sharpe::CardAdded& e) {
  if (e.hidden()) return "The referee adds a card to the deck (its face is hidden until drawn)";
  return "The referee adds " + card_text(v, e.card()) + " to the deck for the next shuffle";
}

std::string scatter_order(const sharpe::View& v, const sharpe::ScatterOrderSet& e) {
  if (e.hidden()) return group_text(v, e.group()) + " sets its scatter order (hidden)";
  return group_text(v, e.group()) + " will scatter " +
         (e.toward_cover() ? "toward cover" : "directly away");
}

}  // namespace

std::string SharpeUi::describe_event(const google::protobuf::Any& any,
                                     const google::protobuf::Any& view) const {
  const auto e = client::unpack<sharpe::Event>(any);
  if (!e) return "(an event of another rule set)";
  const sharpe::View v = view_of(view);
  if (auto combat = combat_text(v, *e)) return *combat;
  using E = sharpe::Event;
  switch (e->kind_case()) {
    case E::kDeckShuffled:
      return shuffled(v, e->deck_shuffled());
    case E::kCardDrawn:
      return "Card drawn: " + card_text(v, e->card_drawn().card());
    case E::kBadCardDrawn:
      return "Bad card drawn: " + event_card_text(e->bad_card_drawn().card());
    case E::kFunctionsThrown:
      return thrown(v, e->functions_thrown());
    case E::kFigureMoved:
      return moved(v, e->figure_moved());
    case E::kFiguresLost:
      return "Lost (beyond 10\" and out of the hero's sight): " +
             names(v, e->figures_lost().figures());
    case E::kHeroNamed:
      return name_of(v, e->hero_named().figure()) + " is the new hero of " +
             e->hero_named().group();
    case E::kActivationEnded:
      return group_text(v, e->activation_ended().group()) + " ends its activation";
    case E::kTurnEnded: {
      const auto& t = e->turn_ended();
      std::string out = "Turn " + std::to_string(t.turn()) + " ends";
      if (!t.died().empty()) out += "; died of their wounds: " + names(v, t.died());
      return out;
    }
    case E::kCardAdded:
      return card_added(v, e->card_added());
    case E::kBadDeckBuilt:
      return bad_deck(e->bad_deck_built());
    case E::kBriefingSet: {
      const auto& b = e->briefing_set();
      if (b.hidden()) return "The referee hands " + seat_name(v, b.seat()) + " a secret briefing";
      // S12: words added to a briefing come after its last paragraph break.
      if (const auto added = b.text().rfind("\n\n"); added != std::string::npos) {
        return "The referee adds to " + seat_name(v, b.seat()) + "'s briefing: \"" +
               b.text().substr(added + 2) + "\"";
      }
      return "The referee hands " + seat_name(v, b.seat()) + " a briefing: \"" + b.text() + "\"";
    }
    case E::kRuled:
      return ruled(v, e->ruled());
    case E::kGameEnded:
      return "Game over: " +
             (e->game_ended().result().empty() ? std::string("no result")
                                               : e->game_ended().result()) +
             (e->game_ended().reason().empty() ? "" : " - " + e->game_ended().reason());
    case E::kScatterOrderSet:
      return scatter_order(v, e->scatter_order_set());
    default:
      break;
  }
  return "(an empty event)";
}

std::optional<int> SharpeUi::turn_opened(const google::protobuf::Any& any) const {
  const auto e = client::unpack<sharpe::Event>(any);
  if (e && e->has_deck_shuffled()) return e->deck_shuffled().turn();
  return std::nullopt;
}

}  // namespace grognard::cli
