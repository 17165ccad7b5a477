#include "webhook_sink.h"

#include <fstream>
#include <stdexcept>
#include <thread>

namespace grognard::e2e {

namespace {

using namespace std::chrono_literals;

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

WebhookSink::WebhookSink() : process_("webhook_sink.py", "grognard-webhook-") {}

WebhookSink::~WebhookSink() = default;

void WebhookSink::set_mode(const std::string& mode) {
  {
    std::ofstream out(process_.dir() / "mode.tmp", std::ios::binary | std::ios::trunc);
    out << mode;
  }
  std::filesystem::rename(process_.dir() / "mode.tmp", process_.dir() / "mode");
}

std::vector<WebhookCallSeen> WebhookSink::calls() const {
  const std::string text = read_file(process_.dir() / "calls.jsonl");
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
