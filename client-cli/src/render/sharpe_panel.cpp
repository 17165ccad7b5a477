// The text under the Sharpe's Mess map: the turn and phase, the card just drawn and the decks
// (as counts: the order of undrawn cards never reaches a client), the active group and the
// figure acting; then each group with its figures, one line a figure (exact position, state,
// functions left, weapons, qualities); the guns; and the briefings this viewer may read.
#include <algorithm>
#include <cctype>

#include "render/sharpe_ui.h"

namespace grognard::cli {

namespace {

using namespace sharpe_text;

constexpr std::size_t kWrap = 100;

std::string phase_text(const sharpe::View& v) {
  switch (v.phase()) {
    case sharpe::NOT_STARTED:
      return "waiting for every seat to be taken";
    case sharpe::THROW:
      for (const auto& g : v.groups()) {
        if (g.id() == v.active_group() && g.hero().empty())
          return g.id() + "'s hero is dead: his player names a new hero (hero GROUP FIG)";
      }
      return "the drawn hero's player throws the functions";
    case sharpe::ACTIVATION:
      return "activation";
    case sharpe::OVER:
      return "game over";
    default:
      return "";
  }
}

std::vector<std::string> wrap(const std::string& first, const std::string& text) {
  return words::wrap(first, text, kWrap);
}

std::vector<std::string> status(const sharpe::View& v, const Style& s) {
  std::vector<std::string> out;
  std::string head =
      v.scenario_name() + "  turn " + std::to_string(v.turn()) + ": " + phase_text(v);
  if (v.paused())
    head += "  " + s.paint("PAUSED" + (v.pause_reason().empty() ? "" : ": " + v.pause_reason()),
                           Paint{Colour::kYellow, Colour::kDefault, true});
  out.push_back(head);
  out.push_back("Card just drawn: " +
                (v.drawn().empty() ? std::string("none yet") : card_text(v, *v.drawn().rbegin())));
  const auto cards = [](int n) { return std::to_string(n) + (n == 1 ? " card" : " cards"); };
  std::string deck = "Hero deck: " + cards(v.deck_remaining()) +
                     " left   bad deck: " + std::to_string(v.bad_deck_remaining()) + " left";
  if (v.cards_waiting() > 0) {
    deck += "   referee's cards for the next shuffle: " + std::to_string(v.cards_waiting());
    for (const auto& c : v.waiting()) deck += " [" + card_text(v, c) + "]";
  }
  out.push_back(deck);
  if (v.draw_bad()) out.push_back("The next hero draws a Bad Card first");
  if (v.has_pending()) out.push_back("For the next hero: " + event_card_text(v.pending()));
  if (!v.active_group().empty()) {
    std::string active = "Active: " + group_text(v, v.active_group());
    if (!v.acting().empty())
      active += "; acting now: " + v.acting() + " (" + name_of(v, v.acting()) +
                "; another figure acting finishes him, S1)";
    out.push_back(active);
  }
  if (v.over()) {
    out.push_back(
        s.paint("Game over: " + (v.result().empty() ? std::string("no result") : v.result()) +
                    (v.end_reason().empty() ? "" : " - " + v.end_reason()),
                Paint{Colour::kDefault, Colour::kDefault, true}));
  }
  return out;
}

std::string weapons_text(const sharpe::Figure& f) {
  std::string out;
  for (const auto& w : f.weapons()) {
    std::string t = weapon_name(w.kind());
    if (w.out_of_action())
      t += "(x)";
    else if (w.unloaded() && w.load_spent() > 0)
      t += "(u" + std::to_string(w.load_spent()) + ")";
    else if (w.unloaded())
      t += "(u)";
    out += (out.empty() ? "" : " ") + t;
  }
  return out.empty() ? "unarmed" : out;
}

std::string qualities_text(const sharpe::Figure& f, bool hero) {
  std::string out = hero ? "hero" : "";
  const auto add = [&](bool on, const char* word) {
    if (on) out += (out.empty() ? "" : " ") + std::string(word);
  };
  add(f.qualities().officer(), "officer");
  add(f.qualities().elite(), "elite");
  add(f.qualities().mounted(), "mounted");
  return out;
}

std::string group_line(const sharpe::View& v, const sharpe::GroupView& g) {
  std::string out = std::string(1, group_letter(v, g.id())) + " " + group_text(v, g.id()) +
                    ": base " + std::to_string(g.base()) + ", hits " + std::to_string(g.hits()) +
                    "/" + std::to_string(g.start_figures()) + " this turn, morale " +
                    (g.morale_tested() ? "tested" : "untested");
  if (g.melee_losses() > 0) out += ", " + std::to_string(g.melee_losses()) + " melee lost";
  if (g.scattered()) out += ", scattered";
  out += ", scatter: ";
  out += g.scatter_order_hidden() ? "hidden" : g.scatter_toward_cover() ? "to cover" : "away";
  if (g.hero().empty()) out += ", NO HERO (hero " + g.id() + " FIGURE)";
  return out;
}

// The columns of the table: the map's letter (after ">" for the figure acting), id, name,
// position, state, prone, functions, done, weapons, qualities.
struct Columns {
  std::size_t id = 8;
  static constexpr std::size_t kName = 18, kPos = 10, kState = 8, kProne = 6, kFn = 3, kDone = 5,
                               kWeapons = 18;
};

std::string figure_line(const sharpe::View& v, const sharpe::GroupView& g,
                        const sharpe::FigureView& fv, const Columns& c) {
  const auto& f = fv.figure();
  const bool hero = g.hero() == f.id();
  const char letter = group_letter(v, g.id());
  const bool active = g.id() == v.active_group() && v.phase() == sharpe::ACTIVATION;
  const std::string name =
      f.name().size() >= Columns::kName ? f.name().substr(0, Columns::kName - 2) + "~" : f.name();
  return std::string(f.id() == v.acting() ? " >" : "  ") +
         (hero ? letter : static_cast<char>(std::tolower(letter))) + " " + pad_to(f.id(), c.id) +
         pad_to(name, Columns::kName) + pad_to(exact(f.pos()) + " ", Columns::kPos) +
         pad_to(state_text(fv), Columns::kState) +
         pad_to(fv.prone() ? "prone" : "", Columns::kProne) +
         pad_to(active && !fv.done() ? std::to_string(fv.functions()) : "-", Columns::kFn) +
         pad_to(fv.done() ? "done" : "", Columns::kDone) +
         pad_to(weapons_text(f) + " ", Columns::kWeapons) + qualities_text(f, hero);
}

std::vector<std::string> roster(const sharpe::View& v, const Style& s) {
  Columns c;
  for (const auto& fv : v.figures()) c.id = std::max(c.id, fv.figure().id().size() + 1);
  std::vector<std::string> out{"    " + pad_to("id", c.id) + pad_to("name", Columns::kName) +
                               pad_to("x,y", Columns::kPos) + pad_to("state", Columns::kState) +
                               pad_to("prone", Columns::kProne) + pad_to("fn", Columns::kFn) +
                               pad_to("done", Columns::kDone) +
                               pad_to("weapons", Columns::kWeapons) + "qualities"};
  for (const auto& g : v.groups()) {
    const bool active = g.id() == v.active_group();
    out.push_back(
        s.paint(group_line(v, g) + (active ? "  <- active" : ""),
                Paint{seat_colour(seat_index(v, g.id())), Colour::kDefault, true, false}));
    for (const auto& fv : v.figures()) {
      if (fv.group() == g.id()) out.push_back(figure_line(v, g, fv, c));
    }
  }
  out.push_back(
      "fn: functions left (the active group); weapons: (u) unloaded, (u3) 3 functions "
      "of loading spent, (x) out of action or thrown");
  return out;
}

std::vector<std::string> guns(const sharpe::View& v) {
  std::vector<std::string> out;
  for (const auto& g : v.guns()) {
    std::string l = "Gun " + g.id() + ": " + gun_type(g.type()) + " at " + exact(g.pos()) +
                    ", aim " + num(g.aim()) + " deg, ";
    l += g.unloaded() ? "unloaded (" + std::to_string(g.load_spent()) + "/16 loading)" : "loaded";
    if (!g.group().empty()) l += ", crew " + group_text(v, g.group());
    out.push_back(l);
  }
  return out;
}

// A briefing may have several paragraphs (the scenario's, then what the referee added, S12):
// each wrapped, the later ones under the first.
std::vector<std::string> briefing_lines(const std::string& first, const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t end = std::min(text.find("\n\n", at), text.size());
    const auto w =
        wrap(out.empty() ? first : std::string(first.size(), ' '), text.substr(at, end - at));
    out.insert(out.end(), w.begin(), w.end());
    at = end + 2;
  }
  return out;
}

std::vector<std::string> briefings(const sharpe::View& v, const Viewer& viewer) {
  std::vector<std::string> out;
  if (viewer.seat.rfind("player:", 0) == 0) {
    for (const auto& s : v.seats()) {
      if (s.id() == viewer.seat && !s.briefing().empty())
        return briefing_lines("Your briefing: ", s.briefing());
    }
    return out;
  }
  for (const auto& s : v.seats()) {
    if (s.briefing().empty()) continue;
    if (out.empty()) out.push_back("Briefings (each seen by its player and the referee only):");
    const auto w =
        briefing_lines("  " + (s.name().empty() ? s.id() : s.name()) + ": ", s.briefing());
    out.insert(out.end(), w.begin(), w.end());
  }
  return out;
}

}  // namespace

std::vector<std::string> sharpe_text::status_lines(const sharpe::View& v, const Style& style) {
  return status(v, style);
}

std::vector<std::string> sharpe_text::panel_lines(const sharpe::View& v, const Viewer& viewer,
                                                  const Style& style) {
  std::vector<std::string> out = status(v, style);
  out.push_back("");
  for (auto& l : detail_lines(v, viewer, style)) out.push_back(std::move(l));
  return out;
}

std::vector<std::string> sharpe_text::detail_lines(const sharpe::View& v, const Viewer& viewer,
                                                   const Style& style) {
  std::vector<std::string> out = roster(v, style);
  for (auto& l : guns(v)) out.push_back(std::move(l));
  const auto b = briefings(v, viewer);
  if (!b.empty()) out.push_back("");
  out.insert(out.end(), b.begin(), b.end());
  return out;
}

std::vector<std::string> SharpeUi::render(const google::protobuf::Any& any, const Viewer& viewer,
                                          const Style& style) const {
  const sharpe::View v = view_of(any);
  return words::map_then_panel(map_lines(v, style), panel_lines(v, viewer, style));
}

}  // namespace grognard::cli
