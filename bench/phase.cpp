#include "phase.h"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace grognard::bench {

namespace {

namespace asio = boost::asio;

asio::awaitable<void> pause(asio::io_context& io, Clock::duration d) {
  asio::steady_timer t(io, d);
  co_await t.async_wait(asio::use_awaitable);
}

asio::awaitable<void> control(asio::io_context& io, Window& w, const Options& o, Phase& phase,
                              Result& r) {
  const auto ops = [&] { return phase.ops ? phase.ops() : w.ops; };
  const auto s = [](double seconds) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  };
  if (o.limit == 0) co_await pause(io, s(o.warmup_s));
  const double cpu0 = process_cpu_seconds(phase.pid), own0 = own_cpu_seconds();
  const std::size_t ops0 = ops();
  const auto t0 = Clock::now();
  w.measuring = true;
  if (phase.open) phase.open();
  const auto end = t0 + s(o.limit == 0 ? o.seconds : 1e6);
  while (!w.stop && Clock::now() < end) co_await pause(io, std::chrono::milliseconds(20));
  w.measuring = false;
  if (phase.close) phase.close();
  const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
  const double cpu = process_cpu_seconds(phase.pid) - cpu0, own = own_cpu_seconds() - own0;
  const auto n = static_cast<double>(ops() - ops0);
  w.stop = true;
  r.figures["ops"] = n;
  r.figures["seconds"] = elapsed;
  r.figures["ops_per_s"] = n / elapsed;
  r.figures["cpu_us_per_op"] = n > 0 ? cpu / n * 1e6 : 0;
  r.figures["cpu_util"] = cpu / elapsed;
  r.figures["gen_cpu_util"] = own / elapsed;
  r.figures["failures"] = static_cast<double>(w.failures);
  r.figures["rejected"] = static_cast<double>(w.rejected);
  r.latency(w.latency);
  // The coroutines end at their next step; those stuck past 20 s are cut off.
  const auto deadline = Clock::now() + std::chrono::seconds(20);
  while (phase.finished && !phase.finished() && Clock::now() < deadline) {
    co_await pause(io, std::chrono::milliseconds(20));
  }
  io.stop();
}

}  // namespace

void run_phase(boost::asio::io_context& io, Window& w, const Options& o, Phase phase, Result& r) {
  asio::co_spawn(io, control(io, w, o, phase, r), asio::detached);
  io.run();
  io.restart();
}

}  // namespace grognard::bench
