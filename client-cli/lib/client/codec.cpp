#include "client/codec.h"

#include <utility>

namespace grognard::client {

Result<v1::ServerMessage> decode(std::string_view bytes, bool binary) {
  v1::ServerMessage out;
  if (auto error = proto::decode(bytes, proto::format_of(binary), out)) {
    Failure f;
    f.kind = FailureKind::kDecode;
    f.message = std::move(error->message);
    return f;
  }
  return out;
}

google::protobuf::Any pack(const google::protobuf::Message& message) {
  google::protobuf::Any any;
  any.PackFrom(message);
  return any;
}

std::string summary(const v1::ServerMessage& message) {
  const auto* field =
      v1::ServerMessage::descriptor()->FindFieldByNumber(static_cast<int>(message.body_case()));
  std::string out = field ? field->name() : "(empty)";
  out += " #" + std::to_string(message.request_id());
  if (message.has_error()) {
    out += " " + v1::Code_Name(message.error().code());
    if (!message.error().clause().empty()) out += " [" + message.error().clause() + "]";
    out += ": " + message.error().message();
  }
  return out;
}

std::string describe(const Failure& f) {
  switch (f.kind) {
    case FailureKind::kTimeout:
      return "timeout: " + f.message;
    case FailureKind::kClosed:
      return "closed: " + f.message;
    case FailureKind::kIo:
      return "I/O error: " + f.message;
    case FailureKind::kDecode:
      return "undecodable frame: " + f.message;
    case FailureKind::kServer:
      return "server error " + v1::Code_Name(f.code) +
             (f.clause.empty() ? "" : " [" + f.clause + "]") + ": " + f.message;
    case FailureKind::kUnexpected:
      return "unexpected answer: " + f.message;
    case FailureKind::kRefused:
      return "refused (HTTP " + std::to_string(f.http_status) + "): " + f.message;
    case FailureKind::kTls:
      return "TLS: " + f.message;
  }
  return f.message;
}

}  // namespace grognard::client
