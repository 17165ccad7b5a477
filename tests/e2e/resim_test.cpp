// Re-simulation and import on the real server (docs/operations.md, "Drift" and "Importing an
// archive"): `verify-archives` on good games exits 0; a stored state hash changed with raw SQL
// makes its game drift (exit 3, recorded, shown in the list of games); started again, a drifting
// running game refuses commands until the operator's admin resume; the start-up check logs the
// ended ones. Archive files go in with `grognard-server import` and POST /admin/games/import.
#include <fstream>
#include <thread>

#include <catch2/catch.hpp>

#include "../store/fixture.h"
#include "client/websocket.h"
#include "game.h"
#include "record/archive_file.h"

namespace grognard::e2e {
namespace {

namespace fs = std::filesystem;
const std::string kToken = "resim-admin-token-for-tests";

std::vector<std::string> admin_flags() {
  std::vector<std::string> flags = kPlayFlags;
  flags.insert(flags.end(), {"--admin-token", kToken});
  return flags;
}

client::HttpResponse admin_post(const ServerProcess& server, const std::string& target,
                                const std::string& body) {
  client::HttpRequestSpec spec;
  spec.method = "POST";
  spec.target = target;
  spec.body = body;
  spec.authorization = "Bearer " + kToken;
  auto r = client::http_request("127.0.0.1", server.port(), spec, kWait);
  REQUIRE(r.ok());
  return *r;
}

CommandRun verify_archives(const ServerProcess& server) {
  return run_server_command("verify-archives --db '" + server.database().string() + "'",
                            server.database().parent_path());
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

void play_to_the_end(Game& g) {
  for (int i = 0; i < 400 && !finished(g); ++i) step(g);
  REQUIRE(finished(g));
}

// The archive file of ended game `id` in `form`, written to `path`.
void export_to(const ServerProcess& server, const std::string& id, record::ArchiveForm form,
               const fs::path& path) {
  Client c = connect(server);
  auto archive = c.export_game(id);
  REQUIRE(archive.ok());
  auto written = record::write_archive(*archive, form);
  REQUIRE(written.ok());
  std::ofstream(path, std::ios::binary) << *written;
}

}  // namespace

TEST_CASE("verify-archives passes good games, and a changed stored hash drifts until resumed",
          "[e2e][resim]") {
  ServerProcess server(admin_flags());
  Game ended = start_game(server);
  play_to_the_end(ended);
  Game running = start_game(server);
  for (int i = 0; i < 4; ++i) step(running);
  REQUIRE(server.stop() == 0);

  CommandRun run = verify_archives(server);
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  CHECK(has(run.out, ended.game_id + " (itchy, finished): ok, "));
  CHECK(has(run.out, running.game_id + " (itchy, running): ok, "));
  CHECK(has(run.out,
            "verify-archives: 2 games re-simulated under the current rules: 2 ok, 0 "
            "drifting, 0 could not be checked"));

  {
    store::test::RawDb db(server.database().string());
    for (const auto& [id, seq] : {std::pair{ended.game_id, 7}, std::pair{running.game_id, 5}}) {
      db.exec("UPDATE events SET state_hash = zeroblob(32) WHERE game_id = '" + id +
              "' AND seq = " + std::to_string(seq));
    }
  }
  run = verify_archives(server);
  INFO(run.out << run.err);
  CHECK(run.exit_code == 3);
  const std::string drift7 =
      "event 7 folds differently under itchy version 1 than when it was stored under the same "
      "version 1 (state hash mismatch: stored " +
      std::string(64, '0');
  CHECK(has(run.out, ended.game_id + " (itchy, finished): DRIFT: " + drift7));
  CHECK(has(run.out, running.game_id + " (itchy, running): DRIFT: event 5 folds differently"));
  CHECK(has(run.out, "): the stored game changed, not the rules"));
  CHECK(has(run.out, "0 ok, 2 drifting"));
  {
    store::test::RawDb db(server.database().string());
    CHECK(db.rows("SELECT drift FROM games WHERE id = '" + ended.game_id + "'")
              .at(0)
              .rfind(drift7, 0) == 0);
  }

  // Started again: the running game is held, the ended one is logged by the start-up check.
  server.restart();
  Client stranger = connect(server);
  const auto finished_games = games_with_status(stranger, "finished");
  REQUIRE(finished_games.size() == 1);
  CHECK(finished_games[0].game_id() == ended.game_id);
  CHECK(finished_games[0].drift().rfind(drift7, 0) == 0);
  // The log holds every start's lines: this start's summary is the one that found a game.
  const std::string summary =
      "re-simulation of the ended games: 1 game re-simulated under the current rules: 0 ok, 1 "
      "drifting";
  for (int i = 0; i < 200 && !has(server.log(), summary); ++i) std::this_thread::sleep_for(50ms);
  CHECK(has(server.log(), "re-simulation: " + ended.game_id + " (itchy, finished): DRIFT"));
  CHECK(has(server.log(), summary));

  Player& p = running.players[0];
  p.client = connect(server);
  auto seated = p.client.resume(p.token, p.last_seq);
  REQUIRE(seated.ok());
  CHECK(seated->room().to_act().rfind("held: it no longer folds as it was stored: event 5", 0) ==
        0);
  CHECK(metric_now(server, "grognard_rooms_held") == 1);  // the operator's alert sees it
  CHECK(metric_now(server, "grognard_rooms_stopped{cause=\"other\"}") == 0);
  Player& q = running.players[1];
  q.client = connect(server);
  REQUIRE(q.client.resume(q.token, q.last_seq).ok());
  Player& acting = to_act(running);
  auto legal = acting.client.legal();
  REQUIRE(legal.ok());
  auto refused = acting.client.itchy_command(choose(*legal, *acting.view), "held-1");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.failure().code == v1::FAILED_PRECONDITION);
  CHECK(has(refused.failure().message,
            "this game is held: it no longer folds as it was stored: event 5 folds "
            "differently"));
  CHECK(has(refused.failure().message, "until the server's operator decides"));

