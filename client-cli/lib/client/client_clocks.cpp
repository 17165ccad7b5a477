// The client's clock and notice requests (client/client.h, docs/clocks.md,
// docs/notifications.md).
#include "client/client.h"

namespace grognard::client {

Result<v1::RoomInfo> Client::claim_timeout(const std::string& seat_id) {
  v1::ClientMessage m;
  m.mutable_claim_timeout()->set_seat_id(seat_id);
  return room_call(std::move(m));
}

Result<v1::RoomInfo> Client::grant_time(const std::string& seat_id, std::uint32_t hours,
                                        std::uint32_t minutes) {
  v1::ClientMessage m;
  m.mutable_grant_time()->set_seat_id(seat_id);
  m.mutable_grant_time()->set_hours(hours);
  m.mutable_grant_time()->set_minutes(minutes);
  return room_call(std::move(m));
}

Result<v1::AccountState> Client::take_vacation(std::uint32_t days) {
  v1::ClientMessage m;
  m.mutable_take_vacation()->set_days(days);
  return account_call(std::move(m));
}

Result<v1::AccountState> Client::end_vacation() {
  v1::ClientMessage m;
  m.mutable_end_vacation();
  return account_call(std::move(m));
}

Result<v1::AccountState> Client::set_webhook(const std::string& url, const std::string& secret) {
  v1::ClientMessage m;
  m.mutable_set_webhook()->set_url(url);
  m.mutable_set_webhook()->set_secret(secret);
  return account_call(std::move(m));
}

Result<v1::AccountState> Client::set_mail_notices(const std::string& mode) {
  v1::ClientMessage m;
  m.mutable_set_mail_notices()->set_mode(mode);
  return account_call(std::move(m));
}

}  // namespace grognard::client
