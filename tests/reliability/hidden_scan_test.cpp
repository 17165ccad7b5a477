// The hidden-information scanner (docs/reliability.md, "Hidden information"): random games of the
// rule sets that hide something (Sharpe's Mess: the deck, briefings, scatter orders; RCW:
// concealed units), with every seat, an observer, whispers to one seat and requests for events
// and states at random moments. Every frame each connection received before the game ended is
// then searched for every secret it may not know: the seed; each event payload it may not read
// whole, and that payload's SHA-256; the full state hash after every event; whispers to others.
// Bytes and hex alike. Zero hits.
//
// GROGNARD_SCAN_GAMES sets the number of games (default: a short CI run).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <map>
#include <set>

#include "engine/canonical.h"
#include "fork_world.h"
#include "grognard/v1/sharpe.pb.h"
#include "record/hashes.h"
#include "record/proto.h"
#include "support/random_choice.h"

using namespace grognard;
using grognard::testing::FakePeer;
using grognard::testing::ForkWorld;

namespace {

using Peers = std::map<std::string, std::shared_ptr<FakePeer>>;

int games_to_play() {
  const char* n = std::getenv("GROGNARD_SCAN_GAMES");
  return n != nullptr ? std::atoi(n) : 6;
}

// What one connection may not learn, and the frames it received while the game ran.
struct Watcher {
  std::shared_ptr<FakePeer> peer;
  engine::Viewer viewer;
  std::set<std::string> secrets;
  std::set<std::string> seen;  // events it may read whole: a payload among them is no secret
};

std::string hex_of(std::string_view bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (const char c : bytes) {
    out.push_back(digits[static_cast<unsigned char>(c) >> 4]);
    out.push_back(digits[static_cast<unsigned char>(c) & 15]);
  }
  return out;
}

void add_secret(Watcher& w, const std::string& bytes) {
  if (bytes.size() >= 8) w.secrets.insert(bytes);
}
void add_hash(Watcher& w, const record::Hash32& h) {
  add_secret(w, std::string(h.begin(), h.end()));
  add_secret(w, record::hex(h));
}

class Game {
 public:
  Game(const std::string& ruleset, const std::string& scenario, std::uint64_t seed)
      : room_(f_.create(ruleset, scenario)), pick_{seed}, ruleset_(ruleset) {
    peers_ = f_.seat_all(room_);
    auto observer = std::make_shared<FakePeer>("observer");
    REQUIRE(f_.join(observer, room_.invite_code(), "observer", "").has_seated());
    peers_["observer"] = observer;
    all_joined_ = f_.w.store.raw_events(id()).size();
  }

  // Plays up to `steps` random moves; returns the frames each peer had received by the last
  // moment the game was still running.
  void play(int steps) {
    for (int i = 0; i < steps && !over(); ++i) {
      mark();
      const std::size_t roll = pick_.below(20);
      if (roll == 0) {
        whisper();
      } else if (roll == 1) {
        ask_about_the_game();
      } else if (roll == 2 && ruleset_ == "sharpe") {
        brief();
      } else {
        auto seats = seats_only();
        f_.step(id(), seats, [this](const google::protobuf::Any&) { return pick_.below(3) == 0; });
      }
    }
    if (!over()) mark();
  }

