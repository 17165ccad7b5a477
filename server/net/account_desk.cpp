// The accounts' desk (net/account_desk.h): the protocol's account messages, answered on the
// desk's thread.
#include "net/account_desk.h"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "engine/utf8.h"
#include "grognard/v1/protocol.pb.h"
#include "room/messages.h"

namespace grognard::net {

namespace {

// The protocol's code for an account's refusal: a log-in refused is UNAUTHENTICATED and the
// log-in limit RESOURCE_EXHAUSTED, as for unknown seat tokens (docs/accounts.md).
v1::Code code_of(const engine::Error& e) {
  if (e.clause == "accounts.log-in" || e.clause == "accounts.session") return v1::UNAUTHENTICATED;
  if (e.clause == "accounts.too-many-tries" || e.clause == "accounts.too-many-mails" ||
      e.clause == "mail.queue-full") {
    return v1::RESOURCE_EXHAUSTED;
  }
  if (e.clause == "accounts.no-mail") return v1::UNAVAILABLE;
  return room::error_message(0, e)->error().code();
}

room::MessagePtr refusal(std::uint64_t rid, const engine::Error& e) {
  return room::error_message(rid, code_of(e), e.clause, e.message);
}

}  // namespace

room::MessagePtr state_message(std::uint64_t rid, v1::AccountState state) {
  auto m = std::make_shared<v1::ServerMessage>();
  m->set_request_id(rid);
  *m->mutable_account() = std::move(state);
  return m;
}

room::MessagePtr account_refusal(std::uint64_t rid, const engine::Error& e) {
  return refusal(rid, e);
}

v1::AccountState account_state(const accounts::Account& account, std::string session_token) {
  v1::AccountState s;
  s.set_logged_in(true);
  s.set_name(account.name);
  if (account.email) s.set_email(*account.email);
  s.set_email_confirmed(account.email_confirmed);
  s.set_session_token(std::move(session_token));
  return s;
}

room::AccountRef account_ref(const accounts::Account& account) {
  return room::AccountRef{account.id, account.name};
}

AccountDesk::AccountDesk(accounts::Accounts* accounts, store::OperatorRecords* records,
                         room::Lobby& lobby, Now now)
    : accounts_(accounts), records_(records), lobby_(lobby), now_(std::move(now)) {}

AccountDesk::~AccountDesk() {
  thread_.stop();
  thread_.join();
}

bool AccountDesk::handles(const v1::ClientMessage& message) {
  switch (message.body_case()) {
    case v1::ClientMessage::kRegisterAccount:
    case v1::ClientMessage::kLogIn:
    case v1::ClientMessage::kLogOut:
    case v1::ClientMessage::kWhoAmI:
    case v1::ClientMessage::kChangePassword:
    case v1::ClientMessage::kDeleteAccount:
    case v1::ClientMessage::kTakeVacation:
    case v1::ClientMessage::kEndVacation:
    case v1::ClientMessage::kSetWebhook:
    case v1::ClientMessage::kSetMailNotices:
      return true;
    default:
      return mail_message(message);
  }
}

bool AccountDesk::post(std::function<void(accounts::Accounts&)> work) {
  if (accounts_ == nullptr) return false;
  if (waiting_.fetch_add(1) >= kMaxWaiting) {
    waiting_.fetch_sub(1);
    return false;
  }
  boost::asio::post(thread_, [this, work = std::move(work)] {
    waiting_.fetch_sub(1);
    try {
      work(*accounts_);
    } catch (const std::exception& e) {
      spdlog::error("accounts: {}", e.what());
    }
  });
  return true;
}

void AccountDesk::handle(std::shared_ptr<AccountPeer> peer, const v1::ClientMessage& message) {
  const std::uint64_t rid = message.request_id();
  if (accounts_ == nullptr) {
    return peer->send(room::error_message(
        rid, v1::UNAVAILABLE, "accounts",
        "this server keeps no accounts (its database is in memory): play with seat tokens"));
  }
  const bool posted = post(
      [this, peer, message](accounts::Accounts& accounts) { answer(peer, message, accounts); });
  if (!posted) {
    peer->send(room::error_message(rid, v1::RESOURCE_EXHAUSTED, "accounts",
                                   "the server is busy logging others in: try again in a moment"));
  }
}

void AccountDesk::sessions_ended(std::int64_t account_id,
                                 std::function<bool(const std::string&)> ended) {
  if (sessions_ended_) sessions_ended_(account_id, std::move(ended));
}

bool AccountDesk::with_store(std::function<void(accounts::AccountStore&)> work) {
  return post([work = std::move(work)](accounts::Accounts& a) { work(a.store()); });
}

bool AccountDesk::with_records(std::function<void(store::OperatorRecords&)> work) {
  if (records_ == nullptr) return false;
  boost::asio::post(thread_, [this, work = std::move(work)] {
    try {
      work(*records_);
    } catch (const std::exception& e) {
      spdlog::error("operator's records: {}", e.what());
    }
  });
  return true;
}

std::int64_t AccountDesk::last_backup_ms() {
  if (records_ != nullptr && !reading_backup_.exchange(true)) {
    with_records([this](store::OperatorRecords& records) {
      if (auto ms = records.last_backup_ms(); ms.ok()) last_backup_ms_ = *ms;
      reading_backup_ = false;
    });
  }
  return last_backup_ms_;
}

void AccountDesk::account_disabled(std::int64_t account_id) {
  sessions_ended(account_id, [](const std::string&) { return true; });
}

void AccountDesk::account_deleted(std::int64_t account_id) {
  sessions_ended(account_id, [](const std::string&) { return true; });
  lobby_.forget_account(account_id);
  if (calendar_) calendar_->forget_account(account_id);
}

void AccountDesk::answer(const std::shared_ptr<AccountPeer>& peer, const v1::ClientMessage& message,
                         accounts::Accounts& accounts) {
  const std::uint64_t rid = message.request_id();
  const std::int64_t now = now_();
  const std::string token = peer->session_token();
  const auto logged_in = [&](const accounts::LoggedIn& in, bool hand_out_token,
                             bool registered = false) {
    peer->set_account(account_ref(in.account), in.token);
    spdlog::info("{}: logged in as {} (#{})", peer->name(), in.account.name, in.account.id);
    v1::AccountState state = account_state(in.account, hand_out_token ? in.token : "");
    if (registered) confirm_new_address(in.account, state);
    peer->send(state_message(rid, std::move(state)));
  };
  switch (message.body_case()) {
    case v1::ClientMessage::kRegisterAccount: {
      const v1::Register& r = message.register_account();
      if (const auto wait = registrations_.wait_seconds(peer->address_key(), "", now)) {
        return peer->send(room::error_message(
            rid, v1::RESOURCE_EXHAUSTED, "accounts.too-many-accounts",
            "too many new accounts from your address (" + std::to_string(kRegistrationsPerHour) +
                " an hour): try again in " + std::to_string(wait) + " seconds"));
      }
      // Every try counts, before its password is hashed: a name taken or refused still costs
      // a hash.
      registrations_.failed(peer->address_key(), "", now);
      const std::optional<std::string> email =
          r.email().empty() ? std::nullopt : std::optional(r.email());
      auto made = accounts.register_account(r.name(), r.password(), email, now);
      if (!made.ok()) return peer->send(refusal(rid, made.error()));
      spdlog::info("{}: registered account {} (#{})", peer->name(), made->name, made->id);
      auto in = accounts.log_in(r.name(), r.password(), peer->address_key(), now);
      if (!in.ok()) return peer->send(refusal(rid, in.error()));
      return logged_in(*in, true, true);
    }
    case v1::ClientMessage::kLogIn: {
      const v1::LogIn& l = message.log_in();
      if (!l.session_token().empty()) {
        auto account = accounts.whoami(l.session_token(), now);
        if (!account.ok()) return peer->send(refusal(rid, account.error()));
        return logged_in(accounts::LoggedIn{l.session_token(), *account}, false);
      }
      auto in = accounts.log_in(l.name(), l.password(), peer->address_key(), now);
      if (!in.ok()) {
        spdlog::info("{}: log-in to \"{}\" refused: {}", peer->name(), engine::shown(l.name()),
                     in.error().message);
        return peer->send(refusal(rid, in.error()));
      }
      return logged_in(*in, true);
    }
    case v1::ClientMessage::kWhoAmI: {
      if (token.empty()) return peer->send(state_message(rid, {}));
      auto account = accounts.whoami(token, now);
      if (!account.ok() && account.error().clause == "accounts.session") {
        peer->set_account(std::nullopt, "");  // its session has ended
        return peer->send(state_message(rid, {}));
      }
      if (!account.ok()) return peer->send(refusal(rid, account.error()));
      return peer->send(state_message(
          rid,
          with_notices(with_vacation(state_with_note(*account), account->id, now), account->id)));
    }
    case v1::ClientMessage::kLogOut: {
      const auto account = peer->account();
      const bool everywhere = account && message.log_out().everywhere();
      engine::Status st = engine::ok_status();
      if (everywhere) {
        st = accounts.log_out_everywhere(account->id);
      } else if (!token.empty()) {
        st = accounts.log_out(token);
      }
      if (!st) return peer->send(refusal(rid, st.error()));
      // This connection first: the others whose session ended are closed.
      peer->set_account(std::nullopt, "");
      if (account && (everywhere || !token.empty())) {
        sessions_ended(account->id, [everywhere, token](const std::string& t) {
          return everywhere || t == token;
        });
      }
      return peer->send(state_message(rid, {}));
    }
    case v1::ClientMessage::kChangePassword: {
      const auto account = peer->account();
      const v1::ChangePassword& c = message.change_password();
      if (auto st = accounts.change_password(token, c.old_password(), c.new_password(), now); !st) {
        return peer->send(refusal(rid, st.error()));
      }
      if (account)
        sessions_ended(account->id, [token](const std::string& t) { return t != token; });
      spdlog::info("{}: changed the password of its account", peer->name());
      auto current = accounts.whoami(token, now);
      return peer->send(
          state_message(rid, current.ok() ? account_state(*current) : v1::AccountState{}));
    }
    case v1::ClientMessage::kDeleteAccount: {
      const auto account = peer->account();
      if (auto st = accounts.delete_account(token, message.delete_account().password(), now); !st) {
        return peer->send(refusal(rid, st.error()));
      }
      peer->set_account(std::nullopt, "");
      if (account) {
        spdlog::info("{}: deleted account {} (#{})", peer->name(), account->name, account->id);
        account_deleted(account->id);
      }
      return peer->send(state_message(rid, {}));
    }
    case v1::ClientMessage::kTakeVacation:
    case v1::ClientMessage::kEndVacation:
      return vacation(peer, message, accounts, now);
    case v1::ClientMessage::kSetWebhook:
    case v1::ClientMessage::kSetMailNotices:
      return notices(peer, message, accounts, now);
    default:
      if (mail_message(message)) return answer_mail(peer, message, accounts);
      return peer->send(
          room::error_message(rid, v1::INVALID_ARGUMENT, "", "not an account message"));
  }
}

}  // namespace grognard::net
