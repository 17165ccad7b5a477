// The referee's desk (`pending`, S12): what is waiting on someone in a game of Sharpe's Mess.
// Play paused and why; the card drawn and waiting for the next hero; the referee's cards for the
// next shuffle (their faces for the referee only, as the view gives them); a Bad Card to come;
// and briefings written since their player last gave a command (he may not have read them).
#include <map>

#include "client/codec.h"
#include "render/sharpe_ui.h"

namespace grognard::cli {

namespace {

using namespace sharpe_text;

// Each player seat whose briefing changed after the last command it gave, with the event that
// changed it last (what the log still holds: the client keeps its recent events).
std::map<std::string, std::uint64_t> unread_briefings(const std::deque<v1::GameEvent>& recent) {
  std::map<std::string, std::uint64_t> changed;
  for (const auto& e : recent) {
    if (!e.seat().empty()) changed.erase(e.seat());  // he acted: he has had the view since
    if (!e.has_rules()) continue;
    const auto ev = client::unpack<sharpe::Event>(e.rules());
    if (ev && ev->has_briefing_set()) changed[ev->briefing_set().seat()] = e.seq();
  }
  return changed;
}

}  // namespace

std::vector<std::string> SharpeUi::pending(const google::protobuf::Any& view,
                                           const std::deque<v1::GameEvent>& recent) const {
  const sharpe::View v = view_of(view);
  std::vector<std::string> out;
  if (v.paused()) {
    out.push_back("Play is paused: " + v.pause_reason() + " (resume REASON... goes on)");
  }
  if (v.has_pending()) {
    out.push_back("The card drawn waits for the next hero: " + event_card_text(v.pending()));
  }
  if (v.cards_waiting() > 0) {
    std::string l = std::to_string(v.cards_waiting()) +
                    (v.cards_waiting() == 1 ? " card waits" : " cards wait") +
                    " for the next shuffle";
    for (std::size_t i = 0; i < static_cast<std::size_t>(v.waiting_size()); ++i) {
      l += (i ? "; " : ": ") + card_text(v, v.waiting(static_cast<int>(i)));
    }
    out.push_back(l);
  }
  if (v.draw_bad()) {
    out.push_back("A Bad Card is to be drawn (" + std::to_string(v.bad_deck_remaining()) +
                  " in the bad-card deck)");
  }
  for (const auto& [seat, seq] : unread_briefings(recent)) {
    out.push_back("The briefing of " + seat_name(v, seat) + " changed at event " +
                  std::to_string(seq) + "; nothing from that seat since: maybe unread");
  }
  if (out.empty()) out.push_back("Nothing is pending.");
  return out;
}

}  // namespace grognard::cli
