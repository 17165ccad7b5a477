#include "smtp_sink.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <thread>

namespace grognard::e2e {

namespace {

using namespace std::chrono_literals;

// smtp_sink.py, once Python's aiosmtpd is there.
std::string checked_script() {
  const std::string python = GROGNARD_PYTHON3;
  if (std::system((python + " -c 'import aiosmtpd' 2>/dev/null").c_str()) != 0) {
    throw std::runtime_error("the mail tests need Python's aiosmtpd for " + python +
                             ": install python3-aiosmtpd (bash scripts/deps.sh does)");
  }
  return "smtp_sink.py";
}

}  // namespace

SmtpSink::SmtpSink() : process_(checked_script(), "grognard-smtp-") {}

SmtpSink::~SmtpSink() = default;

std::vector<std::string> SmtpSink::mails() const {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(process_.dir())) {
    if (e.path().extension() == ".eml") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<std::string> out;
  for (const auto& f : files) out.push_back(read_file(f));
  return out;
}

std::vector<std::string> SmtpSink::wait_for(std::size_t count, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    auto got = mails();
    if (got.size() >= count || std::chrono::steady_clock::now() > deadline) return got;
    std::this_thread::sleep_for(20ms);
  }
}

std::string link_token(const std::string& mail, const std::string& path) {
  const auto at = mail.find(path);
  if (at == std::string::npos) return {};
  const auto start = at + path.size();
  const auto end = mail.find_first_of("\r\n", start);
  return mail.substr(start, end - start);
}

}  // namespace grognard::e2e
