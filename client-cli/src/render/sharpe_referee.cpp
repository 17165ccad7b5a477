// The referee's lines (seat "referee", S12): event cards, the bad-card deck, briefings and
// rulings. Every ruling states its reason (the server refuses one without).
//
//   card lose-half|gain N|trip|misfire|reinforcements|decides [NAME...]   an event card
//   card draw-bad                                   a "draw a Bad Card" card
//   baddeck EFFECT[:N] ...                          build and shuffle the bad-card deck
//   brief SEAT TEXT...                              added to a secret briefing (SEAT: id or name)
//   rebrief SEAT TEXT...                            replaces it
//   rule move FIG X,Y REASON...                     and rule wound|heal|remove FIG REASON...
//   rule add GROUP ID [NAME...] X,Y [WEAPON|QUALITY...] REASON...
//   pause REASON... | resume REASON...
//   endgame RESULT [--] REASON...                   RESULT one word, or words before "--"
#include "render/sharpe_ui.h"

namespace grognard::cli {

namespace {

using namespace sharpe_text;

std::string default_name(const sharpe::EventCard& c) {
  switch (c.effect()) {
    case sharpe::LOSE_HALF:
      return "Lose half";
    case sharpe::GAIN_FUNCTIONS:
      return "Gain " + std::to_string(c.amount());
    case sharpe::TRIP:
      return "Trip";
    case sharpe::MISFIRE:
      return "Misfire";
    case sharpe::REINFORCEMENTS:
      return "Reinforcements";
    case sharpe::REFEREE_DECIDES:
      return "Referee decides";
    default:
      return "Event";
  }
}

Parsed parse_card(const std::vector<std::string>& w) {
  const std::string usage =
      "usage: card lose-half|gain N|trip|misfire|reinforcements|decides [NAME...] or card draw-bad";
  if (w.size() < 2) return fail(usage);
  sharpe::Command c;
  auto* card = c.mutable_add_event_card()->mutable_card();
  if (lower(w[1]) == "draw-bad") {
    if (w.size() != 2) return fail("usage: card draw-bad");
    card->set_kind(sharpe::DRAW_BAD_CARD);
    return done(c);
  }
  const auto effect = effect_of(w[1]);
  if (!effect) return fail("\"" + w[1] + "\" is no card effect; " + usage);
  card->set_kind(sharpe::EVENT_CARD);
  auto* e = card->mutable_event();
  e->set_effect(*effect);
  std::size_t name_from = 2;
  if (*effect == sharpe::GAIN_FUNCTIONS) {
    const auto n = w.size() > 2 ? number_of(w[2]) : std::nullopt;
    if (!n || *n < 1 || *n > 20 || *n != static_cast<int>(*n))
      return fail("card gain needs the functions gained (1-20), e.g. card gain 2 Second wind");
    e->set_amount(static_cast<int>(*n));
    name_from = 3;
  }
  e->set_name(w.size() > name_from ? join(w, name_from) : default_name(*e));
  return done(c);
}

Parsed parse_bad_deck(const std::vector<std::string>& w) {
  if (w.size() < 2)
    return fail("usage: baddeck EFFECT[:N] ..., e.g. baddeck lose-half trip gain:2");
  sharpe::Command c;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const auto colon = w[i].find(':');
    const auto effect = effect_of(w[i].substr(0, colon));
    if (!effect)
      return fail(
          "\"" + w[i] +
          "\" is no card effect (lose-half, gain:N, trip, misfire, reinforcements, decides)");
    auto* e = c.mutable_build_bad_deck()->add_cards();
    e->set_effect(*effect);
    if (*effect == sharpe::GAIN_FUNCTIONS) {
      const auto n = colon == std::string::npos ? std::nullopt : number_of(w[i].substr(colon + 1));
      if (!n || *n < 1 || *n > 20 || *n != static_cast<int>(*n))
        return fail("\"" + w[i] + "\": a gain card needs its functions, e.g. gain:2");
      e->set_amount(static_cast<int>(*n));
    } else if (colon != std::string::npos) {
      return fail("\"" + w[i] + "\": only a gain card takes a number");
    }
    e->set_name(default_name(*e));
  }
  return done(c);
}

// `brief` adds to the player's briefing, `rebrief` replaces it (S12).
Parsed parse_brief(const std::vector<std::string>& w, const sharpe::View& v) {
  const std::string verb = lower(w[0]);
  if (w.size() < 3)
    return fail("usage: " + verb + " SEAT TEXT..., e.g. " + verb + " british The bridge is mined");
  sharpe::Command c;
  const auto* seat = find_seat(v, w[1]);
  std::string id = seat ? seat->id() : w[1];
  if (!seat && w[1].find(':') == std::string::npos) id = "player:" + lower(w[1]);
  c.mutable_set_briefing()->set_seat(id);
  c.mutable_set_briefing()->set_text(join(w, 2));
  c.mutable_set_briefing()->set_replace(verb == "rebrief");
  return done(c);
}

// `rule add GROUP ID [NAME...] X,Y [WEAPON|QUALITY...] REASON...`
Parsed parse_add(const std::vector<std::string>& w, const sharpe::View& v, sharpe::Ruling* r) {
  const std::string usage =
      "usage: rule add GROUP ID [NAME...] X,Y [WEAPON|officer|elite|mounted...] REASON..., "
      "e.g. rule add lawford redcoat4 Private Hale 12,47 musket bayonet late from the baggage";
  std::size_t at = 4;
  while (at < w.size() && !point_of(w[at])) ++at;
  if (w.size() < 5 || at >= w.size()) return fail(usage);
  r->set_kind(sharpe::RULING_ADD);
  r->set_group(group_id(v, w[2]));
  auto* f = r->mutable_added();
  f->set_id(w[3]);
  f->set_name(at > 4 ? join(w, 4, at) : w[3]);
  *f->mutable_pos() = *point_of(w[at]);
  std::size_t i = at + 1;
  for (; i < w.size(); ++i) {
    const std::string word = lower(w[i]);
    if (const auto kind = weapon_kind(word)) {
      f->add_weapons()->set_kind(*kind);
    } else if (word == "officer") {
      f->mutable_qualities()->set_officer(true);
    } else if (word == "elite" || word == "nco") {
      f->mutable_qualities()->set_elite(true);
    } else if (word == "mounted") {
      f->mutable_qualities()->set_mounted(true);
    } else {
      break;
    }
  }
  r->set_reason(join(w, i));
  return r->reason().empty() ? fail("a ruling states its reason; " + usage) : Parsed{};
}

Parsed parse_rule(const std::vector<std::string>& w, const sharpe::View& v) {
  const std::string usage =
      "usage: rule move FIG X,Y REASON... | rule wound|heal|remove FIG REASON... | rule add …";
  if (w.size() < 2) return fail(usage);
  const std::string kind = lower(w[1]);
  sharpe::Command c;
  auto* r = c.mutable_ruling();
  if (kind == "add") {
    Parsed p = parse_add(w, v, r);
    return p.error.empty() ? done(c) : p;
  }
  std::size_t reason_from = 3;
  if (kind == "move") {
    if (w.size() < 4 || !point_of(w[3]))
      return fail("usage: rule move FIG X,Y REASON..., e.g. rule move hagman 8,40 he slipped");
    r->set_kind(sharpe::RULING_MOVE);
    *r->mutable_to() = *point_of(w[3]);
    reason_from = 4;
  } else if (kind == "wound") {
    r->set_kind(sharpe::RULING_WOUND);
  } else if (kind == "heal") {
    r->set_kind(sharpe::RULING_HEAL);
  } else if (kind == "remove") {
    r->set_kind(sharpe::RULING_REMOVE);
  } else {
    return fail("\"" + w[1] + "\" is no ruling; " + usage);
  }
  if (w.size() < 3) return fail("rule " + kind + " names a figure; " + usage);
  r->set_figure(figure_id(v, w[2]));
  r->set_reason(join(w, reason_from));
  if (r->reason().empty())
    return fail("a ruling states its reason, e.g. rule " + kind + " " + w[2] +
                (kind == "move" ? " " + w[3] : "") + " a roof tile falls");
  return done(c);
}

Parsed parse_game(const std::string& verb, const std::vector<std::string>& w) {
  sharpe::Command c;
  auto* r = c.mutable_ruling();
  if (verb == "endgame") {
    std::size_t sep = 1;
    while (sep < w.size() && w[sep] != "--") ++sep;
    const bool split = sep < w.size();
    r->set_kind(sharpe::RULING_END_GAME);
    r->set_result(split ? join(w, 1, sep) : (w.size() > 1 ? w[1] : ""));
    r->set_reason(join(w, split ? sep + 1 : 2));
    if (r->result().empty() || r->reason().empty())
      return fail(
          "usage: endgame RESULT [--] REASON... needs a result and a reason, e.g. "
          "endgame British win -- the gun is taken");
    return done(c);
  }
  r->set_kind(verb == "pause" ? sharpe::RULING_PAUSE : sharpe::RULING_RESUME);
  r->set_reason(join(w, 1));
  if (r->reason().empty())
    return fail("usage: " + verb + " REASON... (a ruling states its reason)");
  return done(c);
}

}  // namespace

