#include "webhook_sink.h"

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <iterator>
#include <random>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace grognard::e2e {

namespace {

using namespace std::chrono_literals;

const std::string kPython = GROGNARD_PYTHON3;
const std::string kScript = std::string(GROGNARD_SOURCE_DIR) + "/tests/e2e/webhook_sink.py";

std::string read_all(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Reads the lines webhook_sink.py writes: JSON objects of strings and arrays of strings, as
// Python's json.dumps(..., ensure_ascii=True) writes them.
class LineReader {
 public:
  explicit LineReader(const std::string& line) : s_(line) {}

  WebhookCallSeen call() {
    WebhookCallSeen out;
    expect('{');
    for (;;) {
      const std::string key = string();
      expect(':');
      if (key == "path") {
        out.path = string();
      } else if (key == "body") {
        out.body = string();
      } else if (key == "headers") {
        expect('[');
        while (!next_is(']')) {
          expect('[');
          std::string name = string();
          expect(',');
          std::string value = string();
          expect(']');
          out.headers.emplace_back(std::move(name), std::move(value));
          if (!next_is(']')) expect(',');
        }
        expect(']');
      } else {
        fail("an unknown key " + key);
      }
      if (next_is('}')) break;
      expect(',');
    }
    expect('}');
    return out;
  }

 private:
  void skip_space() {
    while (at_ < s_.size() && (s_[at_] == ' ' || s_[at_] == '\n')) ++at_;
  }
  bool next_is(char c) {
    skip_space();
    return at_ < s_.size() && s_[at_] == c;
  }
  void expect(char c) {
    if (!next_is(c)) fail(std::string("'") + c + "' expected");
    ++at_;
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("webhook_sink: bad line (" + what + " at " + std::to_string(at_) +
                             "): " + s_);
  }
  unsigned hex4() {
    if (at_ + 4 > s_.size()) fail("\\u and 4 hex digits expected");
    const unsigned v = static_cast<unsigned>(std::stoul(s_.substr(at_, 4), nullptr, 16));
    at_ += 4;
    return v;
  }
  void put_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xc0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xe0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (cp & 0x3f));
    } else {
      out += static_cast<char>(0xf0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (cp & 0x3f));
    }
  }
  std::string string() {
    expect('"');
    std::string out;
    for (;;) {
      if (at_ >= s_.size()) fail("an unended string");
      const char c = s_[at_++];
      if (c == '"') return out;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at_ >= s_.size()) fail("an unended escape");
      const char e = s_[at_++];
      switch (e) {
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'u': {
          unsigned cp = hex4();
          if (cp >= 0xd800 && cp < 0xdc00 && s_.compare(at_, 2, "\\u") == 0) {
            at_ += 2;
            cp = 0x10000 + ((cp - 0xd800) << 10) + (hex4() - 0xdc00);
          }
          put_utf8(out, cp);
          break;
        }
        default:
          out += e;  // '"', '\\', '/'
      }
    }
  }

  const std::string& s_;
  std::size_t at_ = 0;
};

}  // namespace

std::optional<std::string> WebhookCallSeen::header(const std::string& name) const {
  for (const auto& [n, v] : headers) {
    if (n.size() != name.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < n.size() && same; ++i) same = lower(n[i]) == lower(name[i]);
    if (same) return v;
  }
  return std::nullopt;
}

WebhookSink::WebhookSink() {
  std::random_device random;
  dir_ = std::filesystem::temp_directory_path() /
         ("grognard-webhook-" + std::to_string(getpid()) + "-" + std::to_string(random()));
  std::filesystem::create_directories(dir_);
  std::vector<std::string> args = {kPython, kScript, dir_.string()};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  if (posix_spawn(&pid_, argv[0], nullptr, nullptr, argv.data(), environ) != 0) {
    throw std::runtime_error("cannot start " + kPython + " " + kScript);
  }
  const auto deadline = std::chrono::steady_clock::now() + 15s;
  while (!std::filesystem::exists(dir_ / "port")) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      throw std::runtime_error("webhook_sink.py ended at start (exit " +
                               std::to_string(WEXITSTATUS(status)) + ")");
    }
    if (std::chrono::steady_clock::now() > deadline) {
      throw std::runtime_error("webhook_sink.py did not listen within 15 s");
    }
    std::this_thread::sleep_for(20ms);
  }
  port_ = static_cast<std::uint16_t>(std::stoi(read_all(dir_ / "port")));
}

WebhookSink::~WebhookSink() {
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
  std::error_code ignored;
  std::filesystem::remove_all(dir_, ignored);
}

void WebhookSink::set_mode(const std::string& mode) {
  {
    std::ofstream out(dir_ / "mode.tmp", std::ios::binary | std::ios::trunc);
    out << mode;
  }
  std::filesystem::rename(dir_ / "mode.tmp", dir_ / "mode");
}

std::vector<WebhookCallSeen> WebhookSink::calls() const {
  const std::string text = read_all(dir_ / "calls.jsonl");
  std::vector<WebhookCallSeen> out;
  std::size_t start = 0;
  for (;;) {
    const auto end = text.find('\n', start);
    if (end == std::string::npos) break;  // none, or a line still being written
    const std::string line = text.substr(start, end - start);
    out.push_back(LineReader(line).call());
    start = end + 1;
  }
  return out;
}

std::vector<WebhookCallSeen> WebhookSink::wait_for(std::size_t count,
                                                   std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    auto got = calls();
    if (got.size() >= count || std::chrono::steady_clock::now() > deadline) return got;
    std::this_thread::sleep_for(20ms);
  }
}

}  // namespace grognard::e2e
