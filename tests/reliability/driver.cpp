#include "driver.h"

#include <cstdio>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace grognard::reliability {

constexpr auto kTuple = asio::as_tuple(asio::use_awaitable);

asio::awaitable<void> Target::wait_up(const bool& stop) {
  asio::steady_timer t(co_await asio::this_coro::executor);
  while (!up_ && !stop) {
    t.expires_after(std::chrono::milliseconds(50));
    co_await t.async_wait(kTuple);
  }
}

void Ledger::violation(std::string what) {
  ++violation_count;
  if (violations.size() < 40) violations.push_back(std::move(what));
}

void Player::take(const v1::GameEvent& e, Ledger& ledger, bool overlap_ok) {
  if (e.seq() <= last_seq) {
    if (!overlap_ok) {
      ledger.violation("game " + game_id + " " + seat + ": event " + std::to_string(e.seq()) +
                       " came again (last seen " + std::to_string(last_seq) + ")");
    }
    return;
  }
  if (e.seq() != last_seq + 1) {
    ledger.violation("game " + game_id + " " + seat + ": events " + std::to_string(last_seq + 1) +
                     ".." + std::to_string(e.seq() - 1) + " never came");
  }
  last_seq = e.seq();
  ++ledger.events;
}

void Player::watch(Ledger& ledger) {
  conn->on_push([this, &ledger](const v1::ServerMessage& m) {
    if (!m.has_events() || m.events().game_id() != game_id) return;
    const v1::EventBatch& batch = m.events();
    if (!batch.status().empty()) status = batch.status();
    acting.assign(batch.acting_seats().begin(), batch.acting_seats().end());
    for (const v1::GameEvent& e : batch.events()) {
      if (catching_up) {
        stash.push_back(e);
      } else {
        take(e, ledger, false);
      }
    }
  });
}

asio::awaitable<void> Driver::sleep(Millis ms) {
  asio::steady_timer t(io.get_executor(), ms);
  co_await t.async_wait(kTuple);
}

void Driver::drop_all() {
  for (Player* p : players) {
    if (p->conn) p->conn->drop();
    p->dropped = true;
    ++ledger.drops;
  }
}

bool run_to_end(asio::io_context& io, asio::awaitable<void> run) {
  asio::co_spawn(io, std::move(run), [](const std::exception_ptr& e) {
    if (e) std::rethrow_exception(e);
  });
  try {
    io.run();
  } catch (const std::exception& e) {
    std::printf("FAILED: %s\n", e.what());
    return false;
  }
  return true;
}

}  // namespace grognard::reliability
