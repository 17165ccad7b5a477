#include "commands/json_out.h"

#include <google/protobuf/util/json_util.h>

#include <cstdio>

#include "commands/errors.h"

namespace grognard::cli {

std::string to_json(const google::protobuf::Message& message) {
  std::string out;
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  if (!google::protobuf::util::MessageToJsonString(message, &out, options).ok()) return "{}";
  return out;
}

std::string json_line(const std::string& key, const google::protobuf::Message& message) {
  return "{" + quote(key) + ":" + to_json(message) + "}";
}

std::string quote(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string json_lines(const std::string& key, const std::vector<std::string>& lines) {
  std::string out = "{" + quote(key) + ":[";
  for (std::size_t i = 0; i < lines.size(); ++i) out += (i ? "," : "") + quote(lines[i]);
  return out + "]}";
}

namespace {

const char* kind_name(client::FailureKind k) {
  switch (k) {
    case client::FailureKind::kTimeout:
      return "timeout";
    case client::FailureKind::kClosed:
      return "closed";
    case client::FailureKind::kIo:
      return "io";
    case client::FailureKind::kDecode:
      return "decode";
    case client::FailureKind::kServer:
      return "server";
    case client::FailureKind::kUnexpected:
      return "unexpected";
    case client::FailureKind::kRefused:
      return "refused";
    case client::FailureKind::kTls:
      return "tls";
  }
  return "unknown";
}

}  // namespace

std::string error_json(const client::Failure& f, int line_no, const std::string& input,
                       const std::string& text) {
  std::string out = "{\"error\":{\"kind\":" + quote(kind_name(f.kind));
  if (f.kind == client::FailureKind::kServer)
    out += ",\"code\":" + quote(grognard::v1::Code_Name(f.code));
  out += ",\"clause\":" + quote(f.clause) + ",\"message\":" + quote(f.message) +
         ",\"text\":" + quote(text.empty() ? readable(f) : text);
  if (line_no > 0) out += ",\"line\":" + std::to_string(line_no) + ",\"input\":" + quote(input);
  return out + "}}";
}

std::string client_error_json(const std::string& kind, const std::string& why, int line_no,
                              const std::string& input) {
  return "{\"error\":{\"kind\":" + quote(kind) + ",\"clause\":\"\",\"message\":" + quote(why) +
         ",\"text\":" + quote(why) + ",\"line\":" + std::to_string(line_no) +
         ",\"input\":" + quote(input) + "}}";
}

}  // namespace grognard::cli
