// Which Sharpe's Mess commands the client previews and asks about before sending them
// (docs/client.md, "Previews"): `end`, which may lose figures (S2), and the referee's `rule add`
// and `rule move`, which may leave a figure to be lost (S2).
#include "client/codec.h"
#include "render/sharpe_ui.h"

namespace grognard::cli {

bool SharpeUi::confirm_first(const google::protobuf::Any& any) const {
  const auto c = client::unpack<sharpe::Command>(any);
  if (!c) return false;
  if (c->has_end_activation()) return true;
  return c->has_ruling() &&
         (c->ruling().kind() == sharpe::RULING_ADD || c->ruling().kind() == sharpe::RULING_MOVE);
}

}  // namespace grognard::cli
