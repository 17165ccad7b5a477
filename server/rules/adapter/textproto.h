#pragma once
// Scenarios in protobuf text format: parsing that reports the first error with its position, and
// the position of a field's element for the messages of later checks ("line 12:3: ").
#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/message.h>
#include <google/protobuf/text_format.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/utf8.h"

namespace grognard::adapter {

// A scenario text longer than this is refused unread.
inline constexpr std::size_t kMaxScenarioBytes = std::size_t{1} << 24;

// "line L:C: ", from the 0-based line and column the parser reports.
inline std::string line_col(int line, int column) {
  return "line " + std::to_string(line + 1) + ":" + std::to_string(column + 1) + ": ";
}

// The path of the first text field of `msg` that is not valid UTF-8 ("seats[1].briefing"), if any
// (not_utf8 says it in a sentence).
// The text format takes any bytes in a string ("\\377" escapes too), but protobuf's binary form
// refuses to read such a field back: every event and view carrying it would not fold.
inline std::optional<std::string> invalid_utf8_field(const google::protobuf::Message& msg) {
  namespace gp = ::google::protobuf;
  const gp::Reflection* r = msg.GetReflection();
  std::vector<const gp::FieldDescriptor*> fields;
  r->ListFields(msg, &fields);
  for (const gp::FieldDescriptor* f : fields) {
    const int n = f->is_repeated() ? r->FieldSize(msg, f) : 1;
    for (int i = 0; i < n; ++i) {
      const std::string at = f->name() + (f->is_repeated() ? "[" + std::to_string(i) + "]" : "");
      if (f->type() == gp::FieldDescriptor::TYPE_STRING) {
        std::string scratch;
        const std::string& v = f->is_repeated() ? r->GetRepeatedStringReference(msg, f, i, &scratch)
                                                : r->GetStringReference(msg, f, &scratch);
        if (!engine::valid_utf8(v)) return at;
      } else if (f->cpp_type() == gp::FieldDescriptor::CPPTYPE_MESSAGE) {
        const gp::Message& sub =
            f->is_repeated() ? r->GetRepeatedMessage(msg, f, i) : r->GetMessage(msg, f);
        if (auto inner = invalid_utf8_field(sub)) return at + "." + *inner;
      }
    }
  }
  return std::nullopt;
}

// "field seats[1].briefing is not UTF-8 text", if a text field of `msg` is not.
inline std::optional<std::string> not_utf8(const google::protobuf::Message& msg) {
  if (auto field = invalid_utf8_field(msg)) return "field " + *field + " is not UTF-8 text";
  return std::nullopt;
}

// Parses `text` into `msg`, recording where each field stands in `tree`. On failure, the first
// error the parser met, with its position, or the first text field that is not UTF-8.
inline std::optional<std::string> parse_text(std::string_view text, google::protobuf::Message& msg,
                                             google::protobuf::TextFormat::ParseInfoTree& tree) {
  namespace gp = ::google::protobuf;
  if (text.size() > kMaxScenarioBytes) return "the scenario text is too long";
  class FirstError final : public gp::io::ErrorCollector {
   public:
    void AddError(int line, gp::io::ColumnNumber column, const std::string& message) override {
      if (!error) error = line_col(line, column) + message;
    }
    std::optional<std::string> error;
  } errors;
  gp::TextFormat::Parser parser;
  parser.RecordErrorsTo(&errors);
  parser.WriteLocationsTo(&tree);
  if (!parser.ParseFromString(std::string(text), &msg)) {
    return errors.error.value_or("the scenario text could not be read");
  }
  return not_utf8(msg);
}

// "line L:C: " for element `index` of field `name` of the message of type `type` that `tree`
// describes, or "" when the position is unknown.
inline std::string where(const google::protobuf::TextFormat::ParseInfoTree* tree,
                         const google::protobuf::Descriptor* type, const char* name, int index) {
  if (tree == nullptr) return "";
  const auto loc = tree->GetLocation(type->FindFieldByName(name), index);
  return loc.line < 0 ? "" : line_col(loc.line, loc.column);
}

}  // namespace grognard::adapter
