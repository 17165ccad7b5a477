#pragma once
// The accounts' desk (docs/accounts.md): answers the protocol's account messages (Register,
// LogIn, LogOut, WhoAmI, ChangePassword, DeleteAccount; SetEmail, ConfirmEmail,
// RequestPasswordReset and ResetPassword in net/account_mail.cpp) and does the work of the
// browser's log-in over HTTP (net/account_http.cpp), on a thread of its own: argon2id is slow on
// purpose and never runs on a network thread. At most kMaxWaiting requests wait for that
// thread; more are refused at once (RESOURCE_EXHAUSTED).
//
// When sessions end elsewhere (log out everywhere, a changed password, a deleted or disabled
// account), the connections logged in by them are logged out too: `sessions_ended` walks them.
//
// Thread-safety: every member may be called from any thread.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/thread_pool.hpp>

#include "accounts/accounts.h"
#include "accounts/mailroom.h"
#include "notify/webhook.h"
#include "room/clock_calendar.h"
#include "room/lobby.h"
#include "room/messages.h"
#include "room/peer.h"
#include "site/admin.h"

namespace grognard::v1 {
class ClientMessage;
class ServerMessage;
class AccountState;
}  // namespace grognard::v1

namespace grognard::store {
class ClockRecords;
class NoticeRecords;
}  // namespace grognard::store

namespace grognard::net {

// A connection as the desk sees it: a peer that may be logged in to an account.
class AccountPeer : public room::Peer {
 public:
  // Logged in to `account` by the session of `session_token`; nullopt: logged out.
  virtual void set_account(std::optional<room::AccountRef> account, std::string session_token) = 0;
  virtual std::string session_token() const = 0;
};

// AccountState for `account`; `session_token` only where the protocol hands it out.
v1::AccountState account_state(const accounts::Account& account, std::string session_token = {});
room::AccountRef account_ref(const accounts::Account& account);
// The answer `state` to request `rid`.
room::MessagePtr state_message(std::uint64_t rid, v1::AccountState state);
// An account's refusal as the protocol's Error, with its code (a log-in refused:
// UNAUTHENTICATED; a limit: RESOURCE_EXHAUSTED; no mail: UNAVAILABLE).
std::shared_ptr<const v1::ServerMessage> account_refusal(std::uint64_t rid, const engine::Error& e);

class AccountDesk final : public site::AccountsAccess {
 public:
  static constexpr int kMaxWaiting = 64;
  // Accounts one address may register in an hour: each costs a password hash.
  static constexpr std::size_t kRegistrationsPerHour = 5;
  using Now = std::function<std::int64_t()>;  // milliseconds since the epoch
  // Sessions of `account_id` ended: log out the connections whose token `ended` says.
  using SessionsEnded =
      std::function<void(std::int64_t account_id, std::function<bool(const std::string&)> ended)>;

  // `accounts` null: accounts are off (a database in memory); account messages are refused
  // saying so. Both references outlive the desk.
  // `records` null: the operator's decisions are kept in memory only (the same database).
  AccountDesk(accounts::Accounts* accounts, store::OperatorRecords* records, room::Lobby& lobby,
              Now now);
  ~AccountDesk();  // waits for the request running
  AccountDesk(const AccountDesk&) = delete;
  AccountDesk& operator=(const AccountDesk&) = delete;

  void on_sessions_ended(SessionsEnded f) { sessions_ended_ = std::move(f); }
  // Vacations (docs/clocks.md): when the clocks stand still, and where vacations are kept.
  // Unset: TakeVacation and EndVacation are refused.
  void set_clocks(std::shared_ptr<room::ClockCalendar> calendar, store::ClockRecords* records) {
    calendar_ = std::move(calendar);
    clock_records_ = records;
  }
  // The accounts' e-mail (REQUIRES: outlives the desk; set before serving). Unset: the desk
  // answers the e-mail messages as a server that sends no mail.
  void set_mailroom(accounts::Mailroom* mailroom) { mailroom_ = mailroom; }
  // Notices (docs/notifications.md): where accounts' settings are kept, and what a webhook's
  // URL must be. Unset: SetWebhook and SetMailNotices are refused. REQUIRES: `records`
  // outlives the desk; set before serving.
  void set_notices(store::NoticeRecords* records, notify::WebhookPolicy policy) {
    notice_records_ = records;
    webhook_policy_ = std::move(policy);
  }

