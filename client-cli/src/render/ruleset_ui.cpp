#include "render/ruleset_ui.h"

#include "render/itchy_ui.h"
#include "render/rcw_ui.h"
#include "render/sharpe_ui.h"

namespace grognard::cli {

const RulesetUi* ui_for(const std::string& ruleset) {
  static const ItchyUi itchy;
  static const SharpeUi sharpe;
  static const RcwUi rcw;
  if (ruleset == "itchy") return &itchy;
  if (ruleset == "rcw") return &rcw;
  if (ruleset == "sharpe") return &sharpe;
  return nullptr;
}

std::string ruleset_of(const google::protobuf::Any& any) {
  // "type.googleapis.com/grognard.v1.<ruleset>.View"
  const std::string& url = any.type_url();
  const std::string prefix = "grognard.v1.";
  const auto at = url.find(prefix);
  if (at == std::string::npos) return "";
  const auto start = at + prefix.size();
  const auto dot = url.find('.', start);
  return dot == std::string::npos ? "" : url.substr(start, dot - start);
}

}  // namespace grognard::cli
