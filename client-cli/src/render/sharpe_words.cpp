// Words in both directions: what the referee's cards do, and the pieces of a typed line
// (numbers, points in inches, ids as the view spells them).
#include <cmath>
#include <cstdlib>

#include "client/codec.h"
#include "render/sharpe_ui.h"

namespace grognard::cli::sharpe_text {

std::string effect_word(sharpe::CardEffect effect) {
  switch (effect) {
    case sharpe::LOSE_HALF:
      return "lose-half";
    case sharpe::GAIN_FUNCTIONS:
      return "gain";
    case sharpe::TRIP:
      return "trip";
    case sharpe::MISFIRE:
      return "misfire";
    case sharpe::REINFORCEMENTS:
      return "reinforcements";
    case sharpe::REFEREE_DECIDES:
      return "decides";
    default:
      return "?";
  }
}

std::optional<sharpe::CardEffect> effect_of(const std::string& word) {
  const std::string w = lower(word);
  if (w == "lose-half" || w == "half") return sharpe::LOSE_HALF;
  if (w == "gain") return sharpe::GAIN_FUNCTIONS;
  if (w == "trip") return sharpe::TRIP;
  if (w == "misfire") return sharpe::MISFIRE;
  if (w == "reinforcements") return sharpe::REINFORCEMENTS;
  if (w == "decides" || w == "referee-decides") return sharpe::REFEREE_DECIDES;
  return std::nullopt;
}

std::string effect_text(const sharpe::EventCard& card) {
  switch (card.effect()) {
    case sharpe::LOSE_HALF:
      return "the next hero loses half his functions";
    case sharpe::GAIN_FUNCTIONS:
      return "the next hero gains " + functions(card.amount());
    case sharpe::TRIP:
      return "the next hero trips and lies prone";
    case sharpe::MISFIRE:
      return "the next hero's firearm misfires (out of action)";
    case sharpe::REINFORCEMENTS:
      return "reinforcements: the game pauses for the referee";
    case sharpe::REFEREE_DECIDES:
      return "the referee decides: the game pauses";
    default:
      return "no effect";
  }
}

std::string event_card_text(const sharpe::EventCard& card) {
  return "\"" + (card.name().empty() ? effect_word(card.effect()) : card.name()) + "\" (" +
         effect_text(card) + ")";
}

std::string card_text(const sharpe::View& v, const sharpe::Card& card) {
  switch (card.kind()) {
    case sharpe::HERO_CARD:
      return "hero card " + group_text(v, card.group());
    case sharpe::EVENT_CARD:
      return "event card " + event_card_text(card.event());
    case sharpe::DRAW_BAD_CARD:
      return "\"draw a Bad Card\"";
    default:
      return "an unknown card";
  }
}

Parsed done(const sharpe::Command& c) {
  return Parsed{client::pack(c), ""};
}

Parsed fail(const std::string& why) {
  return Parsed{std::nullopt, why};
}

std::optional<v1::Point> point_of(const std::string& word) {
  const auto xy = words::xy_of(word);
  if (!xy) return std::nullopt;
  v1::Point p;
  p.set_x(xy->x);
  p.set_y(xy->y);
  return p;
}

std::string figure_id(const sharpe::View& v, const std::string& typed) {
  const auto* f = find_figure(v, typed);
  return f ? f->figure().id() : typed;
}

std::string group_id(const sharpe::View& v, const std::string& typed) {
  const auto* g = find_group(v, typed);
  return g ? g->id() : typed;
}

bool on_table(const sharpe::FigureView& f) {
  return f.state() != sharpe::FIGURE_KILLED && f.state() != sharpe::FIGURE_LOST;
}

std::vector<std::string> group_figure_ids(const sharpe::View& v, const std::string& group) {
  std::vector<std::string> out;
  for (const auto& f : v.figures()) {
    if (on_table(f) && same_id(f.group(), group)) out.push_back(f.figure().id());
  }
  return out;
}

std::vector<std::string> figure_ids(const sharpe::View& v, const std::string& enemies_of) {
  const auto* me = enemies_of.empty() ? nullptr : find_figure(v, enemies_of);
  const auto* mine = me ? find_group(v, me->group()) : nullptr;
  std::vector<std::string> out;
  for (const auto& f : v.figures()) {
    if (!on_table(f)) continue;
    const auto* g = find_group(v, f.group());
    if (mine && g && g->seat() == mine->seat()) continue;
    out.push_back(f.figure().id());
  }
  return out;
}

}  // namespace grognard::cli::sharpe_text
