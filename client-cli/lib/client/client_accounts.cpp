// The client's account requests (client/client.h, docs/accounts.md).
#include "client/client.h"

namespace grognard::client {

Result<v1::AccountState> Client::account_call(v1::ClientMessage message) {
  return body<v1::AccountState>(
      call(std::move(message), v1::ServerMessage::kAccount),
      [](v1::ServerMessage& a) -> v1::AccountState& { return *a.mutable_account(); });
}

Result<v1::AccountState> Client::register_account(const std::string& name,
                                                  const std::string& password,
                                                  const std::string& email) {
  v1::ClientMessage m;
  m.mutable_register_account()->set_name(name);
  m.mutable_register_account()->set_password(password);
  m.mutable_register_account()->set_email(email);
  return account_call(std::move(m));
}

Result<v1::AccountState> Client::log_in(const std::string& name, const std::string& password) {
  v1::ClientMessage m;
  m.mutable_log_in()->set_name(name);
  m.mutable_log_in()->set_password(password);
  return account_call(std::move(m));
}

Result<v1::AccountState> Client::log_in_with_token(const std::string& session_token) {
  v1::ClientMessage m;
  m.mutable_log_in()->set_session_token(session_token);
  return account_call(std::move(m));
}

Result<v1::AccountState> Client::log_out(bool everywhere) {
  v1::ClientMessage m;
  m.mutable_log_out()->set_everywhere(everywhere);
  return account_call(std::move(m));
}

Result<v1::AccountState> Client::who_am_i() {
  v1::ClientMessage m;
  m.mutable_who_am_i();
  return account_call(std::move(m));
}

Result<v1::AccountState> Client::change_password(const std::string& old_password,
                                                 const std::string& new_password) {
  v1::ClientMessage m;
  m.mutable_change_password()->set_old_password(old_password);
  m.mutable_change_password()->set_new_password(new_password);
  return account_call(std::move(m));
}

Result<v1::AccountState> Client::delete_account(const std::string& password) {
  v1::ClientMessage m;
  m.mutable_delete_account()->set_password(password);
  return account_call(std::move(m));
}

Result<v1::AccountNotice> Client::notice_call(v1::ClientMessage message) {
  return body<v1::AccountNotice>(
      call(std::move(message), v1::ServerMessage::kAccountNotice),
      [](v1::ServerMessage& a) -> v1::AccountNotice& { return *a.mutable_account_notice(); });
}

Result<v1::AccountNotice> Client::set_email(const std::string& email, const std::string& password) {
  v1::ClientMessage m;
  m.mutable_set_email()->set_email(email);
  m.mutable_set_email()->set_password(password);
  return notice_call(std::move(m));
}

Result<v1::AccountNotice> Client::confirm_email(const std::string& token) {
  v1::ClientMessage m;
  m.mutable_confirm_email()->set_token(token);
  return notice_call(std::move(m));
}

Result<v1::AccountNotice> Client::request_password_reset(const std::string& name_or_email) {
  v1::ClientMessage m;
  m.mutable_request_password_reset()->set_name_or_email(name_or_email);
  return notice_call(std::move(m));
}

Result<v1::AccountNotice> Client::reset_password(const std::string& token,
                                                 const std::string& new_password) {
  v1::ClientMessage m;
  m.mutable_reset_password()->set_token(token);
  m.mutable_reset_password()->set_new_password(new_password);
  return notice_call(std::move(m));
}

Result<v1::SeatClaimed> Client::claim_seat(const std::string& token) {
  v1::ClientMessage m;
  m.mutable_claim_seat()->set_token(token);
  return body<v1::SeatClaimed>(
      call(std::move(m), v1::ServerMessage::kSeatClaimed),
      [](v1::ServerMessage& a) -> v1::SeatClaimed& { return *a.mutable_seat_claimed(); });
}

Result<v1::MyGameList> Client::list_my_games() {
  v1::ClientMessage m;
  m.mutable_list_my_games();
  return body<v1::MyGameList>(
      call(std::move(m), v1::ServerMessage::kMyGames),
      [](v1::ServerMessage& a) -> v1::MyGameList& { return *a.mutable_my_games(); });
}

Result<v1::Seated> Client::resume_account_seat(const std::string& game_id,
                                               const std::string& seat_id, std::uint64_t last_seq) {
  v1::ClientMessage m;
  m.mutable_resume()->set_game_id(game_id);
  m.mutable_resume()->set_seat_id(seat_id);
  m.mutable_resume()->set_last_seq(last_seq);
  return whole(call(std::move(m), v1::ServerMessage::kSeated));
}

}  // namespace grognard::client
