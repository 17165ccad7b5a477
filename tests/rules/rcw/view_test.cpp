// What each viewer sees of an RCW game (R19, R20): a concealed unit is absent from the enemy's
// and observers' views, and each event about it reaches them as the empty placeholder
// `hidden`; its own side sees all of it, and so does everyone once the game has ended.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "fixture.h"
#include "rules/rcw/wire/codec.h"
#include "rules/rcw/wire/ruleset.h"

namespace {

using namespace rcw_test;  // NOLINT: test code reads like the rules
namespace wire = grognard::rcw::wire;
using engine::Role;
using engine::Viewer;

const Viewer kReds{Role::kGeneral, "side:0", false};
const Viewer kWhites{Role::kGeneral, "side:1", false};
const Viewer kObserver{Role::kObserver, "", false};
const Viewer kArchive{Role::kObserver, "", true};  // an ended game's archive

// R1 hides in the wood, its HQ within 12" (no command throw); the Whites stand in the open.
Scenario skirmish() {
  return ScenarioBuilder()
      .unit("R-HQ", 0, UnitType::kHq, {20, 22}, 0)
      .unit("R1", 0, UnitType::kInfantry, {20, 30}, 90)
      .unit("R-MOR", 0, UnitType::kMortar, {10, 10}, 0)
      .unit("W1", 1, UnitType::kInfantry, {45, 30}, 270)
      .unit("W-HQ", 1, UnitType::kHq, {60, 40}, 270)
      .woods(16, 26, 26, 34)
      .objective("crossroads", {36, 24});
}

// The skirmish begun, R1 concealed in its wood (R10).
TestGame hidden_r1() {
  TestGame g(skirmish());
  g.conceal("R1");
  return g;
}

std::vector<std::string> unit_ids(const wire::pb::View& v) {
  std::vector<std::string> out;
  for (const auto& u : v.units()) out.push_back(u.id());
  return out;
}

bool has(const std::vector<std::string>& ids, const std::string& id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

// Decides `c` on the game and folds it, returning what `viewer` receives of each event.
std::vector<wire::pb::Event> play(TestGame& g, const std::string& seat, const Command& c,
                                  const std::vector<Viewer>& viewers,
                                  std::vector<std::vector<wire::pb::Event>>& seen,
                                  std::vector<int> faces = {}) {
  ScriptedDice dice(std::move(faces));
  auto events = decide(g.state, seat, c, dice);
  INFO((events.ok() ? "" : describe(events.error())));
  REQUIRE(events.ok());
  std::vector<wire::pb::Event> raw;
  seen.assign(viewers.size(), {});
  for (const Event& e : *events) {
    for (std::size_t i = 0; i < viewers.size(); ++i) {
      seen[i].push_back(wire::view_of(g.state, e, viewers[i]));
    }
    raw.push_back(wire::to_pb(e));
    apply(g.state, e);
  }
  return raw;
}

}  // namespace

TEST_CASE("a concealed unit is absent from the enemy's and observers' views",
          "[rcw.wire.view][R20]") {
  const TestGame g = hidden_r1();
  const auto reds = wire::to_view(g.state, kReds);
  const auto whites = wire::to_view(g.state, kWhites);
  const auto observer = wire::to_view(g.state, kObserver);
  const auto archive = wire::to_view(g.state, kArchive);

  CHECK(has(unit_ids(reds), "R1"));
  CHECK_FALSE(has(unit_ids(whites), "R1"));
  CHECK_FALSE(has(unit_ids(observer), "R1"));
  CHECK(has(unit_ids(archive), "R1"));
  for (const auto* v : {&reds, &whites, &observer, &archive}) {
    CHECK(has(unit_ids(*v), "W1"));
    CHECK(has(unit_ids(*v), "R-HQ"));
    CHECK(v->terrain_size() == 1);
    CHECK(v->objectives_size() == 1);
    CHECK(v->phase() == wire::pb::PLAY);
    CHECK(v->turn() == 1);
    CHECK(v->turns() == 8);
    CHECK(v->sides(1).name() == "Whites");
  }
  // Its own side sees it, marked as unseen by the enemy, in the wood's cover.
  for (const auto& u : reds.units()) {
    if (u.id() != "R1") continue;
    CHECK(u.concealed());
    CHECK(u.type() == wire::pb::INFANTRY);
    CHECK(u.cover() == wire::pb::OBSCURED);
    CHECK(u.facing() == Approx(90));
    CHECK(u.pos().x() == 20);
  }
  CHECK(reds.viewer_side() == 0);
  CHECK(whites.viewer_side() == 1);
  CHECK_FALSE(observer.has_viewer_side());
}

TEST_CASE("a fixed unit in woods is in every view, marked unspotted",
          "[rcw.wire.view][sec.9][R19][R49]") {
  TestGame g(skirmish());  // R1 is fixed by the scenario in its wood
  for (const Viewer& viewer : {kReds, kWhites, kObserver}) {
    const auto view = wire::to_view(g.state, viewer);
    INFO(viewer.seat);
    bool found = false;
    for (const auto& u : view.units()) {
      if (u.id() != "R1") continue;
      found = true;
      CHECK(u.unspotted());
      CHECK_FALSE(u.concealed());
    }
    CHECK(found);
  }
  g.spot("R1");
  const auto whites = wire::to_view(g.state, kWhites);
  for (const auto& u : whites.units()) CHECK_FALSE(u.unspotted());
}

TEST_CASE("a concealed unit's activation reaches the enemy and observers as placeholders",
          "[rcw.wire.view][R20]") {
  TestGame g = hidden_r1();
  const std::vector<Viewer> viewers = {kReds, kWhites, kObserver, kArchive};
  std::vector<std::vector<wire::pb::Event>> seen;
  // R47: a concealed unit throws the command die even where it does not count.
  auto raw = play(g, kSide0, activate("R1", kMove, kMove), viewers, seen, {6});
  REQUIRE(raw.size() == 2);
  CHECK(raw[0].has_activated());
  CHECK(raw[1].has_command_thrown());
  CHECK(seen[0][0].has_activated());  // the Reds
  CHECK(seen[1][0].has_hidden());     // the Whites
  CHECK(seen[2][0].has_hidden());     // an observer
  CHECK(seen[3][0].has_activated());  // the archive of the ended game
  CHECK(seen[1][0].SerializeAsString() == seen[2][0].SerializeAsString());
  CHECK(seen[0][1].has_command_thrown());
  CHECK(seen[1][1].has_hidden());
  CHECK(seen[2][1].has_hidden());

  // The open activation is shown only to those who see its unit.
  CHECK(wire::to_view(g.state, kReds).active().unit() == "R1");
  CHECK(wire::to_view(g.state, kReds).active().first() == wire::pb::MOVE);
  CHECK_FALSE(wire::to_view(g.state, kWhites).has_active());
  CHECK_FALSE(wire::to_view(g.state, kObserver).has_active());

  // Forgoing both moves: every event stays hidden, one placeholder for each (sequence numbers
  // stay contiguous), and not one byte names the unit.
  for (int i = 0; i < 2; ++i) {
    raw = play(g, kSide0, SkipAction{}, viewers, seen);
    REQUIRE(seen[1].size() == raw.size());
    for (std::size_t k = 0; k < raw.size(); ++k) {
      const bool about_r1 = raw[k].has_action_skipped() || raw[k].has_activation_ended();
      INFO(raw[k].ShortDebugString());
      CHECK(seen[0][k].SerializeAsString() == raw[k].SerializeAsString());
      CHECK(seen[3][k].SerializeAsString() == raw[k].SerializeAsString());
      CHECK(seen[1][k].has_hidden() == about_r1);
      CHECK(seen[2][k].has_hidden() == about_r1);
      CHECK(seen[1][k].SerializeAsString().find("R1") == std::string::npos);
    }
  }
  CHECK(g.unit("R1").concealed);  // nothing it did revealed it
}

TEST_CASE("a secret placement reaches its own side only", "[rcw.wire.view][R19][R20]") {
  Scenario s = ScenarioBuilder()
                   .unplaced("R2", 0, UnitType::kInfantry)
                   .unit("W1", 1, UnitType::kInfantry, {45, 30}, 270)
                   .zone(0, rect(0, 0, 72, 10));
  TestGame g(s);
  REQUIRE(g.state.phase == Phase::kDeploy);
  std::vector<std::vector<wire::pb::Event>> seen;
  auto raw = play(g, kSide0, deploy("R2", {30, 5}, 0), {kReds, kWhites, kObserver}, seen);
  REQUIRE(raw.size() == 1);
  CHECK(seen[0][0].has_unit_deployed());
  CHECK(seen[1][0].has_hidden());
  CHECK(seen[2][0].has_hidden());
  CHECK_FALSE(has(unit_ids(wire::to_view(g.state, kWhites)), "R2"));
  CHECK(has(unit_ids(wire::to_view(g.state, kReds)), "R2"));
}

TEST_CASE("an observer the enemy does not see is left out of the shot",
          "[rcw.wire.view][R20][R27]") {
  TestGame g = hidden_r1();
  const Shot shot{
      UnitId{"R-MOR"},   UnitId{"W1"}, UnitId{"R1"}, 36.4, Cover::kOpen, 4, {}, 0, {}, true,
      Outcome::kNoEffect};
  CHECK(wire::view_of(g.state, shot, kReds).shot().observer() == "R1");
  CHECK(wire::view_of(g.state, shot, kWhites).shot().observer().empty());
  CHECK(wire::view_of(g.state, shot, kWhites).shot().target() == "W1");
  CHECK(wire::view_of(g.state, shot, kObserver).shot().observer().empty());
  CHECK(wire::view_of(g.state, shot, kArchive).shot().observer() == "R1");
}

TEST_CASE("after the end everyone sees everything", "[rcw.wire.view][R20]") {
  TestGame g = hidden_r1();
  std::vector<std::vector<wire::pb::Event>> seen;
  play(g, kSide0, Concede{}, {kWhites, kObserver}, seen);
  REQUIRE(g.state.phase == Phase::kOver);
  for (const Viewer& v : {kWhites, kObserver}) {
    const auto view = wire::to_view(g.state, v);
    CHECK(has(unit_ids(view), "R1"));
    CHECK(view.over());
    CHECK(view.winner() == 1);  // the Reds conceded
    CHECK_FALSE(view.result().empty());
    // An event folded after the end is read whole too.
    CHECK(wire::view_of(g.state, Activated{UnitId{"R1"}, kMove, kMove}, v).has_activated());
  }
}

TEST_CASE("the rule set hides through bytes and publishes the hash of what both sides see",
          "[rcw.wire.view][R20]") {
  auto ruleset = wire::make_rcw_ruleset();
  TestGame g = hidden_r1();
  const wire::RcwGameState gs(g.state);
  const std::string bytes = wire::Codec::serialize(Event{Activated{UnitId{"R1"}, kMove, kShoot}});
  auto to_whites = ruleset->view_event(gs, bytes, kWhites);
  REQUIRE(to_whites.has_value());
  wire::pb::Event e;
  REQUIRE(e.ParseFromString(*to_whites));
  CHECK(e.has_hidden());
  CHECK(ruleset->view_event(gs, bytes, kReds) == bytes);

  wire::pb::View whites;
  REQUIRE(whites.ParseFromString(ruleset->view(gs, kWhites)));
  CHECK_FALSE(has(unit_ids(whites), "R1"));

  CHECK(ruleset->hash(gs) == public_hash(g.state));
  CHECK(ruleset->full_hash(gs) == full_hash(g.state));
  CHECK(ruleset->hash(gs) != ruleset->full_hash(gs));  // R1's place is a secret
  CHECK(ruleset->hash(gs) == full_hash(seen_by(g.state, observer())));

  const engine::ToAct to_act = ruleset->to_act(gs);
  CHECK(to_act.summary == "Turn 1 of 8, Reds: activate units");
  CHECK(to_act.seats == std::vector<std::string>{"side:0"});
}

TEST_CASE("a side's briefing reaches its own general only, and everyone once the game is over",
          "[rcw.wire.view][R54][R20]") {
  ScenarioBuilder b;
  b.unit("R1", 0, UnitType::kInfantry, {10, 10}).unit("W1", 1, UnitType::kInfantry, {60, 40});
  b.get().sides[0].briefing = "Take the station by nightfall.";
  b.get().sides[1].briefing = "Hold the bridge; the train comes at dawn.";
  TestGame g(b);
  const auto reds = wire::to_view(g.state, kReds);
  const auto whites = wire::to_view(g.state, kWhites);
  const auto observer = wire::to_view(g.state, kObserver);
  CHECK(reds.sides(0).briefing() == "Take the station by nightfall.");
  CHECK(reds.sides(1).briefing().empty());
  CHECK(whites.sides(0).briefing().empty());
  CHECK(whites.sides(1).briefing() == "Hold the bridge; the train comes at dawn.");
  CHECK(observer.sides(0).briefing().empty());
  CHECK(observer.sides(1).briefing().empty());
  CHECK(observer.sides(1).name() == "Whites");
  // The published hash is recomputed from an observer's view: it covers no briefing.
  CHECK(public_hash(g.state) == full_hash(seen_by(g.state, rcw_test::observer())));
  CHECK(seen_by(g.state, rcw_test::observer()).sides[0].briefing.empty());
  CHECK(public_hash(g.state) != full_hash(g.state));
  std::vector<std::vector<wire::pb::Event>> seen;
  play(g, kSide0, Concede{}, {kObserver}, seen);
  const auto after = wire::to_view(g.state, kObserver);
  CHECK(after.sides(0).briefing() == "Take the station by nightfall.");
  CHECK(after.sides(1).briefing() == "Hold the bridge; the train comes at dawn.");
}
