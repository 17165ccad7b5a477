#pragma once
// Internal to net/account_http.cpp and net/account_page.cpp: running account work on the
// desk's thread from an HTTP request's coroutine, and the peer that collects the desk's answer.

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include <boost/asio/async_result.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "net/account_desk.h"
#include "net/http.h"
#include "net/session.h"

namespace grognard::net::detail {

namespace asio = boost::asio;

// Runs `work` on the desk's thread; the coroutine that awaits this goes on on its own executor
// with the result, or nullopt when accounts are off or too many wait. Not a coroutine itself:
// it hands the awaiting coroutine's handler to the desk. `work` is a named object of the
// caller's: GCC 12 destroys some temporaries of a co_await's full-expression twice.
template <class T>
asio::awaitable<std::optional<T>> on_desk(AccountDesk& desk,
                                          const std::function<T(accounts::Accounts&)>& work) {
  return asio::async_initiate<decltype(asio::use_awaitable), void(std::optional<T>)>(
      [&desk](auto handler, std::function<T(accounts::Accounts&)> job) {
        auto shared = std::make_shared<decltype(handler)>(std::move(handler));
        const auto finish = [shared](std::optional<T> result) {
          auto ex = asio::get_associated_executor(*shared);
          asio::post(
              ex, [shared, result = std::move(result)]() mutable { (*shared)(std::move(result)); });
        };
        if (!desk.post([job, finish](accounts::Accounts& a) { finish(job(a)); })) {
          finish(std::nullopt);
        }
      },
      asio::use_awaitable, work);
}

// A peer for the desk that answers into one HTTP response: what the desk sends it, and the
// session it logs it in to.
class HttpPeer final : public AccountPeer {
 public:
  HttpPeer(const ClientAddress& client, std::string token)
      : name_(client.name), address_(client.address), key_(client.key), token_(std::move(token)) {}
  void send(std::shared_ptr<const v1::ServerMessage> m) override {
    std::lock_guard lock(mu_);
    answer_ = std::move(m);
  }
  void bind(room::Binding) override {}
  std::optional<room::Binding> binding() const override { return std::nullopt; }
  void unbind() override {}
  std::string name() const override { return name_ + " (HTTP)"; }
  std::string address() const override { return address_; }
  std::string address_key() const override { return key_; }
  std::optional<room::AccountRef> account() const override {
    std::lock_guard lock(mu_);
    return account_;
  }
  void set_account(std::optional<room::AccountRef> a, std::string token) override {
    std::lock_guard lock(mu_);
    account_ = std::move(a);
    token_ = std::move(token);
  }
  std::string session_token() const override {
    std::lock_guard lock(mu_);
    return token_;
  }
  std::shared_ptr<const v1::ServerMessage> answer() const {
    std::lock_guard lock(mu_);
    return answer_;
  }

 private:
  const std::string name_, address_, key_;
  mutable std::mutex mu_;
  std::optional<room::AccountRef> account_;
  std::string token_;
  std::shared_ptr<const v1::ServerMessage> answer_;
};

}  // namespace grognard::net::detail
