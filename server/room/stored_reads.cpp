#include "room/stored_reads.h"

#include <sys/resource.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include "room/messages.h"

namespace grognard::room {

StoredReads::StoredReads() : thread_([this] { loop(); }) {}

StoredReads::~StoredReads() {
  std::deque<Job> left;
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
    left.swap(jobs_);
  }
  wake_.notify_all();
  thread_.join();
  for (const Job& job : left) {
    job.peer->send(error_message(job.rid, v1::UNAVAILABLE, "", "the server is shutting down"));
  }
}

void StoredReads::run(const std::shared_ptr<Peer>& peer, std::uint64_t rid,
                      std::function<void()> read) {
  std::string address = peer->address_key();
  std::string refusal;
  v1::Code code = v1::UNAVAILABLE;
  {
    std::lock_guard lock(mu_);
    std::size_t& mine = by_address_[address];
    if (stopping_) {
      refusal = "the server is shutting down";
    } else if (waiting_ >= kMaxWaiting) {
      refusal = "the server is busy reading stored games (" + std::to_string(waiting_) +
                " requests wait): ask again in a moment";
    } else if (mine >= kPerAddress) {
      code = v1::RESOURCE_EXHAUSTED;
      refusal = "your address (" + address + ") has " + std::to_string(mine) +
                " requests for stored games waiting, as many as one address may: wait for their "
                "answers";
    } else {
      ++mine;
      ++waiting_;
      jobs_.push_back(Job{peer, rid, address, std::move(read)});
    }
    if (mine == 0) by_address_.erase(address);
  }
  if (refusal.empty()) {
    wake_.notify_one();
  } else {
    peer->send(error_message(rid, code, "", refusal));
  }
}

void StoredReads::loop() {
  // Serving the games in play comes first: this thread yields the cores to the I/O threads.
  (void)setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10);
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mu_);
      wake_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (stopping_) return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    try {
      job.read();
    } catch (const std::exception& e) {
      spdlog::error("{}: reading a stored game failed: {}", job.peer->name(), e.what());
      job.peer->send(
          error_message(job.rid, v1::UNAVAILABLE, "", "the server failed on this request"));
    }
    done(job.address);
  }
}

void StoredReads::done(const std::string& address) {
  std::lock_guard lock(mu_);
  --waiting_;
  if (auto it = by_address_.find(address); it != by_address_.end() && --it->second == 0) {
    by_address_.erase(it);
  }
}

}  // namespace grognard::room
