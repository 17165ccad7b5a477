#pragma once
// Native <-> wire pieces shared by the RCW codec, view and scenario reader: enums, points,
// polygons, terrain, lines, zones, objectives, units as they stand, throws and modifiers.
// Decodes check ranges and name what is wrong (kInvalidArgument). Points cross unchanged and
// bearings are mirrored (rules/adapter/bearing.h, docs/protocol.md).

#include <optional>
#include <string>
#include <vector>

#include "engine/result.h"
#include "grognard/v1/rcw.pb.h"
#include "rules/adapter/bearing.h"
#include "rules/adapter/geometry.h"
#include "rules/adapter/roll.h"
#include "rules/adapter/wire_codec.h"
#include "rules/rcw/command.h"
#include "rules/rcw/state.h"

namespace grognard::rcw::wire {

namespace pb = ::grognard::v1::rcw;
using engine::Result;

using engine::invalid;  // what is malformed: kInvalidArgument
// Enums, throws, decoding with many parts: shared by every codec (rules/adapter/wire_codec.h).
using adapter::native_enum;
using adapter::pb_enum;
inline constexpr int kUnitTypes = 11;
inline constexpr int kTrainings = 3;
inline constexpr int kArmaments = 2;
inline constexpr int kTerrainKinds = 5;
inline constexpr int kCovers = 4;
inline constexpr int kActionKinds = 5;
inline constexpr int kOutcomes = 3;
inline constexpr int kAssaultEnds = 5;

using adapter::engine_bearing;
using adapter::roll_from;
using adapter::set_roll;
using adapter::wire_bearing;

using adapter::point_from;  // points, polygons and modifiers: rules/adapter/geometry.h
using adapter::polygon_from;
using adapter::set_point;
using adapter::set_polygon;
// "" -> none
std::optional<UnitId> maybe_id(const std::string& id);

void set_terrain(pb::TerrainPiece* out, const TerrainPiece& t);
Result<TerrainPiece> terrain_from(const pb::TerrainPiece& t);
void set_line(pb::Line* out, const Line& l);
Line line_from(const pb::Line& l);
void set_zone(pb::Zone* out, const Zone& z);
void set_objective(pb::Objective* out, const Objective& o);
void set_side(pb::Side* out, const SideInfo& s);

// A unit as it stands (UnitsRevealed, views). Views add the cover class themselves.
void set_unit(pb::UnitState* out, const Unit& u);
Result<Unit> unit_from(const pb::UnitState& u);

using adapter::parts_from;
using adapter::set_parts;

// Decoding messages with many parts, saves included: each read keeps the first error met.
struct Reader : adapter::Reader {
  Save save(const pb::Save& s);
  std::vector<Save> saves(const google::protobuf::RepeatedPtrField<pb::Save>& ss);
};

void set_save(pb::Save* out, const Save& s);

}  // namespace grognard::rcw::wire
