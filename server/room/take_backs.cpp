// Taking back: what the log says of commands and take-backs, and the offer waiting for consent.
#include "room/take_backs.h"

#include <algorithm>

namespace grognard::room {

std::optional<LastCommand> last_command(const std::vector<record::EventRecord>& log) {
  std::optional<LastCommand> c;
  for (std::size_t i = log.size(); i-- > 0;) {
    const record::EventRecord& e = log[i];
    if (e.kind == record::EventKind::kTakenBack && !c) {
      // What it took back no longer counts: the command before it is the last one.
      v1::TakenBack t;
      if (!t.ParseFromString(e.payload) || t.first_seq() == 0 || t.first_seq() > i) break;
      i = t.first_seq() - 1;  // the log holds seq n at index n - 1
      continue;
    }
    if (e.kind == record::EventKind::kChat && !c) continue;  // chat does not count
    if (e.kind != record::EventKind::kRules || e.seat.empty()) break;
    if (!c) c = LastCommand{e.seat, e.seq, e.seq};
    if (e.seat != c->seat) break;
    c->first_seq = e.seq;
    if (!e.command_id.empty()) return c;  // a command's events start with its id
  }
  return std::nullopt;
}

std::optional<std::uint64_t> taken_back_at(const std::vector<record::EventRecord>& log,
                                           std::uint64_t seq) {
  for (const record::EventRecord& e : log) {
    if (e.kind != record::EventKind::kTakenBack) continue;
    v1::TakenBack t;
    if (t.ParseFromString(e.payload) && t.first_seq() <= seq && seq <= t.last_seq()) return e.seq;
  }
  return std::nullopt;
}

std::vector<std::string> consent_seats(const engine::Ruleset& rs, const engine::GameState& state,
                                       const std::string& asker) {
  std::vector<std::string> referees, others;
  for (const engine::SeatSpec& s : rs.seats(state)) {
    if (s.id == asker) continue;
    (s.role == engine::Role::kReferee ? referees : others).push_back(s.id);
  }
  return referees.empty() ? others : referees;
}

bool TakeBackOffers::asks(const std::string& seat_id) const {
  return offer_ && std::ranges::count(offer_->asked, seat_id) != 0;
}

void TakeBackOffers::open(Offer offer, const SeatBook& seats) {
  offer_ = std::move(offer);
  for (const std::string& s : offer_->asked) seats.send_to_seat(s, offer_->message);
}

void TakeBackOffers::lapse(const SeatBook& seats, const std::vector<std::string>& told) {
  if (!offer_) return;
  auto pushed = std::make_shared<v1::ServerMessage>();
  pushed->set_request_id(0);
  pushed->mutable_take_back()->set_lapsed(true);
  std::vector<std::string> to{offer_->command.seat};
  to.insert(to.end(), offer_->asked.begin(), offer_->asked.end());
  for (const std::string& s : to) {
    if (std::ranges::count(told, s) == 0) seats.send_to_seat(s, pushed);
  }
  offer_.reset();
}

}  // namespace grognard::room
