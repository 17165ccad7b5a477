#include "grognard/codec.h"

#include <charconv>
#include <climits>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/json_util.h>

#include "engine/utf8.h"
#include "grognard/json_depth.h"
#include "grognard/parse.h"
#include "grognard/v1/protocol.pb.h"

namespace grognard::proto {

namespace {

// JSON of `message`, fields at their defaults left out; on failure empty, with `*error` said.
std::string json_of(const google::protobuf::Message& message, std::string* error) {
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

// Field 1 (request_id, a varint) of a binary frame that failed to parse, read field by field up
// to the first one that cannot be read. The last value read wins, as in protobuf. 0: none.
std::uint64_t binary_request_id(std::string_view frame) {
  if (frame.size() > static_cast<std::size_t>(INT_MAX)) return 0;
  google::protobuf::io::CodedInputStream in(reinterpret_cast<const std::uint8_t*>(frame.data()),
                                            static_cast<int>(frame.size()));
  std::uint64_t id = 0;
  while (const std::uint32_t tag = in.ReadTag()) {
    const std::uint32_t field = tag >> 3;
    std::uint64_t varint = 0;
    std::uint32_t fixed32 = 0;
    std::uint32_t length = 0;
    switch (tag & 7) {
      case 0:
        if (!in.ReadVarint64(&varint)) return id;
        if (field == 1) id = varint;
        break;
      case 1:
        if (!in.ReadLittleEndian64(&varint)) return id;
        break;
      case 2:
        if (!in.ReadVarint32(&length) || length > static_cast<std::uint32_t>(INT_MAX) ||
            !in.Skip(static_cast<int>(length))) {
          return id;
        }
        break;
      case 5:
        if (!in.ReadLittleEndian32(&fixed32)) return id;
        break;
      default:  // groups, or not a wire type at all
        return id;
    }
  }
  return id;
}

// "requestId" (or "request_id") of a JSON text frame that is a JSON object but not a valid
// ClientMessage. Read exactly from a JSON string; from a JSON number only while a double holds it
// exactly (up to 2^53). 0: none.
std::uint64_t json_request_id(std::string_view frame) {
  {
    // When an unknown field is the only fault, the id parses as usual.
    v1::ClientMessage lenient;
    google::protobuf::util::JsonParseOptions options;
    options.ignore_unknown_fields = true;
    if (google::protobuf::util::JsonStringToMessage(frame, &lenient, options).ok()) {
      return lenient.request_id();
    }
  }
  google::protobuf::Struct object;
  if (!google::protobuf::util::JsonStringToMessage(frame, &object).ok()) return 0;
  for (const char* key : {"requestId", "request_id"}) {
    auto it = object.fields().find(key);
    if (it == object.fields().end()) continue;
    const google::protobuf::Value& v = it->second;
    if (v.has_string_value()) {
      const std::string& text = v.string_value();
      std::uint64_t id = 0;
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
      if (ec == std::errc{} && end == text.data() + text.size()) return id;
    } else if (v.has_number_value()) {
      constexpr double kExact = 9007199254740992.0;  // 2^53
      const double n = v.number_value();
      if (n >= 0 && n <= kExact && n == static_cast<double>(static_cast<std::uint64_t>(n))) {
        return static_cast<std::uint64_t>(n);
      }
    }
    return 0;
  }
  return 0;
}

}  // namespace

std::optional<DecodeError> decode(std::string_view frame, Format format, v1::ClientMessage& out) {
  out.Clear();
  if (format == Format::kBinary) {
    if (!proto::parse_message(out, frame)) {
      return DecodeError{binary_request_id(frame),
                         "malformed message: not a grognard.v1.ClientMessage in protobuf encoding"};
    }
  } else {
    // Before any parser: protobuf's take time that grows with the square of the nesting.
    if (const JsonDepth depth = json_depth(frame); depth.too_deep) {
      return DecodeError{depth.request_id, "JSON nested more than " +
                                               std::to_string(kMaxJsonDepth) +
                                               " levels deep (objects and arrays); nothing of "
                                               "it was read"};
    }
    google::protobuf::util::JsonParseOptions options;
    options.ignore_unknown_fields = false;
    auto status = google::protobuf::util::JsonStringToMessage(frame, &out, options);
    if (!status.ok()) {
      return DecodeError{json_request_id(frame),
                         "malformed JSON message: " + engine::shown(std::string(status.message()))};
    }
  }
  if (out.body_case() == v1::ClientMessage::BODY_NOT_SET) {
    return DecodeError{out.request_id(), "empty message: set one of the ClientMessage body fields"};
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

std::string encode(const v1::ClientMessage& message, Format format) {
  if (format == Format::kBinary) return message.SerializeAsString();
  std::string error;
  return json_of(message, &error);
}

std::optional<DecodeError> decode(std::string_view frame, Format format, v1::ServerMessage& out) {
  out.Clear();
  if (format == Format::kBinary) {
    if (proto::parse_message(out, frame)) return std::nullopt;
    return DecodeError{0, "a binary frame that is not a grognard.v1.ServerMessage"};
  }
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = true;
  auto status = google::protobuf::util::JsonStringToMessage(frame, &out, options);
  if (status.ok()) return std::nullopt;
  return DecodeError{
      0, "a text frame that is not a ServerMessage in JSON: " + std::string(status.message()) +
             ": " + std::string(frame.substr(0, 200))};
}

}  // namespace grognard::proto
