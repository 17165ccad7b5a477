#include "rcw_intro.h"

#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <map>

#include <catch2/catch.hpp>

namespace grognard::e2e {

namespace {

struct Place {
  std::string id;
  double x, y, facing;
};

// Hidden: R1 in the birch copse; W1 and W3 in Pokrovka (W3 first elsewhere in the village, then
// placed again). In the open: the rest. The odd figures make the needles unmistakable.
const std::vector<Place> kReds = {{"R-HQ", 17.0, 18.5, 10},
                                  {"R1", 9.17, 16.83, 13.25},
                                  {"R2", 28.5, 19.25, 0},
                                  {"R3", 19.5, 17.0, 15}};
const Place kW3First{"W3", 27.11, 7.93, 163.5};
const std::vector<Place> kWhites = {{"W-HQ", 10.5, 4.0, 180},
                                    {"W1", 23.37, 6.41, 187.25},
                                    {"W2", 15.0, 7.0, 100},
                                    kW3First,
                                    {"W3", 26.63, 4.29, 172.75}};

rcw::Command place(const Place& p) {
  rcw::Command c;
  c.mutable_deploy()->set_unit(p.id);
  c.mutable_deploy()->mutable_pos()->set_x(p.x);
  c.mutable_deploy()->mutable_pos()->set_y(p.y);
  c.mutable_deploy()->set_facing(p.facing);
  return c;
}

rcw::Command activate(const std::string& unit, rcw::ActionKind a, rcw::ActionKind b) {
  rcw::Command c;
  c.mutable_activate()->set_unit(unit);
  c.mutable_activate()->set_first(a);
  c.mutable_activate()->set_second(b);
  return c;
}

rcw::Command skip() {
  rcw::Command c;
  c.mutable_skip_action();
  return c;
}

rcw::Command carry() {
  rcw::Command c;
  c.mutable_carry_out();
  return c;
}

bool sees(const Watcher& w, const std::string& id) {
  REQUIRE(w.view.has_value());
  return std::any_of(w.view->units().begin(), w.view->units().end(),
                     [&](const rcw::UnitState& u) { return u.id() == id; });
}

// The listed Activate of `unit` with actions (a, b), else the first listed whose actions are
// among `allowed`.
std::optional<rcw::Command> pick_activation(const std::vector<rcw::Command>& legal,
                                            const std::string& unit, rcw::ActionKind a,
                                            rcw::ActionKind b,
                                            const std::vector<rcw::ActionKind>& allowed) {
  std::optional<rcw::Command> fallback;
  for (const rcw::Command& c : legal) {
    if (!c.has_activate() || c.activate().unit() != unit) continue;
    if (c.activate().first() == a && c.activate().second() == b) return c;
    auto ok = [&](rcw::ActionKind k) {
      return std::find(allowed.begin(), allowed.end(), k) != allowed.end();
    };
    if (!fallback && ok(c.activate().first()) && ok(c.activate().second())) fallback = c;
  }
  return fallback;
}

// A listed ShootOrder at `target`, else SkipAction.
rcw::Command shoot_or_skip(const std::vector<rcw::Command>& legal, const std::string& target) {
  for (const rcw::Command& c : legal) {
    if (c.has_shoot() && c.shoot().target() == target) return c;
  }
  return skip();
}

bool names(const rcw::UnitsRevealed& r, const std::string& id) {
  return std::any_of(r.units().begin(), r.units().end(),
                     [&](const rcw::UnitState& u) { return u.id() == id; });
}

}  // namespace

Intro::Intro(Watcher& reds, Watcher& whites, std::vector<Watcher*> all)
    : reds_(reds), whites_(whites), all_(std::move(all)) {
  const std::map<std::string, std::string> name = {
      {"R1", "1st Red Guards company"}, {"W1", "Officers' company"}, {"W3", "Maxim gun team"}};
  auto add = [&](const Place& p, int side) {
    secrets_.push_back(Secret{p.id, name.at(p.id), side, p.x, p.y, p.facing,
                              needles_of(p.id, name.at(p.id), p.x, p.y, p.facing)});
  };
  add(kReds[1], 0);
  add(kWhites[1], 1);
  add(kW3First, 1);
  add(kWhites[4], 1);
}

std::vector<Watcher*> Intro::others(int side) const {
  std::vector<Watcher*> out;
  for (Watcher* w : all_) {
    if (w->seat != "side:" + std::to_string(side)) out.push_back(w);
  }
  return out;
}

v1::CommandResult Intro::act(Watcher& w, const rcw::Command& c) {
  return send(w, c, all_);
}

void Intro::skip_rest(Watcher& w, const std::string& unit, int side, bool carry_out) {
  for (int i = 0; i < 3 && w.view->has_active() && w.view->active().unit() == unit; ++i) {
    const auto r = act(w, carry_out ? carry() : skip());
    for (std::uint64_t s = r.first_seq(); s <= r.last_seq(); ++s) hidden_.emplace_back(side, s);
  }
  REQUIRE_FALSE((w.view->has_active() && w.view->active().unit() == unit));
}

void Intro::deploy() {
  for (std::size_t i = 0; i < std::max(kReds.size(), kWhites.size()); ++i) {
    for (int side = 0; side < 2; ++side) {
      const auto& places = side == 0 ? kReds : kWhites;
      if (i >= places.size()) continue;
      const auto r = act(general(side), place(places[i]));
      REQUIRE(r.first_seq() == r.last_seq());  // UnitDeployed, for its own side only
      hidden_.emplace_back(side, r.first_seq());
    }
  }
  rcw::Command confirm;
  confirm.mutable_confirm_deployment();
  act(reds_, confirm);
  act(whites_, confirm);
  for (Watcher* w : all_) {
    INFO(w->label);
    REQUIRE(w->view->phase() == rcw::PLAY);
    const bool red = w == &reds_, white = w == &whites_;
    for (const char* open : {"R-HQ", "R2", "R3", "W-HQ", "W2"}) CHECK(sees(*w, open));
    CHECK(sees(*w, "R1") == red);  // R10: hidden in the copse
    CHECK(sees(*w, "W1") == white);
    CHECK(sees(*w, "W3") == white);
  }
}

void Intro::turn_one_reds() {
  REQUIRE(reds_.acting == std::vector<std::string>{"side:0"});
  // R17: the cavalry rides for the village and stops where it comes within 3" of W1.
  act(reds_, activate("R3", rcw::MOVE, rcw::SHOOT));
  rcw::Command move;
  auto* wp = move.mutable_move()->add_waypoints();
  wp->set_x(23.0);
  wp->set_y(8.5);
  move.mutable_move()->set_facing(12);
  const auto moved = act(reds_, move);
  bool stopped = false;
  for (const v1::GameEvent& e : reds_.events) {
    if (e.seq() < moved.first_seq()) continue;
    const rcw::Event ev = rules_event(e);
    stopped =
        stopped || (ev.has_moved() && ev.moved().unit() == "R3" && ev.moved().stopped_by() == "W1");
    w1_revealed_ = w1_revealed_ || (ev.has_units_revealed() && names(ev.units_revealed(), "W1"));
  }
  CHECK(stopped);
  CHECK(w1_revealed_);
  for (Watcher* w : all_) CHECK(sees(*w, "W1"));
  act(reds_, shoot_or_skip(legal_commands(reds_), "W1"));

  // R20: the company in the copse activates and forgoes both actions, unseen.
  const auto r1 = pick_activation(legal_commands(reds_), "R1", rcw::SHOOT, rcw::SHOOT,
                                  {rcw::SHOOT, rcw::LIMBER, rcw::RALLY});
  REQUIRE(r1.has_value());
  const auto a = act(reds_, *r1);
  for (std::uint64_t s = a.first_seq(); s <= a.last_seq(); ++s) hidden_.emplace_back(0, s);
  skip_rest(reds_, "R1", 0);
  CHECK_FALSE(sees(whites_, "R1"));

  rcw::Command end;
  end.mutable_end_turn();
  act(reds_, end);
  REQUIRE(whites_.acting == std::vector<std::string>{"side:1"});
}

void Intro::turn_one_whites() {
  // R9, R20: the machine gun packs (and deploys again) unseen: Limber does not reveal.
  const auto w3 = pick_activation(legal_commands(whites_), "W3", rcw::LIMBER, rcw::LIMBER,
                                  {rcw::LIMBER, rcw::SHOOT, rcw::RALLY});
  REQUIRE(w3.has_value());
  CHECK(w3->activate().first() == rcw::LIMBER);
  const auto a = act(whites_, *w3);
  for (std::uint64_t s = a.first_seq(); s <= a.last_seq(); ++s) hidden_.emplace_back(1, s);
  skip_rest(whites_, "W3", 1, true);  // R48: each Limber of a hidden unit waits for its order
  bool limbered = false;
  for (const v1::GameEvent& e : whites_.events) {
    if (e.seq() >= a.first_seq() && e.has_rules()) {
      limbered = limbered || rules_event(e).has_limbered();
    }
  }
  CHECK(limbered);
  for (Watcher* w : others(1)) CHECK_FALSE(sees(*w, "W3"));

  // A company in the open shoots at the cavalry (8" away, in its front arc).
  const auto w2 = pick_activation(legal_commands(whites_), "W2", rcw::SHOOT, rcw::SHOOT, {});
  REQUIRE(w2.has_value());
  const auto first = act(whites_, *w2);
  for (int i = 0; i < 2 && whites_.view->has_active(); ++i) {
    act(whites_, shoot_or_skip(legal_commands(whites_), "R3"));
  }
  bool shot = false;
  for (const v1::GameEvent& e : reds_.events) {
    if (e.seq() >= first.first_seq() && e.has_rules()) {
      const rcw::Event ev = rules_event(e);
      shot = shot || (ev.has_shot() && ev.shot().firer() == "W2" && ev.shot().target() == "R3");
    }
  }
  CHECK(shot);
  rcw::Command end;
  end.mutable_end_turn();
  act(whites_, end);
  REQUIRE(reds_.acting == std::vector<std::string>{"side:0"});
  CHECK_FALSE(sees(whites_, "R1"));
}

void Intro::concede() {
  rcw::Command c;
  c.mutable_concede();
  const auto r = act(reds_, c);
  for (const v1::GameEvent& e : reds_.events) {
    if (e.seq() < r.first_seq() || !e.has_rules()) continue;
    const rcw::Event ev = rules_event(e);
    if (ev.has_game_ended()) {
      end_seq_ = e.seq();
      CHECK(ev.game_ended().winner() == 1);
    }
  }
  REQUIRE(end_seq_ > 0);
  // The closing system note, with the seed, follows the rules' last event.
  for (Watcher* w : all_) {
    auto closed = [w] {
      return std::any_of(w->events.begin(), w->events.end(), [](const v1::GameEvent& e) {
        return e.has_system() && !e.system().seed().empty();
      });
    };
    for (int i = 0; i < 20 && !closed(); ++i) catch_up(*w, w->last_seq + 1);
    INFO(w->label);
    REQUIRE(closed());
  }
}

}  // namespace grognard::e2e
