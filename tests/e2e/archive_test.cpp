// Archive files over the protocol on the real server (docs/archives.md): an ended game's file
// for anyone, in either frame format, that verifies on its own; none for a game still running.
#include <catch2/catch.hpp>

#include <google/protobuf/util/message_differencer.h>

#include "app/builtin.h"
#include "game.h"
#include "record/archive_file.h"

namespace grognard::e2e {
namespace {

client::Result<v1::ServerMessage> export_game(Client& c, const std::string& game_id) {
  v1::ClientMessage m;
  m.mutable_export_game()->set_game_id(game_id);
  return c.request(m);
}

}  // namespace

TEST_CASE("an ended game's archive file is exported to anyone and verifies on its own",
          "[e2e][archive]") {
  ServerProcess server(kPlayFlags);
  Game g = start_game(server);
  step(g);

  Client stranger = connect(server, Format::kJson);
  REQUIRE(stranger.hello().ok());
  auto running = export_game(stranger, g.game_id);
  REQUIRE(running.ok());
  REQUIRE(running->has_error());
  CHECK(running->error().code() == v1::FAILED_PRECONDITION);
  CHECK(running->error().message() ==
        "game " + g.game_id +
            " is running: its archive file can be exported once it has ended (its seed is secret "
            "until then)");
  auto unknown = export_game(stranger, "g-000000000000");
  REQUIRE(unknown.ok());
  CHECK(unknown->error().code() == v1::NOT_FOUND);

  for (int i = 0; i < 400 && !finished(g); ++i) step(g);
  REQUIRE(finished(g));

  record::Registry registry;
  app::add_builtin(registry);
  auto as_json = export_game(stranger, g.game_id);
  REQUIRE(as_json.ok());
  REQUIRE(as_json->has_archive());
  const v1::GameArchive& archive = as_json->archive();
  CHECK(archive.header().status() == "finished");
  CHECK(archive.header().last_seq() == static_cast<std::uint64_t>(archive.events_size()));
  CHECK(archive.header().seed() == system_notes(g.players[0].events).back().seed());
  const record::Verdict verdict = record::verify_archive(registry, archive);
  INFO(record::verdict_line(verdict));
  CHECK(verdict.ok);
  CHECK(verdict.dice > 0);

  // The generals' own event streams carry the same chain as the file.
  REQUIRE(g.players[0].events.size() == static_cast<std::size_t>(archive.events_size()));
  for (int i = 0; i < archive.events_size(); ++i) {
    CHECK(archive.events(i).chain() == g.players[0].events[static_cast<std::size_t>(i)].chain());
  }

  // A binary connection gets the same file, bar the moment of export.
  Client binary = connect(server, Format::kBinary);
  REQUIRE(binary.hello().ok());
  auto again = export_game(binary, g.game_id);
  REQUIRE(again.ok());
  REQUIRE(again->has_archive());
  v1::GameArchive a = again->archive();
  a.mutable_header()->set_exported_ms(archive.header().exported_ms());
  CHECK(google::protobuf::util::MessageDifferencer::Equals(a, archive));
}

}  // namespace grognard::e2e
