#pragma once
// Who may connect (docs/design.md "Protocol": every resource a client can take is bounded).
// Connections in their HTTP/WebSocket handshake take a slot of a pool of max_handshakes; one
// address holds at most handshakes_per_address of them; a connection from an address at its
// share takes the place of that address's oldest handshake, and one that finds the pool full the
// place of the oldest handshake of the address holding the most. A new connection is never turned
// away for want of a slot, so a client holding handshakes open cannot keep out others, nor
// /healthz (issue 33). WebSocket connections: at most max_connections in all, per_address from
// one address and per_range from one range of addresses (room/addresses.h; 0: no bound). A
// connection holds a ticket for what it takes and gives it back when the ticket goes. Refusals,
// evictions and the handshakes in progress go to the metrics. Beast-free.
//
// Thread-safety: every member may be called from any thread; a Ticket is used by one (its
// connection's strand).

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "site/prometheus.h"

namespace grognard::net {

class Admission {
  struct State;
  // What closes a handshake's connection: its ticket's, used on the connection's strand.
  struct Closer {
    std::function<void()> close;
  };

 public:
  // Runs a function on the connection's strand (asio::post to it).
  using Post = std::function<void(std::function<void()>)>;

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
    // A handshake's: what closes its connection should its place be taken for a newer one (run
    // on the connection's strand); set again by whoever holds the socket now. Call it on the
    // connection's strand.
    void on_evicted(std::function<void()> close);

   private:
    friend class Admission;
    Ticket(std::shared_ptr<State> state, std::uint64_t id, std::string address, std::string range,
           std::shared_ptr<Closer> closer)
        : state_(std::move(state)),
          id_(id),
          address_(std::move(address)),
          range_(std::move(range)),
          closer_(std::move(closer)) {}
    std::shared_ptr<State> state_;
    std::uint64_t id_ = 0;  // a handshake's; 0 for a connection
    std::string address_, range_;
    std::shared_ptr<Closer> closer_;  // a handshake's
  };

  struct Limits {
    std::uint32_t max_connections = 0;  // 0: none, as the rest
    std::uint32_t per_address = 0;
    std::uint32_t per_range = 0;
    std::uint32_t max_handshakes = 0;
    std::uint32_t handshakes_per_address = 0;
  };

  // Why a connection was refused, as the metric's reason label says it.
  static constexpr const char* kTotal = "max_connections";
  static constexpr const char* kPerAddress = "max_connections_per_address";
  static constexpr const char* kPerRange = "connections_per_range";

  // `metrics` outlives every ticket.
  Admission(Limits limits, site::ServerMetrics& metrics);

  // A handshake slot for a connection from address key `address` ("": one a trusted proxy
  // forwards, counted in the pool only), taken from the oldest handshake of its own address or
  // of the address holding the most when there is none to spare (its connection is closed
  // through `post`, counted as disconnect "handshake_evicted").
  Ticket handshake(const std::string& address, Post post);
  // A connection from `address` (a key) in `range`, or an empty ticket and `*refusal` set to
  // kTotal, kPerAddress or kPerRange (counted as refused).
  Ticket connection(const std::string& address, const std::string& range, const char** refusal);

  std::size_t connections() const;
  std::size_t handshakes() const;

 private:
  std::shared_ptr<State> state_;
};

}  // namespace grognard::net
