#pragma once
// A connected client as rooms see it. net::Session implements it; tests may fake it.
// Thread-safety: every member may be called from any thread.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "room/addresses.h"

namespace grognard::v1 {
class ServerMessage;
}

namespace grognard::room {

class Room;

// Which seat of which room a connection holds.
struct Binding {
  std::shared_ptr<Room> room;
  std::string seat_id;  // "side:0", "observer:…"
  std::string role;     // "general", "player", "referee", "observer"
};

// The account a connection is logged in to (docs/accounts.md); rooms know no more of accounts.
struct AccountRef {
  std::int64_t id = 0;
  std::string name;
};

class Peer {
 public:
  virtual ~Peer() = default;
  // Queues a message for the client; never blocks. A client that does not read is dropped by
  // its connection, not buffered forever.
  virtual void send(std::shared_ptr<const v1::ServerMessage> message) = 0;
  virtual void bind(Binding binding) = 0;
  virtual std::optional<Binding> binding() const = 0;
  virtual void unbind() = 0;
  virtual std::string name() const = 0;  // for logs: "127.0.0.1:51234#7"
  // The client's address ("127.0.0.1", or the one a trusted proxy names), as logs and bans
  // name it.
  virtual std::string address() const = 0;
  // What per-address limits count it as (rooms created, unknown invite codes tried, chat,
  // observer seats): room::address_key of its address. The server's connections use its
  // --ipv6-prefix; this default, /64.
  virtual std::string address_key() const { return room::address_key(address(), {}); }
  // The range of addresses it is in, what a share per range counts: room::address_range.
  virtual std::string address_range() const { return room::address_range(address(), {}); }
  // The account it is logged in to, if any: a seat it takes is that account's.
  virtual std::optional<AccountRef> account() const { return std::nullopt; }
};

}  // namespace grognard::room
