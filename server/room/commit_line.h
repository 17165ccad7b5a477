#pragma once
// A room's commit line (room/room.h, "Write path"): the requests that wait while a commit is in
// flight, and whether the room still takes changes: stopped for shutdown, stopped by a failure,
// or stopped by a storage error and retrying on a timer (room_storage.cpp). Strand-only: the
// room calls every member on its strand.

#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

namespace grognard::room {

class CommitLine {
 public:
  using Strand = boost::asio::strand<boost::asio::any_io_executor>;

  // Runs `op` now, or once the commit in flight is answered.
  void run(std::function<void()> op);
  // A commit is in flight from begin() to end(); drain() then runs what waited, until one of
  // those commits in turn.
  void begin() { busy_ = true; }
  void end() { busy_ = false; }
  void drain();

  // Stopped for shutdown (Room::stop): takes no command from now on.
  void stop() { stopped_ = true; }
  bool stopped() const { return stopped_; }
  // Stopped by a failure: `failure()` says why (fail-stop).
  void fail(std::string why);
  bool failed() const { return failed_; }
  const std::string& failure() const { return failure_; }
  // Either: the room takes no change.
  bool halted() const { return failed_ || stopped_; }

  // A commit failed: true the first time, when the room is to stop (fail()); later failures
  // while it is stopped by storage only retry again.
  bool fail_storage();
  bool stopped_by_storage() const { return storage_failed_; }
  // Calls `retry` on `strand` after the retry delay (0.5 s, doubling up to 30 s), unless the
  // room is stopped for shutdown or is not stopped by storage; returns the delay, or zero.
  std::chrono::milliseconds schedule_retry(const Strand& strand, std::function<void()> retry);
  // Saving works again: the room goes on, and the next storage error retries after 0.5 s.
  void recovered();

 private:
  bool busy_ = false;
  std::deque<std::function<void()>> waiting_;
  bool failed_ = false;
  bool stopped_ = false;
  std::string failure_;
  bool storage_failed_ = false;  // failed_ by a storage error: retried
  std::chrono::milliseconds retry_delay_{500};
  std::unique_ptr<boost::asio::steady_timer> retry_;
};

}  // namespace grognard::room
