#pragma once
// Fire and close assault events on the wire (codec_combat.cpp), for codec_event.cpp.
#include "rules/rcw/wire/convert.h"

namespace grognard::rcw::wire {

void set_combat(pb::Event& out, const Shot& e);
void set_combat(pb::Event& out, const AssaultMoved& e);
void set_combat(pb::Event& out, const AssaultRound& e);
void set_combat(pb::Event& out, const AssaultEnded& e);
// REQUIRES: `e` holds shot, assault_moved, assault_round or assault_ended.
Result<Event> combat_from(const pb::Event& e);

}  // namespace grognard::rcw::wire
