#pragma once
// Native <-> wire pieces shared by the Sharpe's Mess codec, view and scenario reader: enums,
// points, walls, weapons, figures, cards and throws. Decodes check ranges and name what is wrong
// (kInvalidArgument).

#include <string>

#include "engine/result.h"
#include "grognard/v1/sharpe.pb.h"
#include "rules/adapter/bearing.h"
#include "rules/adapter/geometry.h"
#include "rules/adapter/roll.h"
#include "rules/adapter/wire_codec.h"
#include "rules/sharpe/command.h"
#include "rules/sharpe/state.h"

namespace grognard::sharpe::wire {

namespace pb = ::grognard::v1::sharpe;
using engine::Result;

using engine::invalid;  // what is malformed: kInvalidArgument
// Enums, throws, decoding with many parts: shared by every codec (rules/adapter/wire_codec.h).
using adapter::native_enum;
using adapter::pb_enum;

// Bearings on the wire are compass bearings on the table as the schema draws it, 180 − b in
// the engine (rules/adapter/bearing.h, shared with RCW).
using adapter::engine_bearing;
using adapter::roll_from;  // throws: shared by every rule set (rules/adapter/roll.h)
using adapter::set_roll;
using adapter::wire_bearing;

using adapter::parts_from;  // points, polygons and modifiers: rules/adapter/geometry.h
using adapter::point_from;
using adapter::polygon_from;
using adapter::set_parts;
using adapter::set_point;
using adapter::set_polygon;
void set_wall(pb::Wall* out, const engine::Wall& w);
Result<engine::Wall> wall_from(const pb::Wall& w);
void set_building(pb::Building* out, const Building& b);
Result<Building> building_from(const pb::Building& b);
void set_gun(pb::Gun* out, const Gun& g);
Result<Gun> gun_from(const pb::Gun& g);

void set_weapon(pb::Weapon* out, const Weapon& w);
Result<Weapon> weapon_from(const pb::Weapon& w);
void set_qualities(pb::Qualities* out, const Qualities& q);
Qualities qualities_from(const pb::Qualities& q);
void set_figure(pb::Figure* out, const ScenarioFigure& f);
Result<ScenarioFigure> figure_from(const pb::Figure& f);

void set_event_card(pb::EventCard* out, const EventCard& c);
Result<EventCard> event_card_from(const pb::EventCard& c);
void set_card(pb::Card* out, const Card& c);
Result<Card> card_from(const pb::Card& c);

}  // namespace grognard::sharpe::wire

namespace grognard::sharpe::wire {
// Rulings appear in a command and in the Ruled event (codec_command.cpp).
void set_ruling_pb(pb::Ruling* out, const Ruling& r);
Result<Ruling> ruling_from(const pb::Ruling& r);
}  // namespace grognard::sharpe::wire

namespace grognard::sharpe::wire {
// Artillery events (codec_artillery.cpp).
void set_artillery(pb::Event& out, const GunLoading& e);
void set_artillery(pb::Event& out, const CanisterFired& e);
void set_artillery(pb::Event& out, const BallFired& e);
Result<Event> artillery_from(const pb::Event& e);
}  // namespace grognard::sharpe::wire
