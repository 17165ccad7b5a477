#include "driver_conn.h"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include "client/codec.h"

namespace grognard::reliability {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
constexpr auto kTuple = asio::as_tuple(asio::use_awaitable);

struct Conn::Impl : std::enable_shared_from_this<Impl> {
  explicit Impl(asio::any_io_executor ex) : ws(ex), wake(ex) {}

  websocket::stream<beast::tcp_stream> ws;
  asio::steady_timer wake;  // cancelled when the answer waited for comes or the connection ends
  beast::flat_buffer buffer;
  std::uint64_t next_id = 1;
  std::uint64_t waiting_for = 0;
  std::optional<v1::ServerMessage> answer;
  bool open = false;
  std::function<void(const v1::ServerMessage&)> on_push;
  std::string closing_reason;
  std::uint16_t close_code = 0;

  void end() {
    if (!open) return;
    open = false;
    beast::error_code ignored;
    beast::get_lowest_layer(ws).socket().close(ignored);
    wake.cancel();
  }

  asio::awaitable<void> read_loop() {
    auto self = shared_from_this();
    while (open) {
      auto [ec, n] = co_await ws.async_read(buffer, kTuple);
      if (ec) {
        if (ws.reason().code != 0) close_code = static_cast<std::uint16_t>(ws.reason().code);
        end();
        co_return;
      }
      const auto data = buffer.cdata();
      auto message = client::decode(
          std::string_view(static_cast<const char*>(data.data()), data.size()), ws.got_binary());
      buffer.consume(buffer.size());
      if (!message.ok()) continue;
      if (message->request_id() != 0) {
        // An answer: the one waited for, or a late one whose caller gave up (dropped).
        if (message->request_id() == waiting_for) {
          answer = std::move(*message);
          waiting_for = 0;
          wake.cancel();
        }
        continue;
      }
      if (message->has_closing()) closing_reason = message->closing().reason();
      if (on_push) on_push(*message);
    }
  }
};

Conn::Conn(asio::any_io_executor executor) : impl_(std::make_shared<Impl>(executor)) {}

Conn::~Conn() {
  impl_->on_push = nullptr;
  impl_->end();
}

asio::awaitable<bool> Conn::open(std::uint16_t port, Millis timeout) {
  auto self = impl_;
  auto& stream = beast::get_lowest_layer(self->ws);
  stream.expires_after(timeout);
  auto [ec] = co_await stream.async_connect(
      tcp::endpoint(asio::ip::make_address_v4("127.0.0.1"), port), kTuple);
  if (ec) co_return false;
  stream.socket().set_option(tcp::no_delay(true), ec);
  auto [hs] = co_await self->ws.async_handshake("127.0.0.1:" + std::to_string(port), "/", kTuple);
  stream.expires_never();
  if (hs) {
    stream.socket().close(ec);
    co_return false;
  }
  self->ws.binary(true);
  self->ws.read_message_max(64u << 20);
  self->open = true;
  asio::co_spawn(self->ws.get_executor(), self->read_loop(), asio::detached);

  v1::ClientMessage hello;
  hello.mutable_hello()->set_protocol_version(1);
  hello.mutable_hello()->set_client("grognard-reliability");
  auto welcome = co_await request(std::move(hello), timeout);
  co_return welcome && welcome->has_welcome();
}

asio::awaitable<std::optional<v1::ServerMessage>> Conn::request(v1::ClientMessage message,
                                                                Millis timeout) {
  auto self = impl_;
  if (!self->open) co_return std::nullopt;
  const std::uint64_t id = self->next_id++;
  message.set_request_id(id);
  self->waiting_for = id;
  self->answer.reset();
  const std::string bytes = client::encode(message, client::Format::kBinary);
  auto [ec, n] = co_await self->ws.async_write(asio::buffer(bytes), kTuple);
  if (ec) {
    self->end();
    co_return std::nullopt;
  }
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!self->answer && self->open && std::chrono::steady_clock::now() < deadline) {
    self->wake.expires_at(deadline);
    co_await self->wake.async_wait(kTuple);
  }
  if (!self->answer) {
    self->waiting_for = 0;
    co_return std::nullopt;
  }
  auto out = std::move(self->answer);
  self->answer.reset();
  co_return out;
}

void Conn::drop() {
  impl_->end();
}
bool Conn::is_open() const {
  return impl_->open;
}
void Conn::on_push(std::function<void(const v1::ServerMessage&)> handler) {
  impl_->on_push = std::move(handler);
}
const std::string& Conn::closing_reason() const {
  return impl_->closing_reason;
}
std::uint16_t Conn::close_code() const {
  return impl_->close_code;
}

}  // namespace grognard::reliability
