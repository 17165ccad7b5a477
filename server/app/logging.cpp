#include "app/logging.h"

#include <google/protobuf/stubs/logging.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace grognard::app {

namespace {

// protobuf reports what it meets while parsing client input (invalid UTF-8 in a string
// field, say) on its own: those are the client's faults, already answered with an error, so
// they go to the log at debug level, with everything else protobuf says kept at its level.
void protobuf_log(google::protobuf::LogLevel level, const char* file, int line,
                  const std::string& message) {
  switch (level) {
    case google::protobuf::LOGLEVEL_INFO:
      spdlog::debug("protobuf: {}", message);
      break;
    case google::protobuf::LOGLEVEL_WARNING:
      spdlog::debug("protobuf: {}", message);
      break;
    case google::protobuf::LOGLEVEL_ERROR:
      spdlog::debug("protobuf ({}:{}): {}", file, line, message);
      break;
    case google::protobuf::LOGLEVEL_FATAL:
      spdlog::critical("protobuf: {}", message);
      break;
  }
}

}  // namespace

void setup_logging(const std::string& level) {
  auto logger = spdlog::stderr_color_mt("grognard");
  logger->set_pattern("%Y-%m-%dT%H:%M:%S.%e%z %^%-5l%$ %v");
  logger->set_level(spdlog::level::from_str(level));
  logger->flush_on(spdlog::level::trace);
  spdlog::set_default_logger(std::move(logger));
  google::protobuf::SetLogHandler(&protobuf_log);
}

}  // namespace grognard::app
