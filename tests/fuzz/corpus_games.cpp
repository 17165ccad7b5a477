// Seeds from the golden games and the shipped scenarios: frames, scenario texts, commands, events.
#include <google/protobuf/dynamic_message.h>
#include <google/protobuf/text_format.h>
#include <google/protobuf/util/json_util.h>

#include <fstream>
#include <memory>
#include <random>
#include <regex>
#include <sstream>

#include "corpus.h"
#include "engine/dice.h"
#include "grognard/v1/protocol.pb.h"
#include "input.h"
#include "targets.h"

namespace grognard::fuzz {
namespace {

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A rule set's wire message `type` ("grognard.v1.itchy.Command") from its text format.
std::string wire_bytes(const std::string& type, const std::string& text) {
  const auto* desc =
      google::protobuf::DescriptorPool::generated_pool()->FindMessageTypeByName(type);
  if (desc == nullptr) fail("no message type " + type);
  std::unique_ptr<google::protobuf::Message> m(
      google::protobuf::MessageFactory::generated_factory()->GetPrototype(desc)->New());
  if (!google::protobuf::TextFormat::ParseFromString(text, m.get())) {
    fail("not a " + type + ": " + text);
  }
  return m->SerializeAsString();
}

std::size_t scenario_index(const std::string& ruleset, const std::string& name) {
  for (std::size_t i = 0; i < scenarios().size(); ++i) {
    if (scenarios()[i]->ruleset == ruleset && scenarios()[i]->name == name) return i;
  }
  fail("no scenario " + ruleset + "/" + name);
}

char seat_index(const engine::Ruleset& rs, const engine::GameState& s, const std::string& seat) {
  const auto seats = rs.seats(s);
  for (std::size_t i = 0; i < seats.size(); ++i) {
    if (seats[i].id == seat) return static_cast<char>(i);
  }
  fail("no seat " + seat);
}

void add_golden(Corpus& out, const std::string& path) {
  const std::string text = read(path);
  std::smatch m;
  if (!std::regex_search(text, m, std::regex(R"(scenarios/(\w+)/(\w+)\.textproto)"))) {
    fail(path + " names no scenario");
  }
  const std::size_t index = scenario_index(m[1], m[2]);
  const record::ScenarioEntry& s = *scenarios()[index];
  const engine::Ruleset& rs = *registry().ruleset(s.ruleset);
  auto initial = rs.load_scenario(s.text);
  const auto types = rs.wire_types();
  std::string faces, commands, events;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("dice:", 0) == 0) {
      std::istringstream in(line.substr(5));
      for (int f; in >> f;) faces.push_back(static_cast<char>(f));
    } else if (line.rfind("> ", 0) == 0 && line != "> begin") {
      const std::size_t space = line.find(' ', 2);
      commands.push_back(seat_index(rs, **initial, line.substr(2, space - 2)));
      put_chunk(commands, wire_bytes(types.command, line.substr(space + 1)));
    } else if (line.rfind("= ", 0) == 0) {
      put_chunk(events, wire_bytes(types.event, line.substr(2)));
    }
  }
  const std::string head(1, static_cast<char>(index));
  std::string dice;
  put_chunk(dice, faces);
  out["command"].push_back(head + dice + commands);
  out["event_log"].push_back(head + events);
}

// A game of legal commands (seeded choices, the dice the command entry throws when the input
// gives none) from scenario `index`.
void add_legal_game(Corpus& out, std::size_t index, unsigned seed, int steps) {
  const record::ScenarioEntry& s = *scenarios()[index];
  const engine::Ruleset& rs = *registry().ruleset(s.ruleset);
  auto loaded = rs.load_scenario(s.text);
  auto state = std::move(*loaded);
  engine::SeededDice dice(engine::Seed{});
  std::mt19937 rng(seed);
  const std::string head(1, static_cast<char>(index));
  std::string commands = head + std::string(2, '\0'), events = head;
  auto fold = [&](const std::vector<engine::Bytes>& evs) {
    for (const auto& e : evs) {
      put_chunk(events, e);
      if (!rs.apply(*state, e).ok()) fail("a legal game's event does not fold");
    }
  };
  fold(*rs.begin(*state, dice));
  for (int i = 0; i < steps; ++i) {
    const engine::ToAct to_act = rs.to_act(*state);
    if (to_act.game_over || to_act.seats.empty()) break;
    const std::string seat = to_act.seats[rng() % to_act.seats.size()];
    const auto legal = rs.legal(*state, seat);
    if (legal.empty()) break;
    const engine::Bytes& cmd = legal[rng() % legal.size()];
    auto decided = rs.decide(*state, seat, cmd, dice);
    if (!decided.ok()) continue;
    commands.push_back(seat_index(rs, *state, seat));
    put_chunk(commands, cmd);
    fold(*decided);
  }
  out["command"].push_back(commands);
  out["event_log"].push_back(events);
}

}  // namespace

void add_frames(Corpus& out) {
  const auto* body = v1::ClientMessage::descriptor()->FindOneofByName("body");
  for (int i = 0; i < body->field_count(); ++i) {
    v1::ClientMessage m;
    m.set_request_id(static_cast<std::uint64_t>(i + 1));
    m.GetReflection()->MutableMessage(&m, body->field(i));
    out["frame"].push_back(m.SerializeAsString());
    std::string json;
    (void)google::protobuf::util::MessageToJsonString(m, &json);
    out["frame"].push_back(json);
  }
  v1::ClientMessage join;
  join.mutable_join_room()->set_invite_code("ABCD-EFGH");
  join.mutable_join_room()->set_role("player");
  join.mutable_join_room()->set_seat("side:0");
  out["frame"].push_back(join.SerializeAsString());
  out["frame"].push_back(R"({"requestId":"7","chat":{"text":"hello","to":"referee"}})");
  for (const record::ScenarioEntry* s : scenarios()) {
    const engine::Ruleset& rs = *registry().ruleset(s->ruleset);
    auto loaded = rs.load_scenario(s->text);
    auto state = std::move(*loaded);
    engine::SeededDice dice(engine::Seed{});
    const auto begun = rs.begin(*state, dice);
    for (const auto& e : *begun) (void)rs.apply(*state, e);
    for (const std::string& seat : rs.to_act(*state).seats) {
      for (const engine::Bytes& c : rs.legal(*state, seat)) {
        v1::ClientMessage cmd;
        cmd.mutable_command()->set_command_id("c1");
        cmd.mutable_command()->mutable_command()->set_type_url("type.googleapis.com/" +
                                                               rs.wire_types().command);
        cmd.mutable_command()->mutable_command()->set_value(c);
        out["frame"].push_back(cmd.SerializeAsString());
        std::string json;
        if (google::protobuf::util::MessageToJsonString(cmd, &json).ok()) {
          out["frame"].push_back(json);
        }
        break;
      }
    }
  }
}

void add_games(Corpus& out) {
  const auto names = registry().rulesets();
  for (const record::ScenarioEntry* s : scenarios()) {
    const auto at = std::find(names.begin(), names.end(), s->ruleset) - names.begin();
    out["scenario"].push_back(std::string(1, static_cast<char>(at)) + s->text);
  }
  const std::string golden = std::string(GROGNARD_SOURCE_DIR) + "/tests/golden/";
  for (const char* g : {"itchy_colonial_battle", "rcw_railway", "sharpe_village"}) {
    add_golden(out, golden + g + ".golden");
  }
  for (std::size_t i = 0; i < scenarios().size(); ++i) {
    add_legal_game(out, i, 1, 12);
    add_legal_game(out, i, 2, 60);
  }
}

}  // namespace grognard::fuzz
