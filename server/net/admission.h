#pragma once
// Who may connect (docs/design.md "Protocol": every resource a client can take is bounded): at most
// Options::max_handshakes connections in their HTTP/WebSocket handshake at once, and at most
// Options::max_connections WebSocket connections in all and max_connections_per_address from
// one client address (0: no bound). A connection holds a ticket for what it takes and gives it
// back when the ticket goes. Refusals and the handshakes in progress go to the metrics.
// Beast-free.
//
// Thread-safety: every member may be called from any thread; a Ticket is used by one.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "net/metrics.h"

namespace grognard::net {

class Admission {
  struct State;

 public:
  // A place taken: a handshake in progress, or a connection. Move-only; gives it back when
  // destroyed or reset.
  class Ticket {
   public:
    Ticket() = default;
    Ticket(Ticket&&) noexcept = default;
    Ticket& operator=(Ticket&& other) noexcept;
    ~Ticket() { reset(); }
    void reset();
    explicit operator bool() const { return state_ != nullptr; }

   private:
    friend class Admission;
    Ticket(std::shared_ptr<State> state, std::string address)
        : state_(std::move(state)), address_(std::move(address)) {}
    std::shared_ptr<State> state_;
    std::string address_;  // empty for a handshake
  };

  // Why a connection was refused, as the metric's reason label says it.
  static constexpr const char* kTotal = "max_connections";
  static constexpr const char* kPerAddress = "max_connections_per_address";
  static constexpr const char* kHandshakes = "max_handshakes";

  // `metrics` outlives every ticket.
  Admission(std::uint32_t max_connections, std::uint32_t per_address, std::uint32_t max_handshakes,
            ServerMetrics& metrics);

  // A handshake slot, or an empty ticket (counted as refused) when all are taken.
  Ticket handshake();
  // A connection from `address`, or an empty ticket and `*refusal` set to kTotal or
  // kPerAddress (counted as refused).
  Ticket connection(const std::string& address, const char** refusal);

  std::size_t connections() const;
  std::size_t handshakes() const;

 private:
  std::shared_ptr<State> state_;
};

}  // namespace grognard::net
