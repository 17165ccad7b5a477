// Recording games for the commands-only workload (recording.h): random play without attacks,
// asking the server for the legal commands of the seat to act.

#include <boost/asio/use_awaitable.hpp>

#include "grognard/v1/itchy.pb.h"
#include "table.h"

namespace grognard::bench {

namespace {

bool ended(const std::string& status) {
  return status == "finished" || status == "aborted" || status == "expired" || status == "failed";
}

}  // namespace

asio::awaitable<bool> record_game(Driver& d, Table& t, std::vector<Step>& steps) {
  Window w;
  for (int idle = 0; idle < 1000;) {
    if (!co_await caught_up(d, t)) co_return false;
    if (ended(t.p[0].status)) co_return t.p[0].status == "finished";
    const int seat = acting(t);
    if (seat < 0) {
      ++idle;
      co_await d.sleep(Millis(5));
      continue;
    }
    v1::ClientMessage m;
    m.mutable_get_legal();
    auto legal = co_await t.p[seat].conn->request(std::move(m), d.options.timeout);
    if (!legal || !legal->has_legal()) co_return false;
    std::vector<const google::protobuf::Any*> moves, ends;
    bool choose = false;
    for (const auto& any : legal->legal().commands()) {
      v1::itchy::Command c;
      if (!any.UnpackTo(&c)) continue;
      choose = choose || c.has_choose_order();
      if (c.has_move() && !c.move().steps().empty()) moves.push_back(&any);
      if (c.has_end_side_turn()) ends.push_back(&any);
    }
    Step step;
    if (choose) {
      step.command = choose_order(seat);
    } else if (!moves.empty() && (ends.empty() || d.chance() < 0.8)) {
      step.seat = seat;
      step.command = *moves[d.rng() % moves.size()];
    } else if (!ends.empty()) {
      step.seat = seat;
      step.command = *ends.front();
    } else {
      co_return false;
    }
    const std::uint64_t last = co_await send(d, t.p[seat], step.command, w, Clock::now());
    if (last == 0) co_return false;
    t.seen = std::max(t.seen, last);
    if (choose) step.command.Clear();
    steps.push_back(std::move(step));
  }
  co_return false;
}

}  // namespace grognard::bench
