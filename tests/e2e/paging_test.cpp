// Long logs a page at a time on the real server (issue 13: "long logs cannot be fetched"): with
// --events-per-page 7, Resume from 0 and GetEvents answer in pages that say where the rest
// starts; a client that follows them gets every event exactly once, a live event pushed while
// it pages included; `grognard replay` shows the whole game.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "game.h"

namespace grognard::e2e {

namespace {

// Each seat reads pushes until it has seen one event more than before.
void say(Game& g, Player& p, const std::string& text) {
  const std::uint64_t before = p.last_seq;
  REQUIRE(p.client.chat(text));
  sync_all(g, before + 1);
}

// Every seq 1..last present exactly once in `count`.
void check_once(const std::map<std::uint64_t, int>& count, std::uint64_t last) {
  REQUIRE(count.size() == last);
  std::uint64_t want = 1;
  for (const auto& [seq, n] : count) {
    CHECK(seq == want++);
    CHECK(n == 1);
  }
}

std::map<std::uint64_t, int> counted(const google::protobuf::RepeatedPtrField<v1::GameEvent>& es) {
  std::map<std::uint64_t, int> count;
  for (const auto& e : es) ++count[e.seq()];
  return count;
}

}  // namespace

TEST_CASE(
    "with pages of 7 events, resume from 0 and get_events of a long game give every event "
    "once, and grognard replay shows it (issue 13: long logs cannot be fetched)",
    "[e2e][pages][limits]") {
  auto flags = kPlayFlags;
  flags.insert(flags.end(), {"--events-per-page", "7"});
  ServerProcess server(flags);
  GameOptions options;
  options.observers_allowed = true;
  Game g = start_game(server, options);
  for (int i = 0; i < 30 && !finished(g); ++i) step(g);
  Player& a = g.players[0];
  for (int n = 0; a.last_seq < 110; ++n) say(g, a, "note " + std::to_string(n));

  SECTION("by hand: the first page in Seated, the rest with GetEvents, a live event meanwhile") {
    Client c = connect(server);
    v1::ClientMessage m;
    m.mutable_resume()->set_token(a.token);
    m.mutable_resume()->set_last_seq(0);
    auto answer = c.request(m);
    REQUIRE(answer);
    REQUIRE(answer->has_seated());
    const v1::Seated& s = answer->seated();
    CHECK(s.events_size() <= 7);
    REQUIRE(s.next_seq() != 0);
    auto count = counted(s.events());
    // The other general speaks while this one pages: it comes as a push, after last_seq.
    REQUIRE(g.players[1].client.chat("while you page"));
    int pages = 1;
    for (std::uint64_t next = s.next_seq(); next != 0; ++pages) {
      auto page = c.get_events_page(g.game_id, next, s.last_seq(), a.seat);
      REQUIRE(page);
      CHECK(page->events_size() <= 7);
      for (const auto& [seq, n] : counted(page->events())) count[seq] += n;
      next = page->next_seq();
    }
    auto push = c.next_push(kWait);
    REQUIRE(push);
    REQUIRE(push->has_events());
    for (const auto& [seq, n] : counted(push->events().events())) count[seq] += n;
    check_once(count, s.last_seq() + 1);
    CHECK(pages >= 16);
  }

  SECTION("the client library follows the pages: resume, get_events, grognard replay") {
    Client c = connect(server);
    auto whole = c.resume(a.token, 0);
    REQUIRE(whole);
    CHECK(whole->next_seq() == 0);
    check_once(counted(whole->events()), whole->last_seq());
    auto list = c.get_events(g.game_id);
    REQUIRE(list);
    CHECK(list->next_seq() == 0);
    check_once(counted(list->events()), list->last_seq());
    // A running game's own view, as the seat.
    auto own = c.get_events(g.game_id, 1, 0, a.seat);
    REQUIRE(own);
    check_once(counted(own->events()), own->last_seq());

    const auto dir =
        std::filesystem::temp_directory_path() / ("grognard-pages-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string cmd = "XDG_STATE_HOME=" + dir.string() + " NO_COLOR=1 " +
                            std::string(GROGNARD_CLIENT_BIN) + " --server " + server.url() +
                            " --json replay " + g.game_id + " --as observer >" +
                            (dir / "out").string() + " 2>" + (dir / "err").string();
    REQUIRE(std::system(cmd.c_str()) == 0);
    std::ifstream in(dir / "out");
    std::map<std::uint64_t, int> shown;
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("{\"event\":", 0) != 0) continue;
      const auto at = line.find("\"seq\":\"");
      REQUIRE(at != std::string::npos);
      ++shown[std::stoull(line.substr(at + 7))];
    }
    check_once(shown, list->last_seq());
    std::filesystem::remove_all(dir);
  }
}

}  // namespace grognard::e2e