  // Every secret of the game, per watcher, and the scan.
  void scan() {
    const auto& rs = f_.rules(id());
    const record::GameRecord record = f_.record(id());
    auto initial = rs.load_scenario(record.scenario_text);
    REQUIRE(initial.ok());
    std::vector<Watcher> watchers;
    for (const auto& [seat, peer] : peers_) {
      Watcher w{peer, {}, {}, {}};
      if (seat != "observer") {
        w.viewer.seat = seat;
        w.viewer.role = seat == "referee"      ? engine::Role::kReferee
                        : ruleset_ == "sharpe" ? engine::Role::kPlayer
                                               : engine::Role::kGeneral;
      }
      add_secret(w, std::string(record.seed.begin(), record.seed.end()));
      add_hash(w, record.seed);
      watchers.push_back(std::move(w));
    }
    const auto& log = f_.w.store.raw_events(id());
    std::vector<std::pair<Watcher*, const std::string*>> hidden;  // payloads kept from each
    record::Fold fold(rs, **initial, log);
    for (const record::EventRecord& e : log) {
      if (e.kind == record::EventKind::kRules) {
        for (Watcher& w : watchers) {
          const auto seen = rs.view_event(fold.state(), e.payload, w.viewer);
          if (seen) w.seen.insert(*seen);
          if (!seen || *seen != e.payload) hidden.emplace_back(&w, &e.payload);
        }
      }
      REQUIRE(fold.step(e).ok());
      const engine::StateHash full = rs.full_hash(fold.state());
      if (full.bytes == rs.hash(fold.state()).bytes) continue;
      for (Watcher& w : watchers) add_hash(w, full.bytes);
    }
    // The same bytes may be hidden once and shown later (a concealed unit's move, then the
    // same move once revealed): only what the watcher never reads whole is secret.
    for (const auto& [w, payload] : hidden) {
      if (w->seen.count(*payload) != 0) continue;
      add_secret(*w, *payload);
      add_hash(*w, engine::sha256(*payload).bytes);
    }
    for (const auto& [from, to, text] : whispers_) {
      for (Watcher& w : watchers) {
        const std::string& seat = w.viewer.seat;
        if (seat != from && seat != to && seat != "referee") add_secret(w, text);
      }
    }
    std::size_t frames = 0, checked = 0, found = 0;
    for (const Watcher& w : watchers) {
      auto all = w.peer->all_serialized();
      all.resize(std::min(all.size(), running_frames_.at(w.peer.get())));
      frames += all.size();
      // The search finds what is there: whispers to this seat, and the published digest of every
      // event it read whole (hex; keyed or plain, chain version 3 keys every digest of a game
      // that can hide anything), arrived in these frames.
      for (const auto& [from, to, text] : whispers_) {
        if (to != w.viewer.seat) continue;
        CHECK(testing::contains_any(all, text));
        ++found;
      }
      for (const record::EventRecord& e : log) {
        if (e.kind != record::EventKind::kRules || e.seq <= all_joined_ || e.seq > seen_by_end_ ||
            w.seen.count(e.payload) == 0 || w.secrets.count(e.payload) != 0)
          continue;
        CHECK(testing::contains_any(all, record::hex(e.digest)));
        ++found;
      }
      for (const std::string& secret : w.secrets) {
        ++checked;
        INFO(id() << ": a secret reached " << w.peer->name() << " (" << secret.size()
                  << " bytes, hex " << hex_of(std::string_view(secret).substr(0, 16)) << "…)");
        CHECK_FALSE(testing::contains_any(all, secret));
      }
    }
    CHECK(checked > watchers.size() * 2);  // more than the seed: the game hid something
    CHECK(found > 0);
    UNSCOPED_INFO(ruleset_ << " " << id() << ": " << log.size() << " events, " << frames
                           << " frames, " << checked << " secrets searched, " << found
                           << " known bytes found");
  }

 private:
  const std::string& id() const { return room_.game_id(); }
  bool over() { return f_.rules(id()).to_act(*f_.state(id())).game_over; }
  Peers seats_only() {
    Peers seats = peers_;
    seats.erase("observer");
    return seats;
  }
  // The frames each peer holds now: all of them were sent while the game ran.
  void mark() {
    for (const auto& [seat, peer] : peers_) running_frames_[peer.get()] = peer->received();
    seen_by_end_ = f_.w.store.raw_events(id()).size();
  }
  std::shared_ptr<FakePeer> any_seat() {
    auto seats = seats_only();
    return std::next(seats.begin(), static_cast<long>(pick_.below(seats.size())))->second;
  }

