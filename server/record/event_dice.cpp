#include "record/event_dice.h"

#include <memory>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>

#include "grognard/v1/dice.pb.h"

namespace grognard::record {
namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;

void collect(const Message& m, std::vector<engine::Roll>& out) {
  const auto* roll_type = v1::Roll::descriptor();
  if (m.GetDescriptor() == roll_type) {
    const auto* r = m.GetReflection();
    const auto* d = m.GetDescriptor();
    out.push_back(engine::Roll{
        r->GetUInt64(m, d->FindFieldByNumber(v1::Roll::kNFieldNumber)),
        static_cast<int>(r->GetUInt32(m, d->FindFieldByNumber(v1::Roll::kSidesFieldNumber))),
        static_cast<int>(r->GetUInt32(m, d->FindFieldByNumber(v1::Roll::kFaceFieldNumber)))});
    return;
  }
  const auto* reflection = m.GetReflection();
  std::vector<const FieldDescriptor*> fields;
  reflection->ListFields(m, &fields);  // set fields, by number
  for (const FieldDescriptor* f : fields) {
    if (f->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE) continue;
    if (f->is_repeated()) {
      for (int i = 0; i < reflection->FieldSize(m, f); ++i) {
        collect(reflection->GetRepeatedMessage(m, f, i), out);
      }
    } else {
      collect(reflection->GetMessage(m, f), out);
    }
  }
}

}  // namespace

engine::Result<std::vector<engine::Roll>> rolls_in(const engine::Ruleset& rs,
                                                   const std::string& payload) {
  const std::string type = rs.wire_types().event;
  const auto* descriptor =
      google::protobuf::DescriptorPool::generated_pool()->FindMessageTypeByName(type);
  if (descriptor == nullptr) {
    return engine::Error{engine::ErrorCode::kFailedPrecondition, "",
                         "the event type " + type + " is not linked into this program"};
  }
  std::unique_ptr<Message> event(
      google::protobuf::MessageFactory::generated_factory()->GetPrototype(descriptor)->New());
  if (!event->ParseFromString(payload)) {
    return engine::Error{engine::ErrorCode::kInvalidArgument, "", "not a " + type + " message"};
  }
  std::vector<engine::Roll> out;
  collect(*event, out);
  return out;
}

}  // namespace grognard::record
