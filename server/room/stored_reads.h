#pragma once
// Reads of games no room holds (get_events and get_state of a stored game, the list of games,
// archive files), on a thread of their own at a lower priority than the I/O threads: a read
// waits for the store and may fold many events, and no connection should wait behind it
// (docs/design.md, "Shape"). One read at a time; at most kMaxWaiting wait (the one running
// included), at most kPerAddress of them from one address; past either, a request is refused at
// once, with the bound named.
//
// Thread-safety: run() may be called from any thread.

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

#include "room/peer.h"

namespace grognard::room {

class StoredReads {
 public:
  static constexpr std::size_t kMaxWaiting = 64;
  static constexpr std::size_t kPerAddress = 4;

  StoredReads();
  // Waits for the read running; those still waiting are answered UNAVAILABLE.
  ~StoredReads();
  StoredReads(const StoredReads&) = delete;
  StoredReads& operator=(const StoredReads&) = delete;

  // Runs `read` (which answers `peer` itself) on the thread, or answers request `rid` with the
  // refusal now. An exception out of `read` is answered UNAVAILABLE.
  void run(const std::shared_ptr<Peer>& peer, std::uint64_t rid, std::function<void()> read);

 private:
  struct Job {
    std::shared_ptr<Peer> peer;
    std::uint64_t rid = 0;
    std::string address;
    std::function<void()> read;
  };
  void loop();
  void done(const std::string& address);

  std::mutex mu_;
  std::condition_variable wake_;
  std::deque<Job> jobs_;
  std::unordered_map<std::string, std::size_t> by_address_;  // waiting and running
  std::size_t waiting_ = 0;                                  // the same, in all
  bool stopping_ = false;
  std::thread thread_;  // last: started once the rest is ready
};

}  // namespace grognard::room
