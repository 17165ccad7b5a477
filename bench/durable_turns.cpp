#include "durable_turns.h"

#include <openssl/evp.h>
#include <sqlite3.h>

#include <array>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/post.hpp>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>
#include <vector>

#include "beast_names.h"

namespace grognard::bench {

namespace {

using Link = std::array<unsigned char, 32>;

// One connection; touched only on the io thread.
struct Conn {
  explicit Conn(tcp::socket s) : ws(std::move(s)) {}
  websocket::stream<tcp::socket> ws;
  std::deque<std::string> out;  // frames waiting for the one write in flight
  bool writing = false;
};

// Two generals and their game's log: the last turn's number and link.
struct Pair {
  std::weak_ptr<Conn> side[2];
  std::uint64_t seq = 0;
  Link chain{};
};

struct Turn {
  std::shared_ptr<Conn> from;
  std::weak_ptr<Conn> to;  // the other side of the pair
  std::string game;        // the pair's number, the row's game_id
  std::uint64_t seq = 0;
  std::string frame;  // what the other side gets: the frame, then its link
};

void chain(Link& link, const std::string& frame) {
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  unsigned int n = 0;
  if (ctx == nullptr || EVP_DigestInit_ex(ctx, EVP_sha256(), nullptr) != 1 ||
      EVP_DigestUpdate(ctx, link.data(), link.size()) != 1 ||
      EVP_DigestUpdate(ctx, frame.data(), frame.size()) != 1 ||
      EVP_DigestFinal_ex(ctx, link.data(), &n) != 1) {
    std::fprintf(stderr, "durable: SHA-256 failed\n");
    std::abort();
  }
  EVP_MD_CTX_free(ctx);
}

}  // namespace

struct DurableTurns::Impl : std::enable_shared_from_this<Impl> {
  Impl(asio::io_context& io_, const std::string& path) : io(io_) {
    if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) fail("open " + path);
    run("PRAGMA journal_mode = WAL");
    run("PRAGMA synchronous = FULL");
    run("CREATE TABLE IF NOT EXISTS events (game_id TEXT NOT NULL, seq INTEGER NOT NULL, "
        "payload BLOB NOT NULL, chain BLOB NOT NULL, PRIMARY KEY (game_id, seq))");
    if (sqlite3_prepare_v3(db,
                           "INSERT INTO events (game_id, seq, payload, chain) VALUES (?, ?, ?, ?)",
                           -1, SQLITE_PREPARE_PERSISTENT, &insert, nullptr) != SQLITE_OK) {
      fail("prepare");
    }
  }
  ~Impl() {
    sqlite3_finalize(insert);
    sqlite3_close(db);
  }

  [[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "durable: %s: %s\n", what.c_str(), sqlite3_errmsg(db));
    std::exit(1);
  }
  void run(const char* sql) {
    if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK) fail(sql);
  }

  // The writer thread: every turn queued, in one transaction; then the answers, on the io thread.
  void write_loop() {
    std::unique_lock lock(mu);
    for (;;) {
      ready.wait(lock, [&] { return stopping || !queue.empty(); });
      if (queue.empty()) return;
      std::vector<Turn> group;
      group.swap(queue);
      lock.unlock();
      run("BEGIN IMMEDIATE");
      for (const Turn& t : group) {
        const std::size_t payload = t.frame.size() - Link().size();
        sqlite3_bind_text(insert, 1, t.game.data(), static_cast<int>(t.game.size()), SQLITE_STATIC);
        sqlite3_bind_int64(insert, 2, static_cast<sqlite3_int64>(t.seq));
        sqlite3_bind_blob(insert, 3, t.frame.data(), static_cast<int>(payload), SQLITE_STATIC);
        sqlite3_bind_blob(insert, 4, t.frame.data() + payload, 32, SQLITE_STATIC);
        if (sqlite3_step(insert) != SQLITE_DONE) fail("insert");
        sqlite3_reset(insert);
      }
      run("COMMIT");  // synchronous=FULL: fsync'd before it returns
      asio::post(io, [self = shared_from_this(), group = std::move(group)]() mutable {
        for (Turn& t : group) {
          self->send(t.from, ack(t.seq));
          if (auto to = t.to.lock()) self->send(to, std::move(t.frame));
        }
      });
      lock.lock();
    }
  }

  static std::string ack(std::uint64_t seq) {
    std::string out(8, '\0');
    for (int i = 0; i < 8; ++i) out[i] = static_cast<char>(seq >> (8 * i));
    return out;
  }
  void send(const std::shared_ptr<Conn>& c, std::string frame) {
    c->out.push_back(std::move(frame));
    if (c->writing) return;
    c->writing = true;  // before the coroutine runs: one async_write at a time on the stream
    asio::co_spawn(io, drain(c), asio::detached);
  }
  static asio::awaitable<void> drain(std::shared_ptr<Conn> c) {
    while (!c->out.empty()) {
      auto [ec, n] = co_await c->ws.async_write(asio::buffer(c->out.front()), kTuple);
      if (ec) break;
      c->out.pop_front();
    }
    c->writing = false;
  }

  asio::io_context& io;
  sqlite3* db = nullptr;
  sqlite3_stmt* insert = nullptr;
  std::map<int, Pair> pairs;  // io thread only
  std::mutex mu;
  std::condition_variable ready;
  std::vector<Turn> queue;
  bool stopping = false;
  std::thread writer;
};

DurableTurns::DurableTurns(asio::io_context& io, const std::string& path)
    : impl_(std::make_shared<Impl>(io, path)) {
  impl_->writer = std::thread([impl = impl_.get()] { impl->write_loop(); });
}

DurableTurns::~DurableTurns() {
  {
    std::lock_guard lock(impl_->mu);
    impl_->stopping = true;
  }
  impl_->ready.notify_one();
  impl_->writer.join();
}

asio::awaitable<void> DurableTurns::serve(tcp::socket socket) {
  socket.set_option(tcp::no_delay(true));
  auto c = std::make_shared<Conn>(std::move(socket));
  auto [accepted] = co_await c->ws.async_accept(kTuple);
  if (accepted) co_return;
  c->ws.binary(true);
  beast::flat_buffer buffer;
  auto [hello, h] = co_await c->ws.async_read(buffer, kTuple);
  if (hello) co_return;
  int number = -1, side = -1;
  std::istringstream(beast::buffers_to_string(buffer.data())) >> number >> side;
  buffer.consume(buffer.size());
  if (number < 0 || (side != 0 && side != 1)) co_return;  // not "PAIR SIDE": closed
  Pair& pair = impl_->pairs[number];
  pair.side[side] = c;
  impl_->send(c, Impl::ack(0));  // the generator sends no turn before both sides have this
  const std::string game = std::to_string(number);
  for (;;) {
    auto [read, n] = co_await c->ws.async_read(buffer, kTuple);
    if (read) co_return;
    Turn t{c, pair.side[1 - side], game, ++pair.seq, beast::buffers_to_string(buffer.data())};
    buffer.consume(buffer.size());
    chain(pair.chain, t.frame);
    t.frame.append(reinterpret_cast<const char*>(pair.chain.data()), pair.chain.size());
    {
      std::lock_guard lock(impl_->mu);
      impl_->queue.push_back(std::move(t));
    }
    impl_->ready.notify_one();
  }
}

}  // namespace grognard::bench
