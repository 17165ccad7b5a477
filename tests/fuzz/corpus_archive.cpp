// Seed archives: games played in an in-process lobby (the room tests' in-memory store and peers)
// from legal commands, closed by the operator so their seeds are revealed, then exported.
#include <boost/asio/io_context.hpp>

#include <random>

#include "../room/fakes.h"
#include "corpus.h"
#include "record/archive_file.h"
#include "room/lobby.h"
#include "targets.h"

namespace grognard::fuzz {
namespace {

class NoMetrics final : public room::Metrics {
 public:
  void command(room::CommandOutcome) override {}
  void rooms(std::size_t) override {}
  void room_expired() override {}
};

struct Table {
  boost::asio::io_context ioc;
  testing::MemoryStore store;
  NoMetrics metrics;
  std::int64_t now = 1'000'000;
  room::Lobby lobby{ioc.get_executor(), store, registry(), metrics, [this] { return ++now; }};
  std::uint64_t next = 1;

  v1::ServerMessage ask(const std::shared_ptr<testing::FakePeer>& peer, v1::ClientMessage m) {
    m.set_request_id(next++);
    peer->take();
    lobby.handle(peer, m);
    settle();
    for (auto& answer : peer->take()) {
      if (answer.request_id() == m.request_id()) return answer;
    }
    fail("no answer from the lobby");
  }
  void settle() {
    for (int i = 0; i < 100; ++i) {
      ioc.restart();
      if (ioc.poll() == 0) return;
    }
  }
};

// The archive of the game, in both forms.
std::vector<std::string> play(const record::ScenarioEntry& s, int steps, unsigned seed) {
  Table t;
  v1::ClientMessage create;
  create.mutable_create_room()->set_ruleset(s.ruleset);
  create.mutable_create_room()->set_scenario(s.name);
  const auto created = t.ask(std::make_shared<testing::FakePeer>("creator"), create);
  if (!created.has_room()) fail("the lobby refused a room: " + created.ShortDebugString());
  std::vector<std::shared_ptr<testing::FakePeer>> peers;
  for (const v1::SeatInfo& seat : created.room().seats()) {
    auto peer = std::make_shared<testing::FakePeer>(seat.seat_id());
    v1::ClientMessage join;
    join.mutable_join_room()->set_invite_code(created.room().invite_code());
    join.mutable_join_room()->set_role(seat.role());
    join.mutable_join_room()->set_seat(seat.seat_id());
    if (!t.ask(peer, join).has_seated()) fail("a seat could not be taken");
    peers.push_back(peer);
  }
  std::mt19937 rng(seed);
  for (int i = 0; i < steps; ++i) {
    const auto& peer = peers[i % peers.size()];
    v1::ClientMessage get;
    get.mutable_get_legal();
    const auto legal = t.ask(peer, get);
    if (!legal.has_legal() || legal.legal().commands().empty()) continue;
    v1::ClientMessage cmd;
    cmd.mutable_command()->set_command_id("c" + std::to_string(i));
    *cmd.mutable_command()->mutable_command() =
        legal.legal().commands(static_cast<int>(rng() % legal.legal().commands_size()));
    (void)t.ask(peer, cmd);
  }
  v1::ClientMessage chat;
  chat.mutable_chat()->set_text("a word in your ear");
  chat.mutable_chat()->set_to(created.room().seats(0).seat_id());
  (void)t.ask(peers.back(), chat);
  t.lobby.close_room(created.room().game_id(), "the seed is made", [](engine::Status) {});
  t.settle();
  auto archive = record::export_archive(t.store, registry(), created.room().game_id(), t.now);
  if (!archive.ok()) fail("a seed game does not export: " + archive.error().message);
  return {*record::write_archive(*archive, record::ArchiveForm::kBinary),
          *record::write_archive(*archive, record::ArchiveForm::kJson)};
}

}  // namespace

void add_archives(Corpus& out) {
  for (const record::ScenarioEntry* s : scenarios()) {
    for (int steps : {4, 30}) {
      for (std::string& form : play(*s, steps, static_cast<unsigned>(steps))) {
        out["archive"].push_back(std::move(form));
      }
    }
  }
}

}  // namespace grognard::fuzz
