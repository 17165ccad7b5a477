#include "net/codec.h"

#include <google/protobuf/util/json_util.h>

#include "grognard/parse.h"
#include "grognard/v1/protocol.pb.h"

namespace grognard::net {

namespace {

std::string json_of(const v1::ServerMessage& message, std::string* error) {
  google::protobuf::util::JsonPrintOptions options;
  options.always_print_primitive_fields = false;
  std::string out;
  auto status = google::protobuf::util::MessageToJsonString(message, &out, options);
  if (!status.ok()) {
    *error = std::string(status.message());
    return {};
  }
  return out;
}

}  // namespace

std::optional<std::string> decode(std::string_view frame, Format format, v1::ClientMessage& out) {
  out.Clear();
  if (format == Format::kBinary) {
    if (!proto::parse_message(out, frame)) {
      return "malformed message: not a grognard.v1.ClientMessage in protobuf encoding";
    }
  } else {
    google::protobuf::util::JsonParseOptions options;
    options.ignore_unknown_fields = false;
    auto status = google::protobuf::util::JsonStringToMessage(frame, &out, options);
    if (!status.ok()) {
      return "malformed JSON message: " + std::string(status.message());
    }
  }
  if (out.body_case() == v1::ClientMessage::BODY_NOT_SET) {
    return "empty message: set one of the ClientMessage body fields";
  }
  return std::nullopt;
}

std::string encode(const v1::ServerMessage& message, Format format) {
  if (format == Format::kBinary) return message.SerializeAsString();
  std::string error;
  std::string out = json_of(message, &error);
  if (error.empty()) return out;
  v1::ServerMessage fallback;
  fallback.set_request_id(message.request_id());
  fallback.mutable_error()->set_code(v1::UNAVAILABLE);
  fallback.mutable_error()->set_message("the reply could not be written as JSON (" + error +
                                        "); use binary frames");
  return json_of(fallback, &error);
}

}  // namespace grognard::net
