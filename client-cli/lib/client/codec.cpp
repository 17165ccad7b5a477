#include "client/codec.h"

#include <google/protobuf/util/json_util.h>

#include "grognard/parse.h"

namespace grognard::client {

std::string encode(const v1::ClientMessage& message, Format format) {
  if (format == Format::kBinary) return message.SerializeAsString();
  std::string out;
  // Every field of ClientMessage maps to JSON; a failure here is a bug in the message.
  auto status = google::protobuf::util::MessageToJsonString(message, &out);
  if (!status.ok()) return {};
  return out;
}

Result<v1::ServerMessage> decode(std::string_view bytes, bool binary) {
  v1::ServerMessage out;
  if (binary) {
    if (!proto::parse_message(out, bytes)) {
      Failure f;
      f.kind = FailureKind::kDecode;
      f.message = "a binary frame that is not a grognard.v1.ServerMessage";
      return f;
    }
    return out;
  }
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = true;
  auto status = google::protobuf::util::JsonStringToMessage(bytes, &out, options);
  if (!status.ok()) {
    Failure f;
    f.kind = FailureKind::kDecode;
    f.message =
        "a text frame that is not a ServerMessage in JSON: " + std::string(status.message()) +
        ": " + std::string(bytes.substr(0, 200));
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
  }
  return f.message;
}

}  // namespace grognard::client
