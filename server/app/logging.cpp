#include "app/logging.h"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace grognard::app {

void setup_logging(const std::string& level) {
  auto logger = spdlog::stderr_color_mt("grognard");
  logger->set_pattern("%Y-%m-%dT%H:%M:%S.%e%z %^%-5l%$ %v");
  logger->set_level(spdlog::level::from_str(level));
  logger->flush_on(spdlog::level::trace);
  spdlog::set_default_logger(std::move(logger));
}

}  // namespace grognard::app
