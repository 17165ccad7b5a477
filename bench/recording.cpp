#include "recording.h"

#include <google/protobuf/util/json_util.h>

#include <fstream>

#include "grognard/v1/itchy.pb.h"

namespace grognard::bench {

std::optional<Recording> load_recording(const std::filesystem::path& path, std::string* error) {
  std::ifstream in(path);
  if (!in) {
    *error = "cannot read " + path.string();
    return std::nullopt;
  }
  Recording r;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.rfind("# scenario ", 0) == 0) r.scenario = line.substr(11);
    if (line.rfind("# game", 0) == 0) r.games.emplace_back();
    if (line.empty() || line[0] == '#') continue;
    if (r.games.empty()) r.games.emplace_back();
    Step step;
    if (line != "choose") {
      v1::itchy::Command command;
      const auto space = line.find(' ');
      const auto parsed = google::protobuf::util::JsonStringToMessage(
          space == std::string::npos ? "" : line.substr(space + 1), &command);
      if (space == std::string::npos || !parsed.ok() || (line[0] != '0' && line[0] != '1')) {
        *error = path.string() + ":" + std::to_string(number) + ": not a step: " + line;
        return std::nullopt;
      }
      step.seat = line[0] - '0';
      step.command.PackFrom(command);
    }
    r.games.back().push_back(std::move(step));
  }
  return r;
}

bool save_recording(const std::filesystem::path& path, const Recording& recording) {
  std::ofstream out(path);
  out << "# Itchy & Scratchy games for bench/ (docs/performance.md, \"The recorded games\"),\n"
      << "# written by grognard_bench --workload record.\n"
      << "# scenario " << recording.scenario << "\n";
  for (const auto& game : recording.games) {
    out << "# game\n";
    for (const Step& s : game) {
      if (s.seat < 0) {
        out << "choose\n";
        continue;
      }
      v1::itchy::Command command;
      s.command.UnpackTo(&command);
      std::string json;
      (void)google::protobuf::util::MessageToJsonString(command, &json);
      out << s.seat << ' ' << json << '\n';
    }
  }
  return static_cast<bool>(out);
}

}  // namespace grognard::bench
