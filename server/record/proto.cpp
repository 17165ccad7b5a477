#include "record/proto.h"

#include <memory>

#include "engine/utf8.h"

namespace grognard::record {

void pack_any(google::protobuf::Any* any, const std::string& full_name, const std::string& bytes) {
  any->set_type_url("type.googleapis.com/" + full_name);
  any->set_value(bytes);
}

engine::Result<std::string> unpack_any(const google::protobuf::Any& any,
                                       const std::string& full_name) {
  const std::string& url = any.type_url();
  const auto slash = url.rfind('/');
  const std::string type = slash == std::string::npos ? url : url.substr(slash + 1);
  if (type != full_name) {
    return engine::Error{engine::ErrorCode::kInvalidArgument, "",
                         "expected a " + full_name + ", got \"" + engine::shown(type) + "\""};
  }
  return any.value();
}

engine::Status canonical_any(google::protobuf::Any& any) {
  namespace gp = ::google::protobuf;
  const std::string_view url = any.type_url();
  const std::string type(url.substr(url.rfind('/') + 1));
  const gp::Descriptor* d = gp::DescriptorPool::generated_pool()->FindMessageTypeByName(type);
  if (d == nullptr) {
    return engine::Error{engine::ErrorCode::kInvalidArgument, "",
                         "of type " + engine::shown(type) + ", which this build does not know"};
  }
  std::unique_ptr<gp::Message> m(gp::MessageFactory::generated_factory()->GetPrototype(d)->New());
  if (!m->ParseFromString(any.value())) {
    return engine::Error{engine::ErrorCode::kInvalidArgument, "", "not a " + d->full_name()};
  }
  any.set_value(m->SerializeAsString());
  // Readers find the type after the last '/', whatever comes before it; the JSON printer
  // refuses any prefix but its own.
  any.set_type_url("type.googleapis.com/" + d->full_name());
  return engine::ok_status();
}

}  // namespace grognard::record
