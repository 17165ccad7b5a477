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

namespace grognard::adapter {

// A scenario text longer than this is refused unread.
inline constexpr std::size_t kMaxScenarioBytes = std::size_t{1} << 24;

// "line L:C: ", from the 0-based line and column the parser reports.
inline std::string line_col(int line, int column) {
  return "line " + std::to_string(line + 1) + ":" + std::to_string(column + 1) + ": ";
}

// Parses `text` into `msg`, recording where each field stands in `tree`. On failure, the first
// error the parser met, with its position.
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
  if (parser.ParseFromString(std::string(text), &msg)) return std::nullopt;
  return errors.error.value_or("the scenario text could not be read");
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
