// The Sharpe's Mess play syntax: each line to the exact Command, malformed lines to an error
// naming the problem, commands back to the line that makes them, and typed lines accepted by
// the real rules.
#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>

#include "engine/plane.h"
#include "render/sharpe_ui.h"
#include "rules/sharpe/wire/convert.h"
#include "sharpe_village.h"

namespace grognard::clitest {

namespace {

using cli::SharpeUi;

std::vector<std::string> words(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// The command `line` makes against `view`; fails the test when it makes none.
spb::Command command(const std::string& line, const google::protobuf::Any& view) {
  auto p = SharpeUi().parse(words(line), view);
  INFO(line);
  REQUIRE(p);
  INFO(p->error);
  REQUIRE(p->command);
  spb::Command c;
  REQUIRE(p->command->UnpackTo(&c));
  return c;
}

// The error `line` gives.
std::string error(const std::string& line, const google::protobuf::Any& view) {
  auto p = SharpeUi().parse(words(line), view);
  INFO(line);
  REQUIRE(p);
  REQUIRE_FALSE(p->command);
  return p->error;
}

bool contains(const std::string& hay, const std::string& needle) {
  return hay.find(needle) != std::string::npos;
}

// A figure with a loaded pistol and an unloaded musket, and a target.
google::protobuf::Any armed_view() {
  spb::View v;
  auto* g = v.add_groups();
  g->set_id("g1");
  g->set_seat("player:anna");
  auto* f = v.add_figures();
  f->set_group("g1");
  f->mutable_figure()->set_id("F1");
  f->mutable_figure()->set_name("Corporal One");
  f->mutable_figure()->add_weapons()->set_kind(spb::PISTOL);
  auto* musket = f->mutable_figure()->add_weapons();
  musket->set_kind(spb::MUSKET);
  musket->set_unloaded(true);
  auto* t = v.add_figures();
  t->mutable_figure()->set_id("F9");
  return client::pack(v);
}

}  // namespace

TEST_CASE("Sharpe player lines become their commands", "[cli][sharpe]") {
  Village g;
  const auto view = g.any();
  CHECK(command("throw", view).has_throw_functions());
  CHECK(command("END", view).has_end_activation());

  auto c = command("move SHARPE 10,40 (12.5,36) crawl", view);
  REQUIRE(c.has_move());
  CHECK(c.move().figure() == "sharpe");  // the view's spelling
  REQUIRE(c.move().waypoints_size() == 2);
  CHECK(c.move().waypoints(0).x() == 10);
  CHECK(c.move().waypoints(0).y() == 40);
  CHECK(c.move().waypoints(1).x() == 12.5);
  CHECK(c.move().waypoints(1).y() == 36);
  CHECK(c.move().crawl());
  CHECK_FALSE(command("move sharpe 10,40", view).move().crawl());
  CHECK(command("crawl Hagman 6,41", view).move().crawl());
  CHECK(command("crawl Hagman 6,41", view).move().figure() == "hagman");
  CHECK(command("stand hagman", view).stand_up().figure() == "hagman");
  CHECK(command("aim harper", view).aim().figure() == "harper");

  c = command("fight Harper voltigeur2", view);
  CHECK(c.fight().figure() == "harper");
  CHECK(c.fight().enemy() == "voltigeur2");
  c = command("hero Sharpe harper", view);
  CHECK(c.name_hero().group() == "sharpe");
  CHECK(c.name_hero().figure() == "harper");
  c = command("loadgun gunner1 GUN", view);
  CHECK(c.load_gun().figure() == "gunner1");
  CHECK(c.load_gun().gun() == "gun");
  c = command("canister marbot gun 225", view);
  CHECK(c.fire_canister().figure() == "marbot");
  CHECK(c.fire_canister().aim() == 225);
  // Toward a figure: the compass bearing from the gun (37.5, 22) to Sharpe (6, 42), south-west
  // on a table whose y grows south, to a tenth of a degree; the server reads it as the same
  // direction (engine/plane.h measures with y growing north: the wire converts).
  c = command("canister marbot gun at sharpe", view);
  const double expected = 180.0 + std::atan2(31.5, 20.0) * 180.0 / 3.14159265358979323846;
  CHECK(std::abs(c.fire_canister().aim() - expected) < 0.051);
  const auto back = grognard::sharpe::wire::engine_bearing(c.fire_canister().aim());
  CHECK(std::abs(back.get() -
                 engine::bearing(engine::Point{37.5, 22}, engine::Point{6, 42}).get()) < 0.051);
  c = command("ball marbot gun at lawford", view);
  CHECK(c.fire_ball().target() == "lawford");
  CHECK(command("ball marbot gun lawford", view).fire_ball().gun() == "gun");
  c = command("scatter vandal cover", view);
  CHECK(c.set_scatter().group() == "vandal");
  CHECK(c.set_scatter().toward_cover());
  CHECK_FALSE(command("scatter vandal away", view).set_scatter().toward_cover());
  CHECK_FALSE(SharpeUi().parse(words("dance a jig"), view));
}

TEST_CASE("Sharpe weapons by number, by kind or by default", "[cli][sharpe]") {
  const auto view = armed_view();
  auto c = command("fire f1 at f9", view);
  CHECK(c.fire().figure() == "F1");
  CHECK(c.fire().weapon() == 0);  // the loaded pistol
  CHECK(c.fire().target() == "F9");
  CHECK(command("fire F1 F9", view).fire().weapon() == 0);
  CHECK(command("fire F1 2 at F9", view).fire().weapon() == 1);
  CHECK(command("fire F1 musket F9", view).fire().weapon() == 1);
  CHECK(command("load F1", view).load().weapon() == 1);  // the first unloaded firearm
  CHECK(command("load F1 pistol", view).load().weapon() == 0);
  CHECK_FALSE(command("load F1 pistol", view).load().has_functions());  // S8: all it has
  c = command("load F1 musket 3", view);
  CHECK(c.load().weapon() == 1);
  CHECK(c.load().functions() == 3);
  CHECK(contains(error("load F1 musket 0", view), "\"0\" is not a number of functions"));
  CHECK(error("fire F1 rifle at F9", view) == "Corporal One has no rifle");
  CHECK(error("fire F1 5 at F9", view) == "Corporal One has 2 weapons, not 5");
  CHECK(contains(error("fire F1 sling at F9", view), "\"sling\" is not a weapon"));
}

TEST_CASE("a knife is thrown only when named, or when there is no firearm", "[cli][sharpe][S21]") {
  spb::View v;
  auto* f = v.add_figures();
  f->mutable_figure()->set_id("T");
  auto* musket = f->mutable_figure()->add_weapons();
  musket->set_kind(spb::MUSKET);
  musket->set_unloaded(true);  // fired last activation
  f->mutable_figure()->add_weapons()->set_kind(spb::THROWN);
  v.add_figures()->mutable_figure()->set_id("E");
  auto view = client::pack(v);
  CHECK(command("fire T E", view).fire().weapon() == 0);  // the musket: the server says unloaded
  CHECK(command("fire T knife E", view).fire().weapon() == 1);
  v.mutable_figures(0)->mutable_figure()->mutable_weapons(0)->set_out_of_action(true);
  view = client::pack(v);
  CHECK(command("fire T E", view).fire().weapon() == 1);  // no working firearm: the knife
}

TEST_CASE("malformed Sharpe lines say what is wrong", "[cli][sharpe]") {
  Village g;
  const auto view = g.any();
  CHECK(contains(error("move sharpe 10", view), "\"10\" is not a point X,Y in inches"));
  CHECK(contains(error("move sharpe", view), "usage: move FIGURE WAYPOINT..."));
  CHECK(contains(error("throw now", view), "usage: throw"));
  CHECK(contains(error("fire sharpe", view), "usage: fire FIGURE [WEAPON] [at] TARGET"));
  CHECK(contains(error("scatter vandal sideways", view), "usage: scatter GROUP cover|away"));
  CHECK(contains(error("canister marbot gun north", view), "\"north\" is not a bearing"));
  CHECK(contains(error("canister marbot gun at nowhere", view), "neither a figure nor a point"));
  CHECK(contains(error("card fly", view), "\"fly\" is no card effect"));
  CHECK(contains(error("card gain", view), "card gain needs the functions gained"));
  CHECK(contains(error("baddeck gain", view), "a gain card needs its functions"));
  CHECK(contains(error("rule wound perkins", view), "a ruling states its reason"));
  CHECK(contains(error("rule bless perkins because", view), "\"bless\" is no ruling"));
  CHECK(contains(error("rule add lawford redcoat4 Hale 12,47 musket", view),
                 "a ruling states its reason"));
  CHECK(contains(error("pause", view), "usage: pause REASON"));
  CHECK(contains(error("endgame draw", view), "needs a result and a reason"));
}

TEST_CASE("Sharpe referee lines become their commands", "[cli][sharpe]") {
  Village g;
  const auto view = g.any();
  auto c = command("card lose-half", view);
  CHECK(c.add_event_card().card().kind() == spb::EVENT_CARD);
  CHECK(c.add_event_card().card().event().effect() == spb::LOSE_HALF);
  CHECK(c.add_event_card().card().event().name() == "Lose half");
  c = command("card gain 2 Second wind", view);
  CHECK(c.add_event_card().card().event().effect() == spb::GAIN_FUNCTIONS);
  CHECK(c.add_event_card().card().event().amount() == 2);
  CHECK(c.add_event_card().card().event().name() == "Second wind");
  CHECK(command("card draw-bad", view).add_event_card().card().kind() == spb::DRAW_BAD_CARD);
  c = command("baddeck lose-half trip gain:2", view);
  REQUIRE(c.build_bad_deck().cards_size() == 3);
  CHECK(c.build_bad_deck().cards(1).effect() == spb::TRIP);
  CHECK(c.build_bad_deck().cards(2).amount() == 2);
  c = command("brief French Hold the church", view);
  CHECK(c.set_briefing().seat() == "player:french");
  CHECK(c.set_briefing().text() == "Hold the church");
  CHECK(command("brief anna Go home", view).set_briefing().seat() == "player:anna");
  c = command("rule move hagman 8,40 he slipped", view);
  CHECK(c.ruling().kind() == spb::RULING_MOVE);
  CHECK(c.ruling().figure() == "hagman");
  CHECK(c.ruling().to().x() == 8);
  CHECK(c.ruling().to().y() == 40);
  CHECK(c.ruling().reason() == "he slipped");
  CHECK(command("rule heal harper a surgeon", view).ruling().kind() == spb::RULING_HEAL);
  CHECK(command("rule remove harper deserts", view).ruling().kind() == spb::RULING_REMOVE);
  c = command("rule add Lawford redcoat4 Private Hale 12,47 musket bayonet elite from the baggage",
              view);
  CHECK(c.ruling().kind() == spb::RULING_ADD);
  CHECK(c.ruling().group() == "lawford");
  CHECK(c.ruling().added().id() == "redcoat4");
  CHECK(c.ruling().added().name() == "Private Hale");
  CHECK(c.ruling().added().pos().x() == 12);
  REQUIRE(c.ruling().added().weapons_size() == 2);
  CHECK(c.ruling().added().weapons(1).kind() == spb::BAYONET);
  CHECK(c.ruling().added().qualities().elite());
  CHECK(c.ruling().reason() == "from the baggage");
  c = command("pause the rain", view);
  CHECK(c.ruling().kind() == spb::RULING_PAUSE);
  CHECK(c.ruling().reason() == "the rain");
  CHECK(command("resume it stops", view).ruling().kind() == spb::RULING_RESUME);
  c = command("endgame British win -- the gun is taken", view);
  CHECK(c.ruling().kind() == spb::RULING_END_GAME);
  CHECK(c.ruling().result() == "British win");
  CHECK(c.ruling().reason() == "the gun is taken");
  c = command("endgame draw night falls", view);
  CHECK(c.ruling().result() == "draw");
  CHECK(c.ruling().reason() == "night falls");
}

TEST_CASE("Sharpe commands read back as the lines that make them", "[cli][sharpe]") {
  Village g;
  const auto view = g.any();
  for (const std::string line :
       {"throw",
        "end",
        "move sharpe 10,40 12.5,36",
        "crawl hagman 6,41",
        "stand hagman",
        "aim harper",
        "load sharpe 1",
        "fire sharpe 1 at voltigeur2",
        "fight harper voltigeur2",
        "hero sharpe harper",
        "loadgun gunner1 gun",
        "canister marbot gun 225",
        "ball marbot gun at lawford",
        "scatter vandal cover",
        "card gain 2 Second wind",
        "card draw-bad",
        "baddeck lose-half gain:2",
        "brief player:french Hold the church",
        "rule move hagman 8,40 he slipped",
        "rule wound perkins a tile",
        "rule add lawford redcoat4 Private Hale 12,47 musket bayonet from the baggage",
        "pause the rain",
        "resume it stops",
        "endgame British win -- the gun is taken"}) {
    INFO(line);
    const auto c = command(line, view);
    CHECK(SharpeUi().describe_command(client::pack(c)) == line);
  }
}

TEST_CASE("typed Sharpe lines are accepted by the rules", "[cli][sharpe]") {
  Village g;
  const auto typed = [&](const std::string& seat, const std::string& line) {
    INFO(seat << ": " << line);
    auto p = SharpeUi().parse(words(line), g.any(seat));
    REQUIRE(p);
    REQUIRE(p->command);
    return g.play(seat, *p->command);
  };
  CHECK(typed("referee", "brief french Hold the church") == "");
  // Added after the scenario's briefing (S12); `rebrief` replaces it.
  const std::string briefing = g.view("player:french").seats(1).briefing();
  CHECK(briefing.starts_with("Colonel's orders: the gun must not fall to the enemy."));
  CHECK(briefing.ends_with("\n\nHold the church"));
  CHECK(typed("referee", "rebrief french Take the bridge") == "");
  CHECK(g.view("player:french").seats(1).briefing() == "Take the bridge");
  CHECK(typed("referee", "card gain 2 Second wind") == "");
  CHECK(typed("referee", "baddeck lose-half trip gain:2") == "");
  CHECK(typed("referee", "rule wound perkins a roof tile") == "");
  CHECK(typed("referee", "rule move hagman 5,41 he slipped") == "");
  CHECK(typed("referee", "rule add lawford redcoat4 Private Hale 12,47 musket bayonet late") == "");
  CHECK(typed("player:french", "scatter vandal cover") == "");
  const auto order = [&](const std::string& seat) {
    const auto lines = SharpeUi().render(g.any(seat), cli::Viewer{-1, seat}, cli::Style(false));
    for (const auto& l : lines) {
      if (l.rfind("C vandal (", 0) != 0) continue;
      const auto at = l.find("scatter: ");
      return l.substr(at, l.find("  ", at) - at);  // without "  <- active"
    }
    return std::string();
  };
  CHECK(order("player:french") == "scatter: to cover");
  CHECK(order("referee") == "scatter: to cover");
  CHECK(order("player:british") == "scatter: hidden");
  CHECK(typed("referee", "pause the rain") == "");
  CHECK(typed("referee", "resume it stops") == "");
  const std::string seat = g.player_to_act();
  const std::string group = g.view(seat).active_group();
  CHECK(typed(seat, "throw") == "");
  const auto* hero = cli::sharpe_text::find_figure(g.view(seat), group);
  REQUIRE(hero);
  CHECK(typed(seat, "move " + group + " " + cli::sharpe_text::num(hero->figure().pos().x()) + "," +
                        cli::sharpe_text::num(hero->figure().pos().y() - 0.5)) == "");
  CHECK(typed(seat, "end") == "");
  CHECK(typed("referee", "endgame a draw -- night falls") == "");
  CHECK(g.view().over());
  CHECK(g.view().result() == "a draw");
}

}  // namespace grognard::clitest