namespace sharpe_text {

std::vector<std::string> referee_words() {
  return {"card", "baddeck", "brief", "rebrief", "rule", "pause", "resume", "endgame"};
}

std::optional<Parsed> parse_referee(const std::vector<std::string>& w, const sharpe::View& v) {
  const std::string verb = lower(w[0]);
  if (verb == "card") return parse_card(w);
  if (verb == "baddeck") return parse_bad_deck(w);
  if (verb == "brief" || verb == "rebrief") return parse_brief(w, v);
  if (verb == "rule") return parse_rule(w, v);
  if (verb == "pause" || verb == "resume" || verb == "endgame") return parse_game(verb, w);
  return std::nullopt;
}

std::vector<HelpEntry> referee_help() {
  return {
      {"card EFFECT [N] [NAME...]",
       "(referee) an event card for the next shuffle: lose-half, gain N, trip, misfire, "
       "reinforcements, decides",
       "card gain 2 Second wind"},
      {"card draw-bad", "(referee) a \"draw a Bad Card\" card for the next shuffle",
       "card draw-bad"},
      {"baddeck EFFECT[:N]...", "(referee) build and shuffle the bad-card deck",
       "baddeck lose-half trip gain:2"},
      {"brief SEAT TEXT...",
       "(referee) add to one player's secret briefing (seat id or name); the scenario's stays",
       "brief french Hold the church"},
      {"rebrief SEAT TEXT...", "(referee) replace one player's secret briefing",
       "rebrief french Forget the church: take the bridge"},
      {"rule move FIG X,Y REASON...", "(referee) put a figure elsewhere",
       "rule move hagman 8,40 he slipped"},
      {"rule wound|heal|remove FIG REASON...", "(referee) wound, heal or remove a figure",
       "rule wound perkins a falling tile"},
      {"rule add GROUP ID [NAME...] X,Y [WEAPON...] REASON...",
       "(referee) a new figure (weapons and officer, elite, mounted after the point)",
       "rule add lawford redcoat4 Private Hale 12,47 musket bayonet from the baggage"},
      {"pause REASON... / resume REASON...", "(referee) stop and restart play",
       "resume the guns arrive"},
      {"endgame RESULT [--] REASON...",
       "(referee) end the game (several words of result before --)",
       "endgame British win -- the gun is taken"},
  };
}

}  // namespace sharpe_text

}  // namespace grognard::cli
