// The writer: group commit, `done` exactly once per batch, failures reported to exactly the
// batches that were not stored, and a store that keeps working after a failure.

#include <atomic>
#include <catch2/catch.hpp>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "fixture.h"
#include "store/sqlite_store.h"

using namespace grognard;
using namespace grognard::store;
using namespace grognard::store::test;

namespace {

// Holds the writer inside one chosen commit (via the fault hook) so that the test can queue
// batches behind it, which the writer then takes together.
class CommitGate {
 public:
  // Called by the hook on the writer thread: blocks the `hold`-th commit until release().
  // Returns whether this commit should fail.
  bool on_commit_attempt() {
    std::unique_lock lock(mu_);
    const int n = ++attempts_;
    if (n == hold_) {
      entered_ = true;
      cv_.notify_all();
      cv_.wait(lock, [&] { return released_; });
    }
    return n == fail_;
  }
  void hold(int attempt) {
    std::lock_guard lock(mu_);
    hold_ = attempt;
  }
  void fail(int attempt) {
    std::lock_guard lock(mu_);
    fail_ = attempt;
  }
  void wait_entered() {
    std::unique_lock lock(mu_);
    cv_.wait(lock, [&] { return entered_; });
  }
  void release() {
    std::lock_guard lock(mu_);
    released_ = true;
    cv_.notify_all();
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  int attempts_ = 0;
  int hold_ = -1;
  int fail_ = -1;
  bool entered_ = false;
  bool released_ = false;
};

// A store wired to a gate and recording the size of every successful commit.
struct Harness {
  TempDir dir;
  CommitGate gate;
  std::mutex mu;
  std::vector<std::size_t> commit_sizes;
  std::unique_ptr<SqliteStore> store;

