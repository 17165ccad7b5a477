// The refusal log (room/refusal_log.h): a line per kind at most every interval, the lines held
// back counted in the next one, each kind on its own.
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <catch2/catch.hpp>
#include <sstream>

#include "room/refusal_log.h"

namespace grognard::room {

TEST_CASE("the refusal log writes a line a kind per interval and counts those held back",
          "[room][refusals]") {
  std::ostringstream out;
  auto logger = std::make_shared<spdlog::logger>(
      "refusals", std::make_shared<spdlog::sinks::ostream_sink_mt>(out));
  logger->set_pattern("%v");
  const auto before = spdlog::default_logger();
  spdlog::set_default_logger(logger);
  std::int64_t now = 1'000'000;
  RefusalLog log([&now] { return now; }, 10'000);
  log.note("unknown invite code", "203.0.113.9", "no room with invite code \"AAAAAA\"");
  for (int i = 0; i < 5; ++i) log.note("unknown invite code", "203.0.113.9", "again");
  log.note("new room", "198.51.100.7", "quota");  // another kind: its own line
  now += 10'000;
  log.note("unknown invite code", "203.0.113.10", "later");
  spdlog::set_default_logger(before);
  CHECK(out.str() ==
        "refused (unknown invite code) from 203.0.113.9: no room with invite code \"AAAAAA\"\n"
        "refused (new room) from 198.51.100.7: quota\n"
        "refused (unknown invite code) from 203.0.113.10: later (and 5 more since the last "
        "line)\n");
}

}  // namespace grognard::room
