#pragma once
// The floor of a durable turn (docs/performance.md, "The floor"): grognard_echo --durable DB
// does for each frame the least that grognard-server promises for a command, and nothing of
// the rules. Connections come in pairs (two generals); a connection's first message is a text
// frame "PAIR SIDE" (SIDE 0 or 1), answered with 8 zero bytes. Every later frame is a turn: it is
// chained (SHA-256 of the previous link and the frame), appended as a row to an SQLite database in
// WAL mode with synchronous=FULL by one writer thread that commits whatever has queued in one
// transaction (group commit), and only once that commit has returned is an acknowledgement (8
// bytes: the turn's number) sent to the sender and the turn (the frame and its 32-byte link) to the
// other side of its pair.

#include <memory>
#include <string>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

namespace grognard::bench {

class DurableTurns {
 public:
  // Opens (creates) the database at `path`; exits with SQLite's message when it cannot.
  DurableTurns(boost::asio::io_context& io, const std::string& path);
  ~DurableTurns();
  DurableTurns(const DurableTurns&) = delete;
  DurableTurns& operator=(const DurableTurns&) = delete;

  // Serves one accepted connection until it closes.
  boost::asio::awaitable<void> serve(boost::asio::ip::tcp::socket socket);

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace grognard::bench
