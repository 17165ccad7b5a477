#pragma once
// Whether a rule set's wire message holds a thrown die anywhere in it: every rule set copies
// each throw into the event that used it as a grognard.v1.Roll (engine/dice.h), so an event
// that holds none threw no dice.

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>

#include "grognard/v1/dice.pb.h"

namespace grognard::adapter {

inline bool holds_roll(const google::protobuf::Message& m) {
  using google::protobuf::FieldDescriptor;
  const auto* reflection = m.GetReflection();
  std::vector<const FieldDescriptor*> fields;
  reflection->ListFields(m, &fields);
  for (const FieldDescriptor* f : fields) {
    if (f->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE) continue;
    if (f->message_type() == grognard::v1::Roll::descriptor()) return true;
    if (!f->is_repeated()) {
      if (holds_roll(reflection->GetMessage(m, f))) return true;
      continue;
    }
    for (int i = 0; i < reflection->FieldSize(m, f); ++i) {
      if (holds_roll(reflection->GetRepeatedMessage(m, f, i))) return true;
    }
  }
  return false;
}

}  // namespace grognard::adapter
