#include "app/logging.h"

#include <google/protobuf/stubs/logging.h>
#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/base_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string_view>

#include "engine/utf8.h"

namespace grognard::app {

namespace {

constexpr const char* kTimePattern = "%Y-%m-%dT%H:%M:%S.%e%z";

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

// "HOST:PORT#N", "[V6]:PORT#N", "?#N" (room::Peer::name()), or "ADDRESS#N" behind a trusted
// proxy (an IPv4 or IPv6 address, no port).
bool is_peer_name(std::string_view word) {
  const auto hash = word.rfind('#');
  if (hash == std::string_view::npos || hash == 0 || hash + 1 == word.size()) return false;
  for (const char c : word.substr(hash + 1)) {
    if (std::isdigit(static_cast<unsigned char>(c)) == 0) return false;
  }
  const std::string_view address = word.substr(0, hash);
  if (address == "?") return true;
  bool digits = false;
  for (const char c : address) {
    const bool hex = std::isxdigit(static_cast<unsigned char>(c)) != 0;
    if (!hex && c != '.' && c != ':' && c != '[' && c != ']') return false;
    digits = digits || std::isdigit(static_cast<unsigned char>(c)) != 0;
  }
  // A word of hex letters alone ("face#1") is a word, not an address.
  return digits && address.find_first_of(".:") != std::string_view::npos;
}

struct Fields {
  std::string_view game;
  std::string_view connection;
  std::string_view message;
};

// Splits a message by the conventions in logging.h.
Fields split(std::string_view m) {
  Fields f;
  constexpr std::string_view kGame = "[game ";
  if (m.starts_with(kGame)) {
    const auto close = m.find("] ", kGame.size());
    if (close != std::string_view::npos && close > kGame.size()) {
      f.game = m.substr(kGame.size(), close - kGame.size());
      m.remove_prefix(close + 2);
    }
  }
  const auto space = m.find(' ');
  const std::string_view word = m.substr(0, space);
  if (word.ends_with(':') && is_peer_name(word.substr(0, word.size() - 1))) {
    f.connection = word.substr(0, word.size() - 1);
    m.remove_prefix(space == std::string_view::npos ? m.size() : space + 1);
  } else if (is_peer_name(word)) {
    f.connection = word;
  }
  f.message = m;
  return f;
}

void append(spdlog::memory_buf_t& out, std::string_view s) {
  out.append(s.data(), s.data() + s.size());
}

// `s` as a JSON string, quotes included.
void append_json_string(spdlog::memory_buf_t& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out.push_back('"');
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      const std::size_t n = engine::utf8_length(s, i);
      append(out, n == 0 ? std::string_view("\xEF\xBF\xBD") : s.substr(i, n));
      i += n == 0 ? 1 : n;
      continue;
    }
    ++i;
    switch (c) {
      case '"':
        append(out, "\\\"");
        break;
      case '\\':
        append(out, "\\\\");
        break;
      case '\n':
        append(out, "\\n");
        break;
      case '\r':
        append(out, "\\r");
        break;
      case '\t':
        append(out, "\\t");
        break;
      case '\b':
        append(out, "\\b");
        break;
      case '\f':
        append(out, "\\f");
        break;
      default:
        if (c < 0x20) {
          append(out, "\\u00");
          out.push_back(kHex[c >> 4]);
          out.push_back(kHex[c & 0xF]);
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
  }
  out.push_back('"');
}

void append_field(spdlog::memory_buf_t& out, std::string_view name, std::string_view value) {
  out.push_back(',');
  append_json_string(out, name);
  out.push_back(':');
  append_json_string(out, value);
}

// One JSON object a line (logging.h).
class JsonFormatter final : public spdlog::formatter {
 public:
  JsonFormatter() : time_(kTimePattern, spdlog::pattern_time_type::local, "") {}

  void format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) override {
    spdlog::memory_buf_t time;
    time_.format(msg, time);
    const Fields f = split(std::string_view(msg.payload.data(), msg.payload.size()));
    append(dest, "{\"time\":");
    append_json_string(dest, std::string_view(time.data(), time.size()));
    const spdlog::string_view_t level = spdlog::level::to_string_view(msg.level);
    append_field(dest, "level", std::string_view(level.data(), level.size()));
    if (!f.game.empty()) append_field(dest, "game", f.game);
    if (!f.connection.empty()) append_field(dest, "connection", f.connection);
    append_field(dest, "message", f.message);
    append(dest, "}\n");
  }

  std::unique_ptr<spdlog::formatter> clone() const override {
    return std::make_unique<JsonFormatter>();
  }

 private:
  spdlog::pattern_formatter time_;
};

// A log file appended to, closed and opened again by its name at the next line after
// reopen() (which a signal handler may call: it only sets a flag), so that logrotate can move
// it away and the server goes on in a new file of the same name.
class ReopenedFile final : public spdlog::sinks::base_sink<std::mutex> {
 public:
  explicit ReopenedFile(std::string path) : path_(std::move(path)) {
    open();
    if (file_ == nullptr) {
      throw std::runtime_error("cannot open log file " + path_ + ": " + std::strerror(errno));
    }
  }
  ~ReopenedFile() override {
    if (file_ != nullptr) std::fclose(file_);
  }

  void reopen() { reopen_ = true; }

 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override {
    if (reopen_.exchange(false)) {
      if (file_ != nullptr) std::fclose(file_);
      open();
      if (file_ == nullptr) {
        std::fprintf(stderr, "grognard-server: cannot open log file %s again: %s\n", path_.c_str(),
                     std::strerror(errno));
      }
    }
    if (file_ == nullptr) return;  // could not open it again: lines are lost until it can
    spdlog::memory_buf_t line;
    formatter_->format(msg, line);
    std::fwrite(line.data(), 1, line.size(), file_);
  }
  void flush_() override {
    if (file_ != nullptr) std::fflush(file_);
  }

 private:
  void open() { file_ = std::fopen(path_.c_str(), "ae"); }

  std::string path_;
  std::FILE* file_ = nullptr;
  std::atomic<bool> reopen_{false};
};

std::shared_ptr<ReopenedFile> log_file;  // set once by setup_logging, before any thread

}  // namespace

bool reopen_log_file() {
  if (!log_file) return false;
  log_file->reopen();
  return true;
}

void setup_logging(const std::string& level, const std::string& format, const std::string& file) {
  std::shared_ptr<spdlog::logger> logger;
  if (!file.empty()) {
    log_file = std::make_shared<ReopenedFile>(file);
    logger = std::make_shared<spdlog::logger>("grognard", log_file);
  } else if (format == "json") {
    logger = spdlog::stderr_logger_mt("grognard");
  } else {
    logger = spdlog::stderr_color_mt("grognard");
  }
  if (format == "json") {
    logger->set_formatter(std::make_unique<JsonFormatter>());
  } else {
    logger->set_pattern(std::string(kTimePattern) + (file.empty() ? " %^%-5l%$ %v" : " %-5l %v"));
  }
  logger->set_level(spdlog::level::from_str(level));
  logger->flush_on(spdlog::level::trace);
  spdlog::set_default_logger(std::move(logger));
  google::protobuf::SetLogHandler(&protobuf_log);
}

}  // namespace grognard::app
