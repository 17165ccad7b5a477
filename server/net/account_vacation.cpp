// Vacations (docs/clocks.md, "Vacations"): TakeVacation and EndVacation, answered on the
// accounts' desk thread (net/account_desk.h). The vacation is stored first, then set in the
// calendar every room's clocks read (room/clock_view.h).
#include <spdlog/spdlog.h>

#include "grognard/v1/protocol.pb.h"
#include "net/account_desk.h"
#include "store/clock_records.h"

namespace grognard::net {

v1::AccountState AccountDesk::with_vacation(v1::AccountState state, std::int64_t account_id,
                                            std::int64_t now) const {
  if (!calendar_) return state;
  if (auto on = calendar_->on_vacation(account_id, now)) state.set_vacation_until_ms(on->to_ms);
  state.set_vacation_days_left(static_cast<std::uint32_t>(calendar_->days_left(account_id, now)));
  return state;
}

void AccountDesk::vacation(const std::shared_ptr<AccountPeer>& peer,
                           const v1::ClientMessage& message, accounts::Accounts& accounts,
                           std::int64_t now) {
  const std::uint64_t rid = message.request_id();
  const auto account = peer->account();
  if (!account) {
    return peer->send(room::error_message(rid, v1::UNAUTHENTICATED, "accounts",
                                          "log in to your account first: vacations are an "
                                          "account's"));
  }
  if (!calendar_ || clock_records_ == nullptr) {
    return peer->send(room::error_message(rid, v1::UNAVAILABLE, "clock.vacation",
                                          "this server keeps no vacations"));
  }
  const bool taking = message.has_take_vacation();
  auto span = taking ? calendar_->plan_vacation(
                           account->id, static_cast<int>(message.take_vacation().days()), now)
                     : calendar_->plan_return(account->id, now);
  if (!span.ok()) return peer->send(room::error_message(rid, span.error()));
  if (auto st = clock_records_->put_vacation(account->id, {span->from_ms, span->to_ms}); !st) {
    spdlog::error("{}: vacation of {} not stored: {}", peer->name(), account->name,
                  st.error().message);
    return peer->send(room::error_message(rid, v1::UNAVAILABLE, "clock.vacation",
                                          "the vacation could not be stored: nothing changed"));
  }
  calendar_->set_vacation(account->id, *span);  // every room's clocks read it
  spdlog::info("{}: {} {} vacation ({} days left this year)", peer->name(), account->name,
               taking ? "began a" : "ended its", calendar_->days_left(account->id, now));
  auto stored = accounts.store().find_by_id(account->id);
  v1::AccountState state;
  if (stored.ok() && stored->has_value()) state = account_state((*stored)->account);
  peer->send(state_message(rid, with_vacation(std::move(state), account->id, now)));
}

}  // namespace grognard::net
