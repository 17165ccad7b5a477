// The parity table (tests/parity/*.json, docs/client.md "Tests") through the terminal client:
// each command line through the play line's interpreter and the rule set's parser, each event
// through the rule set's describer. parity.mjs runs the same table through the web client.
// A table holds the rule set's messages in protobuf's JSON mapping without their "@type", which
// is the rule set's View, Command or Event.
#include <google/protobuf/descriptor.h>
#include <google/protobuf/struct.pb.h>
#include <google/protobuf/util/field_comparator.h>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "play/play_line.h"
#include "render/ruleset_ui.h"
#include "render/words.h"

namespace grognard::clitest {

namespace {

namespace pb = ::google::protobuf;

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

std::string json_of(const pb::Message& message) {
  std::string out;
  if (!pb::util::MessageToJsonString(message, &out).ok()) return "(not printable as JSON)";
  return out;
}

// A value of the table (a View, Command or Event of `ruleset` as JSON) as the Any it stands for.
pb::Any any_of(pb::Value value, const std::string& ruleset, const std::string& message) {
  (*value.mutable_struct_value()->mutable_fields())["@type"].set_string_value(
      "type.googleapis.com/grognard.v1." + ruleset + "." + message);
  pb::Any any;
  const auto status = pb::util::JsonStringToMessage(json_of(value), &any);
  INFO(status.ToString());
  REQUIRE(status.ok());
  return any;
}

// Equal as the wire reads them; doubles within a part in 10^12 (two maths libraries).
bool same(const pb::Any& a, const pb::Any& b) {
  pb::util::DefaultFieldComparator numbers;
  numbers.set_float_comparison(pb::util::DefaultFieldComparator::APPROXIMATE);
  numbers.SetDefaultFractionAndMargin(1e-12, 1e-12);
  pb::util::MessageDifferencer differ;
  differ.set_field_comparator(&numbers);
  return differ.Compare(a, b);
}

void run_table(const std::string& file) {
  pb::Struct table;
  REQUIRE(pb::util::JsonStringToMessage(slurp(GROGNARD_SOURCE_DIR "/tests/parity/" + file), &table)
              .ok());
  const auto& f = table.fields();
  const std::string ruleset = f.at("ruleset").string_value();
  const cli::RulesetUi* ui = cli::ui_for(ruleset);
  REQUIRE(ui != nullptr);
  cli::GameState state;
  if (f.contains("view")) state.view = any_of(f.at("view"), ruleset, "View");

  std::size_t checked = 0;
  std::set<std::string> verbs;  // the first words of the lines
  std::set<std::string> kinds;  // the events' kinds, by their JSON names
  if (f.contains("commands")) {
    for (const auto& row : f.at("commands").list_value().values()) {
      const auto& r = row.struct_value().fields();
      const std::string line = r.at("line").string_value();
      const auto words = cli::split_words(line);
      if (!words.empty()) verbs.insert(cli::words::lower(words[0]));
      const cli::Action a = cli::interpret(line, ui, state);
      INFO(file << ": \"" << line << "\" became " << json_of(a.command) << " / " << a.text);
      if (r.contains("error")) {
        CHECK(a.kind == cli::Action::kError);
        CHECK(a.text == r.at("error").string_value());
      } else {
        REQUIRE(a.kind == cli::Action::kCommand);
        INFO("want " << json_of(r.at("command")));
        CHECK(same(a.command, any_of(r.at("command"), ruleset, "Command")));
      }
      ++checked;
    }
  }
  if (f.contains("events")) {
    for (const auto& row : f.at("events").list_value().values()) {
      const auto& r = row.struct_value().fields();
      for (const auto& field : r.at("event").struct_value().fields()) kinds.insert(field.first);
      INFO(file << ": event " << json_of(r.at("event")));
      const std::string text =
          ui->describe_event(any_of(r.at("event"), ruleset, "Event"), state.view);
      CHECK(text == r.at("text").string_value());
      ++checked;
    }
  }
  CHECK(checked > 0);

  // Every command word of the rule set and every kind of its Event has a line in the table.
  for (const auto& verb : ui->command_words()) {
    INFO(file << " has no line for the command word " << verb);
    CHECK(verbs.contains(verb));
  }
  const auto* event = pb::DescriptorPool::generated_pool()->FindMessageTypeByName(
      "grognard.v1." + ruleset + ".Event");
  REQUIRE(event != nullptr);
  REQUIRE(event->oneof_decl_count() == 1);
  for (int i = 0; i < event->oneof_decl(0)->field_count(); ++i) {
    const std::string kind = event->oneof_decl(0)->field(i)->json_name();
    INFO(file << " has no event of the kind " << kind);
    CHECK(kinds.contains(kind));
  }
}

}  // namespace

TEST_CASE("parity: Itchy & Scratchy lines and events read as the web client reads them",
          "[parity][itchy]") {
  run_table("itchy.json");
}

TEST_CASE("parity: RCW lines and events read as the web client reads them", "[parity][rcw]") {
  run_table("rcw.json");
}

TEST_CASE("parity: Sharpe's Mess lines and events read as the web client reads them",
          "[parity][sharpe]") {
  run_table("sharpe.json");
}

}  // namespace grognard::clitest