  // A whisper from one seat to another, marked so that it can be found.
  void whisper() {
    auto seats = seats_only();
    auto from = std::next(seats.begin(), static_cast<long>(pick_.below(seats.size())));
    auto to = std::next(seats.begin(), static_cast<long>(pick_.below(seats.size())));
    if (from == to) return;
    const std::string text = "whisper-" + std::to_string(pick_.next());
    v1::ClientMessage m;
    m.mutable_chat()->set_text(text);
    m.mutable_chat()->set_to(to->first);
    REQUIRE(f_.w.ask(from->second, m).has_command_result());
    whispers_.push_back({from->first, to->first, text});
  }

  // Sharpe's Mess: the referee sends one player a secret briefing (S12).
  void brief() {
    auto seats = seats_only();
    seats.erase("referee");
    auto to = std::next(seats.begin(), static_cast<long>(pick_.below(seats.size())));
    v1::sharpe::Command c;
    c.mutable_set_briefing()->set_seat(to->first);
    c.mutable_set_briefing()->set_text("briefing-" + std::to_string(pick_.next()));
    google::protobuf::Any any;
    record::pack_any(&any, f_.rules(id()).wire_types().command, c.SerializeAsString());
    f_.command(peers_.at("referee"), any);  // refused at some moments: no matter
  }

  // Events, the state, legal commands and the game list, asked by anyone at any moment.
  void ask_about_the_game() {
    auto peer = pick_.below(3) == 0 ? peers_.at("observer") : any_seat();
    v1::ClientMessage m;
    switch (pick_.below(4)) {
      case 0:
        m.mutable_get_events()->set_game_id(id());
        break;
      case 1:
        m.mutable_get_state()->set_game_id(id());
        break;
      case 2:
        m.mutable_get_legal();
        break;
      default:
        m.mutable_list_games();
        break;
    }
    f_.w.ask(peer, m);
  }

  ForkWorld f_;
  v1::RoomInfo room_;
  test_support::Chooser pick_;
  std::string ruleset_;
  Peers peers_;
  std::map<FakePeer*, std::size_t> running_frames_;
  std::uint64_t all_joined_ = 0;   // events stored before everyone watched
  std::uint64_t seen_by_end_ = 0;  // the last event stored while the game ran
  struct Whisper {
    std::string from, to, text;
  };
  std::vector<Whisper> whispers_;
};

}  // namespace

TEST_CASE("no frame of a random game carries a secret its connection may not know",
          "[reliability][hidden]") {
  const int games = games_to_play();
  const std::vector<std::pair<std::string, std::string>> tables = {
      {"sharpe", "village"}, {"rcw", "intro"}, {"rcw", "railway"}};
  for (int g = 0; g < games; ++g) {
    const auto& [ruleset, scenario] = tables[static_cast<std::size_t>(g) % tables.size()];
    Game game(ruleset, scenario, 1000 + static_cast<std::uint64_t>(g));
    game.play(ruleset == "sharpe" ? 150 : 250);
    game.scan();
  }
}

TEST_CASE("a game stored with a version 1 chain shows no link before it is over",
          "[reliability][hidden][chain]") {
  ForkWorld f;
  const v1::RoomInfo room = f.create("sharpe", "village");
  f.seat_all(room);  // the game begins
  const auto& log = f.w.store.raw_events(room.game_id());
  REQUIRE_FALSE(log.empty());
  const auto& rs = f.rules(room.game_id());
  auto initial = rs.load_scenario(f.record(room.game_id()).scenario_text);
  REQUIRE(initial.ok());
  engine::Viewer player{engine::Role::kPlayer, "player:british", false};
  for (const int version : {1, 2}) {
    const auto seen = record::event_as_seen(rs, **initial, log.front(), player, version);
    REQUIRE(seen);
    CHECK(seen->chain().empty() == (version == 1));
  }
  const auto after =
      record::event_as_seen(rs, **initial, log.front(), record::everything_revealed(), 1);
  REQUIRE(after);
  CHECK(after->chain() == record::hex(log.front().chain));
}
