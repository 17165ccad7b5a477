#include "play/preview.h"

#include <cctype>

namespace grognard::cli {

std::vector<std::string> warning_lines(const v1::PreviewResult& r) {
  std::vector<std::string> out;
  for (const auto& w : r.warnings()) out.push_back("warning: " + w);
  return out;
}

std::vector<std::string> preview_lines(const v1::PreviewResult& r, const RulesetUi* ui,
                                       const google::protobuf::Any& view) {
  std::vector<std::string> out;
  for (const auto& n : r.notes()) out.push_back(n);
  for (auto& w : warning_lines(r)) out.push_back(std::move(w));
  if (r.dice() > 0) {
    out.push_back("would throw " + std::to_string(r.dice()) + (r.dice() == 1 ? " die" : " dice") +
                  ": the outcome is not previewed");
  }
  for (const auto& e : r.events()) {
    out.push_back("would: " + (ui ? ui->describe_event(e, view) : e.type_url()));
  }
  if (out.empty()) out.push_back("nothing to preview: the server accepts it");
  return out;
}

bool confirmed(const std::string& answer) {
  std::string a;
  for (char c : answer) {
    if (!std::isspace(static_cast<unsigned char>(c))) {
      a.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    }
  }
  return a == "y" || a == "yes";
}

}  // namespace grognard::cli
