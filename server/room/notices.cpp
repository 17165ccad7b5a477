#include "room/notices.h"

#include <algorithm>

#include "room/time_control.h"

namespace grognard::room {

namespace {

const NoticeSeat* seat_of(const NoticeGame& g, const std::string& id) {
  for (const NoticeSeat& s : g.seats) {
    if (s.seat_id == id) return &s;
  }
  return nullptr;
}

// Only a player with an account and no connection open to the game hears (observers never).
bool hears(const NoticeSeat* s) {
  return s != nullptr && s->account_id != 0 && !s->connected && s->role != "observer";
}

std::string label_of(const NoticeGame& g, const std::string& id) {
  const NoticeSeat* s = seat_of(g, id);
  return s != nullptr ? s->label : id;
}

record::NoticeRecord notice(const NoticeGame& g, const NoticeSeat& to, std::string kind,
                            std::string key, std::string text) {
  record::NoticeRecord n;
  n.key = g.id + "/" + key + "/" + to.seat_id;
  n.account_id = to.account_id;
  n.game_id = g.id;
  n.seat_id = to.seat_id;
  n.kind = std::move(kind);
  n.text = std::move(text);
  n.link = "/rooms/" + g.invite_code + "?seat=" + to.seat_id;
  n.created_ms = g.now_ms;
  return n;
}

std::string in_game(const NoticeGame& g) {
  return " in " + g.title + " (game " + g.id + ")";
}

}  // namespace

std::vector<record::NoticeRecord> turn_notices(const NoticeGame& g,
                                               const std::vector<std::string>& before,
                                               const std::vector<std::string>& after,
                                               std::uint64_t seq) {
  std::vector<record::NoticeRecord> out;
  for (const std::string& id : after) {
    if (std::find(before.begin(), before.end(), id) != before.end()) continue;
    const NoticeSeat* s = seat_of(g, id);
    if (!hears(s)) continue;
    const std::string who = s->role == "referee" ? "you, the referee" : s->label;
    out.push_back(notice(g, *s, "turn", std::to_string(seq) + "/turn",
                         "Your move" + in_game(g) + ": the game waits for " + who + "."));
  }
  return out;
}

std::vector<record::NoticeRecord> offer_notices(const NoticeGame& g,
                                                const std::vector<std::string>& asked,
                                                const std::string& asker, std::uint64_t first_seq) {
  std::vector<record::NoticeRecord> out;
  for (const std::string& id : asked) {
    const NoticeSeat* s = seat_of(g, id);
    if (!hears(s)) continue;
    // The time too: an offer refused and asked again is told again.
    out.push_back(notice(g, *s, "take-back",
                         std::to_string(first_seq) + "/take-back-" + std::to_string(g.now_ms),
                         label_of(g, asker) + " asks to take back their last command" + in_game(g) +
                             ": accept or refuse it."));
  }
  return out;
}

std::vector<record::NoticeRecord> ended_notices(const NoticeGame& g, const std::string& result) {
  std::vector<record::NoticeRecord> out;
  for (const NoticeSeat& s : g.seats) {
    if (!hears(&s)) continue;
    out.push_back(
        notice(g, s, "ended", "ended", "The game is over" + in_game(g) + ": " + result + "."));
  }
  return out;
}

int clock_stage(std::int64_t bank_ms, std::int64_t left_ms) {
  // Used 95% (5% left) or 80% (20% left) of what the seat had when its move began.
  if (left_ms <= 0) return 3;
  return left_ms * 20 <= bank_ms ? 2 : left_ms * 5 <= bank_ms ? 1 : 0;
}

std::vector<record::NoticeRecord> clock_notices(const NoticeGame& g, const std::string& seat,
                                                std::int64_t since_ms, std::int64_t bank_ms,
                                                std::int64_t left_ms) {
  std::vector<record::NoticeRecord> out;
  const std::string move = std::to_string(since_ms);
  if (left_ms > 0) {
    const int stage = clock_stage(bank_ms, left_ms);
    const int pct = stage == 2 ? 95 : stage == 1 ? 80 : 0;
    const NoticeSeat* s = seat_of(g, seat);
    if (pct == 0 || !hears(s)) return out;
    out.push_back(notice(g, *s, "time-short", move + "/time-" + std::to_string(pct),
                         describe_span(left_ms) + " left for your move" + in_game(g) + " (" +
                             std::to_string(pct) + "% of your time used)."));
    return out;
  }
  const bool refereed = std::any_of(g.seats.begin(), g.seats.end(),
                                    [](const NoticeSeat& s) { return s.role == "referee"; });
  for (const NoticeSeat& s : g.seats) {
    if (s.seat_id == seat || s.role == "observer" || (refereed && s.role != "referee")) continue;
    if (!hears(&s)) continue;
    out.push_back(notice(g, s, "timeout", move + "/timeout/" + seat,
                         label_of(g, seat) + " ran out of time" + in_game(g) +
                             ": you may claim the win on time, or give more time."));
  }
  return out;
}

}  // namespace grognard::room
