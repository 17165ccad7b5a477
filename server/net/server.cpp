// The listener (net/server.h). Each accepted connection gets a strand of its own, a handshake
// slot (net/admission.h: always, in place of an older one if need be) and an HTTP coroutine
// (net/http.h); at the descriptor
// limit the listener logs once a second and answers through a spare descriptor
// (net/accept_guard.h).

#include "net/server.h"

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <utility>

#include <spdlog/spdlog.h>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "net/accept_guard.h"
#include "net/gate.h"
#include "net/http.h"

namespace grognard::net {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;

// "127.0.0.1:8080" -> {"127.0.0.1", "8080"}; "[::1]:0" -> {"::1", "0"}; ":8080" binds all.
std::pair<std::string, std::string> split_listen(const std::string& listen) {
  const auto colon = listen.rfind(':');
  if (colon == std::string::npos || colon + 1 == listen.size()) {
    throw std::runtime_error("listen address \"" + listen + "\" is not host:port");
  }
  std::string host = listen.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  if (host.empty()) host = "0.0.0.0";
  std::string port = listen.substr(colon + 1);
  // The resolver would wrap 99999 round to 34463: check the number here.
  if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos ||
      std::stoul(port) > 65535) {
    throw std::runtime_error("listen address \"" + listen + "\": port must be 0 to 65535");
  }
  return {host, port};
}

// Whose handshake slot a connection takes (net/admission.h): its address key, or "" when it
// comes from a trusted proxy (whose clients are known only once their headers are read).
template <class Socket>
std::string handshake_key(const Socket& socket, const Options& options) {
  beast::error_code ec;
  const auto endpoint = socket.remote_endpoint(ec);
  if (ec) return "?";
  const std::string address = endpoint.address().to_string();
  const auto& trusted = options.trusted_proxies;
  if (std::find(trusted.begin(), trusted.end(), address) != trusted.end()) return "";
  return room::address_key(address, options.prefixes);
}

}  // namespace

struct Server::Impl : std::enable_shared_from_this<Server::Impl> {
  Impl(asio::io_context& context, std::shared_ptr<Hub> shared)
      : ioc(context), hub(std::move(shared)), acceptor(asio::make_strand(context)) {}

  asio::awaitable<void> accept_loop(std::shared_ptr<Impl> self);

  asio::io_context& ioc;
  std::shared_ptr<Hub> hub;
  tcp::acceptor acceptor;  // on its own strand: accepts and close() never race
  tcp::endpoint bound;
  // At the descriptor limit (net/accept_guard.h); used on the acceptor's strand.
  std::shared_ptr<SpareDescriptor> spare = std::make_shared<SpareDescriptor>();
  AcceptFailures failures;
};

asio::awaitable<void> Server::Impl::accept_loop(std::shared_ptr<Impl> self) {
  for (;;) {
    auto [ec, socket] =
        co_await acceptor.async_accept(asio::make_strand(ioc), asio::as_tuple(asio::use_awaitable));
    std::shared_ptr<void> spare_held;
    if (ec) {
      if (ec == asio::error::operation_aborted || !acceptor.is_open()) co_return;
      hub->metrics.accept_failed();
      failures.failed(ec.message(), AcceptFailures::Clock::now());
      // Out of descriptors: the spare lets one connection in to be answered over HTTP.
      // Only one already waiting: with no connection pending (would_block), none is waited for.
      if (ec == asio::error::no_descriptors && spare->release()) {
        spare_held = hold_spare(spare);
        socket = acceptor.accept(asio::make_strand(ioc), ec);
      }
      if (ec) {
        spare_held.reset();
        if (!acceptor.is_open()) co_return;
        asio::steady_timer pause(acceptor.get_executor(), 100ms);
        co_await pause.async_wait(asio::as_tuple(asio::use_awaitable));
        spare->restore();  // if it was lost to another taker meanwhile
        continue;
      }
    }
    Admission::Ticket handshake;
    if (!spare_held) {
      handshake = hub->admission.handshake(
          handshake_key(socket, hub->options),
          [ex = socket.get_executor()](std::function<void()> f) { asio::post(ex, std::move(f)); });
    }
    beast::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    beast::tcp_stream stream(std::move(socket));
    auto executor = stream.get_executor();
    asio::co_spawn(
        executor,
        http_session(std::move(stream), self->hub, std::move(handshake), std::move(spare_held)),
        [](const std::exception_ptr& e) { log_exception("http session", e); });
  }
}

Server::Server(asio::io_context& ioc, Options options, room::Lobby& lobby,
               const record::Registry& registry, site::ServerMetrics& metrics,
               AccountDesk& accounts) {
  auto welcome = make_welcome(options, registry.rulesets());
  auto hub =
      std::make_shared<Hub>(std::move(options), lobby, metrics, std::move(welcome), accounts);
  accounts.on_sessions_ended(
      [weak = std::weak_ptr<Hub>(hub)](std::int64_t account_id,
                                       const std::function<bool(const std::string&)>& ended) {
        if (auto h = weak.lock()) h->end_sessions(account_id, ended);
      });
  impl_ = std::make_shared<Impl>(ioc, std::move(hub));
}

Server::~Server() {
  beast::error_code ignored;
  impl_->acceptor.close(ignored);
}

void Server::start() {
  const std::string& listen = impl_->hub->options.listen;
  auto [host, port] = split_listen(listen);
  beast::error_code ec;
  tcp::resolver resolver(impl_->ioc);
  auto results =
      resolver.resolve(host, port, tcp::resolver::passive | tcp::resolver::numeric_service, ec);
  if (ec || results.empty()) {
    throw std::runtime_error("cannot resolve listen address \"" + listen +
                             "\": " + (ec ? ec.message() : "no address"));
  }
  const tcp::endpoint endpoint = results.begin()->endpoint();
  tcp::acceptor& acceptor = impl_->acceptor;
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (!ec) acceptor.non_blocking(true, ec);  // the spare's accept must not wait
  if (!ec) impl_->bound = acceptor.local_endpoint(ec);
  if (ec) throw std::runtime_error("cannot listen on " + listen + ": " + ec.message());
  asio::co_spawn(acceptor.get_executor(), impl_->accept_loop(impl_),
                 [](const std::exception_ptr& e) { log_exception("listener", e); });
}

std::string Server::host() const {
  const auto address = impl_->bound.address();
  return address.is_v6() ? "[" + address.to_string() + "]" : address.to_string();
}

std::uint16_t Server::port() const {
  return impl_->bound.port();
}

void Server::stop_accepting() {
  impl_->hub->begin_shutdown();
  asio::post(impl_->acceptor.get_executor(), [impl = impl_] {
    beast::error_code ignored;
    impl->acceptor.close(ignored);
  });
}

void Server::close_sessions(const std::string& reason) {
  impl_->hub->shut_down_all(reason);
}

bool Server::wait_sessions(std::chrono::milliseconds timeout) {
  return impl_->hub->wait_empty(timeout);
}

site::Bans& Server::bans() {
  return impl_->hub->bans;
}

std::size_t Server::sessions() const {
  return impl_->hub->size();
}

}  // namespace grognard::net
