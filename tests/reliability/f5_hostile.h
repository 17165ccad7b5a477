#pragma once
// The attacks of F5's second part (f5_hostile.cpp; docs/reliability.md, "F5"): what one client
// could still do to everyone else after the first round of limits, each run in turn beside the
// healthy client. Each attack runs until `stop` and notes every outcome in the tally, expected
// or not; the client addresses are loopback addresses of their own (127.0.0.0/8), or addresses
// named in X-Forwarded-For to a server that trusts 127.0.0.1 as its proxy.

#include <atomic>
#include <cstdint>
#include <string>

#include "f5_common.h"

namespace grognard::f5 {

struct Target {
  std::uint16_t port = 0;
  std::string watched_room;   // invite code of a waiting room that allows observers
  std::string hoarded_room;   // another one, for observers who never leave
  std::string archived_game;  // an ended game no room holds
  std::uint64_t archived_events = 0;
};

using Stop = const std::atomic<bool>;

// 1: JSON text frames nested 30,000 deep (60 KB), answered INVALID_ARGUMENT naming the bound.
void deep_json(const Target& t, Stop& stop, Tally& tally);
// 2: 512 connections from one address that send "GET / HTTP/1.1\r\n" and nothing more, reopened
// when dropped; and what it must not stop: fresh connections and /healthz from another address
// and from its own.
void handshake_holder(const Target& t, Stop& stop, Tally& tally);
void handshake_probe(const Target& t, Stop& stop, Tally& tally);
// 3: 40 connections from one address joining the watched room as observers and leaving, 22
// times a second each; observers who join the hoarded room and go without leaving, until
// refused at the bound.
void observer_churn(const Target& t, Stop& stop, Tally& tally);
void observer_hoard(const Target& t, Stop& stop, Tally& tally);
// 4: one address chatting 1,000-byte messages from 16 seats of a room of its own until refused at
// its total; another address chatting in the same room meanwhile.
void chat_hoard(const Target& t, Stop& stop, Tally& tally);
// 5: 20 addresses of one IPv6 /64 creating rooms (they share one address's bound); 12 addresses of
// one IPv4 /24 creating rooms (they share the range's part of --max-rooms), then an address of
// another range creating one.
void ipv6_rooms(const Target& t, Stop& stop, Tally& tally);
void range_rooms(const Target& t, Stop& stop, Tally& tally);
// 6: two connections asking for pages of the archived game at random, under the rate limit.
void archive_pages(const Target& t, Stop& stop, Tally& tally);

}  // namespace grognard::f5
