#pragma once
// Bearings on the wire, shared by every rule set measured on a plane (docs/protocol.md): the
// wire gives compass bearings on the table as drawn (y grows south, so 0 = north = toward
// y = 0, 90 = east), while engine/plane.h measures them with y growing north. Points cross
// unchanged; the table is the engine's mirrored top to bottom, so a bearing b on the wire is
// 180 − b in the engine (the same formula both ways: engine::mirrored_bearing).

#include "engine/plane.h"

namespace grognard::adapter {

inline double wire_bearing(engine::Degrees engine_bearing) {
  return engine::mirrored_bearing(engine_bearing).get();
}

inline engine::Degrees engine_bearing(double wire_bearing) {
  return engine::mirrored_bearing(engine::Degrees(wire_bearing));
}

}  // namespace grognard::adapter