  auto r = admin_post(server, "/admin/games/" + running.game_id + "/drift",
                      R"({"decision":"end","reason":"x"})");
  CHECK(r.status == 400);
  r = admin_post(server, "/admin/games/" + running.game_id + "/drift",
                 R"({"decision":"resume","reason":"a disk fault, checked by hand"})");
  INFO(r.body);
  CHECK(r.status == 200);
  CHECK(has(r.body, "go on under itchy version 1"));
  CHECK(metric_now(server, "grognard_rooms_held") == 0);
  r = admin_post(server, "/admin/games/" + running.game_id + "/drift",
                 R"({"decision":"resume","reason":"again"})");
  CHECK(r.status == 409);
  CHECK(admin_post(server, "/admin/games/g-000000000000/drift",
                   R"({"decision":"resume","reason":"x"})")
            .status == 404);
  sync_all(running, running.players[0].last_seq + 1);
  const auto notes = system_notes(running.players[0].events);
  REQUIRE_FALSE(notes.empty());
  CHECK(has(notes.back().text(), "a disk fault, checked by hand"));
  step(running);  // takes commands again

  // SIGTERM right after the start, while the check may still run, is a graceful stop.
  REQUIRE(server.stop() == 0);
  server.restart();
  CHECK(server.stop() == 0);
}

TEST_CASE("a game whose event no longer applies is loaded stopped, said so, and can be closed",
          "[e2e][resim][ops]") {
  ServerProcess server(admin_flags());
  Game running = start_game(server);
  for (int i = 0; i < 4; ++i) step(running);
  REQUIRE(server.stop() == 0);
  {  // the last rules event is no event at all any more
    store::test::RawDb db(server.database().string());
    const std::string id = "'" + running.game_id + "'";
    db.exec("UPDATE events SET payload = x'ff' WHERE game_id = " + id +
            " AND seq = (SELECT max(seq) FROM events WHERE kind = 0 AND game_id = " + id + ")");
  }

  // The pre-upgrade check says what a server will do: load it stopped (exit 1, not 3).
  CommandRun run = verify_archives(server);
  INFO(run.out << run.err);
  CHECK(run.exit_code == 1);
  CHECK(has(run.out, running.game_id + " (itchy, running): cannot be checked: an event no longer "
                                       "applies ("));
  CHECK(has(run.out, "a server loads it stopped, and it can only be closed"));
  CHECK(has(run.out, "0 ok, 0 drifting, 1 could not be checked"));

  server.restart();
  auto health = client::http_get("127.0.0.1", server.port(), "/healthz", kWait);
  REQUIRE(health.ok());
  CHECK(health->status == 200);
  CHECK(health->body == "degraded: 1 room stopped: a game no longer folds (close it)\n");
  CHECK(metric_now(server, "grognard_rooms_stopped{cause=\"other\"}") == 1);
  CHECK(metric_now(server, "grognard_rooms_stopped{cause=\"storage\"}") == 0);

  // Resuming is for storage errors; closing ends it, with the reason in its log.
  auto r = admin_post(server, "/admin/rooms/" + running.game_id + "/resume", "{}");
  CHECK(r.status == 409);
  CHECK(has(r.body, "close it instead"));
  r = admin_post(server, "/admin/rooms/" + running.game_id + "/close",
                 R"({"reason": "its log was damaged"})");
  INFO(r.body);
  CHECK(r.status == 200);
  Client c = connect(server);
  const auto aborted = games_with_status(c, "aborted");
  REQUIRE(aborted.size() == 1);
  CHECK(aborted[0].game_id() == running.game_id);
  CHECK(admin_post(server, "/admin/rooms/" + running.game_id + "/close", R"({"reason": "again"})")
            .status == 409);
}

TEST_CASE("an archive file goes in with the import subcommand and the admin API, once",
          "[e2e][resim][import]") {
  ServerProcess origin(admin_flags());
  Game played = start_game(origin);
  play_to_the_end(played);
  // A short game, closed by the operator.
  Game closed = start_game(origin);
  REQUIRE(admin_post(origin, "/admin/rooms/" + closed.game_id + "/close",
                     R"({"reason":"a short game for the import"})")
              .status == 200);
  const fs::path dir = origin.database().parent_path();
  export_to(origin, played.game_id, record::ArchiveForm::kBinary, dir / "played.grognard");
  export_to(origin, closed.game_id, record::ArchiveForm::kBinary, dir / "closed.grognard");

  ServerProcess target(admin_flags());
  REQUIRE(target.stop() == 0);
  const std::string db = " --db '" + target.database().string() + "'";
  CommandRun run =
      run_server_command("import '" + (dir / "played.grognard").string() + "'" + db, dir);
  INFO(run.out << run.err);
  CHECK(run.exit_code == 0);
  CHECK(run.out == "import: imported game " + played.game_id + " (itchy version 1, finished, " +
                       std::to_string(played.players[0].last_seq) + " events) into " +
                       target.database().string() + "\n");
  run = run_server_command("import '" + (dir / "played.grognard").string() + "'" + db, dir);
  CHECK(run.exit_code == 1);
  CHECK(has(run.err, "already stored"));
  // A tampered file: one byte of the third event's payload changed.
  const std::string bytes = store::test::file_bytes((dir / "closed.grognard").string());
  auto archive = record::read_archive(bytes);
  REQUIRE(archive.ok());
  REQUIRE(archive->events_size() >= 3);
  archive->mutable_events(2)->mutable_payload()->back() ^= 0x01;
  const std::string tampered = *record::write_archive(*archive, record::ArchiveForm::kBinary);
  std::ofstream(dir / "tampered.grognard", std::ios::binary) << tampered;
  run = run_server_command("import '" + (dir / "tampered.grognard").string() + "'" + db, dir);
  CHECK(run.exit_code == 1);
  CHECK(run.out.empty());
  INFO(run.err);
  CHECK(run.err.rfind("import: the archive does not verify, so nothing of it was stored: "
                      "REFUSED at event 3: ",
                      0) == 0);
  CHECK(run.err.find('\n') == run.err.size() - 1);
  run = verify_archives(target);
  CHECK(run.exit_code == 0);
  CHECK(has(run.out, played.game_id + " (itchy, finished): ok"));

  target.restart();
  auto r = admin_post(target, "/admin/games/import", tampered);
  INFO(r.body);
  CHECK(r.status == 400);
  r = admin_post(target, "/admin/games/import", bytes);
  INFO(r.body);
  CHECK(r.status == 200);
  CHECK(has(r.body, "imported game " + closed.game_id));
  CHECK(admin_post(target, "/admin/games/import", bytes).status == 409);
  // A whole game's file is far larger than an admin JSON body, and is read whole all the same.
  const std::string played_bytes = store::test::file_bytes((dir / "played.grognard").string());
  REQUIRE(played_bytes.size() > 16 * 1024);
  r = admin_post(target, "/admin/games/import", played_bytes);
  CHECK(r.status == 409);
  CHECK(has(r.body, "already stored"));
  Client c = connect(target);
  auto stored = c.export_game(closed.game_id);
  REQUIRE(stored.ok());
  CHECK(stored->header().status() == "aborted");
  CHECK(stored->events_size() == archive->events_size());
}

}  // namespace grognard::e2e