  Harness() {
    SqliteStore::Options options;
    options.on_commit = [this](std::size_t n, double seconds) {
      std::lock_guard lock(mu);
      commit_sizes.push_back(n);
      (void)seconds;
    };
    options.fail_next_commit = [this] { return gate.on_commit_attempt(); };
    auto opened = SqliteStore::open(dir.file("g.db"), std::move(options));
    REQUIRE(opened.ok());
    store = std::move(opened).value();
  }
  std::vector<std::size_t> sizes() {
    std::lock_guard lock(mu);
    return commit_sizes;
  }
};

// Records each batch's outcome; `done` must run exactly once per batch.
struct Outcomes {
  explicit Outcomes(std::size_t n) : calls(n), ok(n), messages(n) {}
  std::function<void(engine::Status)> done(std::size_t i) {
    return [this, i](engine::Status st) {
      ++calls[i];
      ok[i] = st.ok();
      if (!st.ok()) messages[i] = st.error().clause + ": " + st.error().message;
    };
  }
  std::vector<std::atomic<int>> calls;
  std::vector<std::atomic<bool>> ok;
  std::vector<std::string> messages;  // written on the writer thread, read after flush()
};

record::WriteBatch events_batch(const std::string& game, std::uint64_t first, std::size_t count,
                                const record::Hash32& previous = {}) {
  return record::WriteBatch{std::nullopt, {}, make_events(game, first, count, previous), {}, {}};
}

std::vector<std::uint64_t> seqs(SqliteStore& store, const std::string& game) {
  std::vector<std::uint64_t> out;
  const auto events = store.events(game, 1, 0).value();
  for (const auto& e : events) out.push_back(e.seq);
  return out;
}

}  // namespace

TEST_CASE("appends from many threads are all committed, several batches per commit",
          "[durability]") {
  Harness h;
  constexpr int kThreads = 4;
  constexpr std::size_t kPerThread = 100;
  for (int t = 0; t < kThreads; ++t) {
    REQUIRE(append_sync(*h.store, new_game_batch(make_game("g-" + std::to_string(t)))).ok());
  }
  h.gate.hold(kThreads + 1);  // the first commit after the games: queue behind it

  Outcomes outcomes(kThreads * kPerThread);
  std::vector<std::thread> rooms;
  for (int t = 0; t < kThreads; ++t) {
    rooms.emplace_back([&, t] {
      const std::string game = "g-" + std::to_string(t);
      record::Hash32 previous{};
      for (std::size_t i = 0; i < kPerThread; ++i) {
        record::WriteBatch b = events_batch(game, i + 1, 1, previous);
        previous = b.events[0].chain;
        b.events[0].command_id = "c-" + std::to_string(i);
        h.store->append(std::move(b), outcomes.done(static_cast<std::size_t>(t) * kPerThread + i));
      }
    });
  }
  for (auto& r : rooms) r.join();  // everything is queued (the writer may hold some of it)
  h.gate.wait_entered();
  h.gate.release();
  h.store->flush();

  for (std::size_t i = 0; i < outcomes.calls.size(); ++i) {
    INFO("batch " << i << " " << outcomes.messages[i]);
    REQUIRE(outcomes.calls[i] == 1);
    REQUIRE(outcomes.ok[i]);
  }
  for (int t = 0; t < kThreads; ++t) {
    CHECK(seqs(*h.store, "g-" + std::to_string(t)).size() == kPerThread);
  }
  const auto sizes = h.sizes();
  std::size_t total = 0, largest = 0;
  for (std::size_t n : sizes) {
    total += n;
    largest = std::max(largest, n);
  }
  CHECK(total == kThreads + kThreads * kPerThread);
  CHECK(largest > 1);
  CHECK(sizes.size() < total);
}

TEST_CASE("a failed commit fails every batch in it, stores none of them, and the store goes on",
          "[durability]") {
  Harness h;
  REQUIRE(append_sync(*h.store, new_game_batch(make_game("g-1"))).ok());  // commit 1
  const auto first = make_events("g-1", 1, 1);
  h.gate.hold(2);
  h.gate.fail(3);

  Outcomes outcomes(5);
  h.store->append(record::WriteBatch{std::nullopt, {}, first, {}, {}},
                  outcomes.done(0));  // commit 2
  h.gate.wait_entered();
  // Commit 3, which fails: three batches from two rooms.
  h.store->append(events_batch("g-1", 2, 1, first[0].chain), outcomes.done(1));
  h.store->append(events_batch("g-1", 3, 1), outcomes.done(2));
  record::WriteBatch other = new_game_batch(make_game("g-2"));
  other.events = make_events("g-2", 1, 2);
  h.store->append(std::move(other), outcomes.done(3));
  h.gate.release();
  h.store->flush();

  // Commit 4: the store still works.
  h.store->append(events_batch("g-1", 2, 1, first[0].chain), outcomes.done(4));
  h.store->flush();

  for (std::size_t i = 0; i < 5; ++i) CHECK(outcomes.calls[i] == 1);
  CHECK(outcomes.ok[0]);
  for (std::size_t i = 1; i <= 3; ++i) {
    CHECK_FALSE(outcomes.ok[i]);
    CHECK_THAT(outcomes.messages[i],
               Catch::StartsWith("store.commit") && Catch::Contains("injected"));
  }
  CHECK(outcomes.ok[4]);
  CHECK(seqs(*h.store, "g-1") == std::vector<std::uint64_t>{1, 2});
  CHECK_FALSE(h.store->game("g-2").value().has_value());
  CHECK(h.store->seats("g-2").value().empty());
  CHECK(h.sizes() == std::vector<std::size_t>{1, 1, 1});  // failed commits are not reported
}

TEST_CASE("a duplicate (game_id, seq) fails its whole batch and only that batch", "[durability]") {
  Harness h;
  record::WriteBatch start = new_game_batch(make_game("g-1"));
  start.events = make_events("g-1", 1, 3);
  REQUIRE(append_sync(*h.store, std::move(start)).ok());  // commit 1
  h.gate.hold(2);

  Outcomes outcomes(4);
  h.store->append(events_batch("g-1", 4, 1), outcomes.done(0));  // commit 2, held
  h.gate.wait_entered();
  // Commit 3: a good batch, a batch repeating seq 3 (after a new seq 5), another good batch,
  // and a batch for a game that does not exist.
  record::WriteBatch good = new_game_batch(make_game("g-2"));
  good.events = make_events("g-2", 1, 2);
  h.store->append(std::move(good), outcomes.done(1));
  record::WriteBatch dup = events_batch("g-1", 5, 1);
  dup.events.push_back(make_events("g-1", 3, 1)[0]);
  dup.events[0].command_id = "c-dup";
  dup.game = make_game("g-1", "itchy", 1, record::GameStatus::kFinished);
  h.store->append(std::move(dup), outcomes.done(2));
  h.store->append(events_batch("g-nobody", 1, 1), outcomes.done(3));
  h.gate.release();
  h.store->flush();

  for (std::size_t i = 0; i < 4; ++i) CHECK(outcomes.calls[i] == 1);
  CHECK(outcomes.ok[0]);
  CHECK(outcomes.ok[1]);
  CHECK_FALSE(outcomes.ok[2]);
  CHECK_THAT(outcomes.messages[2], Catch::Contains("g-1#3") && Catch::Contains("UNIQUE"));
  CHECK_FALSE(outcomes.ok[3]);
  CHECK_THAT(outcomes.messages[3], Catch::Contains("FOREIGN KEY"));

  CHECK(seqs(*h.store, "g-1") == std::vector<std::uint64_t>{1, 2, 3, 4});  // no 5
  for (const auto& e : h.store->events("g-1", 1, 0).value()) CHECK(e.command_id != "c-dup");
  CHECK(h.store->game("g-1").value().value().status == record::GameStatus::kRunning);
  CHECK(seqs(*h.store, "g-2") == std::vector<std::uint64_t>{1, 2});
  CHECK(h.sizes() == std::vector<std::size_t>{1, 1, 3});

  SECTION("a seq repeated inside one batch fails it too") {
    record::WriteBatch twice = events_batch("g-2", 3, 1);
    twice.events.push_back(twice.events[0]);
    CHECK_FALSE(append_sync(*h.store, std::move(twice)).ok());
    CHECK(seqs(*h.store, "g-2") == std::vector<std::uint64_t>{1, 2});
  }
}

TEST_CASE("`done` runs after the commit is readable and may append again", "[durability]") {
  Harness h;
  REQUIRE(append_sync(*h.store, new_game_batch(make_game("g-1"))).ok());
  std::atomic<int> seen_in_done{-1};
  std::atomic<bool> second_ok{false};
  SqliteStore& store = *h.store;
  store.append(events_batch("g-1", 1, 1), [&](engine::Status st) {
    // No assertions here: this runs on the writer thread.
    if (st.ok()) seen_in_done = static_cast<int>(store.events("g-1", 1, 0).value().size());
    store.append(events_batch("g-1", 2, 1), [&](engine::Status st2) { second_ok = st2.ok(); });
  });
  store.flush();  // the first batch has settled, so the follow-up is queued …
  store.flush();  // … and this waits for it too
  CHECK(seen_in_done == 1);
  CHECK(second_ok);
  CHECK(seqs(store, "g-1") == std::vector<std::uint64_t>{1, 2});
}

TEST_CASE("closing the store commits everything still queued", "[durability]") {
  TempDir dir;
  const std::string path = dir.file("g.db");
  std::atomic<int> ok{0};
  {
    auto store = SqliteStore::open(path).value();
    store->append(new_game_batch(make_game("g-1")), [&](engine::Status st) { ok += st.ok(); });
    for (std::uint64_t seq = 1; seq <= 50; ++seq) {
      store->append(events_batch("g-1", seq, 1), [&](engine::Status st) { ok += st.ok(); });
    }
  }
  CHECK(ok == 51);
  auto store = SqliteStore::open(path).value();
  CHECK(store->events("g-1", 1, 0).value().size() == 50);
}
