#pragma once
// Points, polygons and the modifiers of a throw on the wire: grognard.v1.Point, Polygon and
// Modifier (proto/grognard/v1/geometry.proto) <-> engine::Point, engine::Polygon and
// engine::Modifier, shared by every rule set measured on a table. Points cross unchanged (the
// bearings between them do not: rules/adapter/bearing.h).

#include <vector>

#include "engine/dice.h"
#include "engine/plane.h"
#include "engine/sight.h"
#include "grognard/v1/geometry.pb.h"

namespace grognard::adapter {

inline void set_point(grognard::v1::Point* out, engine::Point p) {
  out->set_x(p.x);
  out->set_y(p.y);
}

inline engine::Point point_from(const grognard::v1::Point& p) {
  return engine::Point{p.x(), p.y()};
}

inline void set_polygon(grognard::v1::Polygon* out, const engine::Polygon& p) {
  for (engine::Point v : p.vertices) set_point(out->add_vertices(), v);
}

inline engine::Polygon polygon_from(const grognard::v1::Polygon& p) {
  engine::Polygon out;
  for (const grognard::v1::Point& v : p.vertices()) out.vertices.push_back(point_from(v));
  return out;
}

// A throw's modifiers one by one, in order.
inline void set_parts(google::protobuf::RepeatedPtrField<grognard::v1::Modifier>* out,
                      const std::vector<engine::Modifier>& parts) {
  for (const engine::Modifier& p : parts) {
    grognard::v1::Modifier* m = out->Add();
    m->set_name(p.name);
    m->set_value(p.value);
  }
}

inline std::vector<engine::Modifier> parts_from(
    const google::protobuf::RepeatedPtrField<grognard::v1::Modifier>& in) {
  std::vector<engine::Modifier> out;
  for (const grognard::v1::Modifier& m : in) out.push_back(engine::Modifier{m.name(), m.value()});
  return out;
}

}  // namespace grognard::adapter