  bool enabled() const { return accounts_ != nullptr; }
  // The message is one of the desk's.
  static bool handles(const v1::ClientMessage& message);
  // Answers it (through peer->send) once done on the desk's thread.
  void handle(std::shared_ptr<AccountPeer> peer, const v1::ClientMessage& message);

  // Runs `work` on the desk's thread with the accounts; false (nothing run) when accounts are
  // off or kMaxWaiting requests wait already.
  bool post(std::function<void(accounts::Accounts&)> work);
  std::int64_t now() const { return now_(); }
  // Logs out the connections of `account_id` whose session `ended` says has ended; a deleted
  // account is forgotten by the rooms too.
  void sessions_ended(std::int64_t account_id, std::function<bool(const std::string&)> ended);
  void account_deleted(std::int64_t account_id);
  // site::AccountsAccess, for the operator.
  bool with_store(std::function<void(accounts::AccountStore&)> work) override;
  void account_disabled(std::int64_t account_id) override;
  bool with_records(std::function<void(store::OperatorRecords&)> work) override;
  // When the last good backup was taken (Unix ms; 0: none or unknown), as last read; each call
  // asks the desk's thread to read it again (GET /metrics never waits on the database).
  std::int64_t last_backup_ms();
  // Answers `message` now, on the desk's thread only (inside post()); handle() queues it.
  void answer(const std::shared_ptr<AccountPeer>& peer, const v1::ClientMessage& message,
              accounts::Accounts& accounts);
  // TakeVacation and EndVacation (net/account_vacation.cpp), on the desk's thread.
  void vacation(const std::shared_ptr<AccountPeer>& peer, const v1::ClientMessage& message,
                accounts::Accounts& accounts, std::int64_t now);
  // `state` with the vacation of the account it names (logged in).
  v1::AccountState with_vacation(v1::AccountState state, std::int64_t account_id,
                                 std::int64_t now) const;
  // SetWebhook and SetMailNotices (net/account_notices.cpp), on the desk's thread; `state` with
  // the notices of the account it names.
  void notices(const std::shared_ptr<AccountPeer>& peer, const v1::ClientMessage& message,
               accounts::Accounts& accounts, std::int64_t now);
  v1::AccountState with_notices(v1::AccountState state, std::int64_t account_id) const;

 private:
  // net/account_mail.cpp: the e-mail messages, on the desk's thread.
  static bool mail_message(const v1::ClientMessage& message);
  void answer_mail(const std::shared_ptr<AccountPeer>& peer, const v1::ClientMessage& message,
                   accounts::Accounts& accounts);
  // A registration's address: its confirmation mail sent, and said in `state`.
  void confirm_new_address(const accounts::Account& account, v1::AccountState& state);
  // AccountState for `account` with the note on its address.
  v1::AccountState state_with_note(const accounts::Account& account, std::string token = {});

  accounts::Mailroom* mailroom_ = nullptr;
  accounts::Accounts* const accounts_;
  store::OperatorRecords* const records_;
  room::Lobby& lobby_;
  const Now now_;
  SessionsEnded sessions_ended_;
  std::shared_ptr<room::ClockCalendar> calendar_;
  store::ClockRecords* clock_records_ = nullptr;
  store::NoticeRecords* notice_records_ = nullptr;
  notify::WebhookPolicy webhook_policy_;
  std::atomic<int> waiting_{0};
  std::atomic<std::int64_t> last_backup_ms_{0};
  std::atomic<bool> reading_backup_{false};
  // Registrations per address (counted as a log-in limit counts failures).
  accounts::LoginLimit registrations_{{kRegistrationsPerHour, 0, 3'600'000, 100'000}};
  boost::asio::thread_pool thread_{1};
};

}  // namespace grognard::net
