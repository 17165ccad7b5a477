#include "mail/smtp_mailer.h"

#include <curl/curl.h>

#include <cstdio>
#include <cstring>
#include <ctime>
#include <memory>
#include <mutex>
#include <random>

namespace grognard::mail {
namespace {

engine::Error mail_error(std::string message) {
  return engine::Error{engine::ErrorCode::kFailedPrecondition, "mail.send", std::move(message)};
}

bool has_line_break(const std::string& s) {
  return s.find_first_of("\r\n") != std::string::npos;
}

// The Date header: RFC 5322's "Mon, 07 Dec 2026 21:04:05 +0000".
std::string date_now() {
  const std::time_t t = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&t, &utc);
  char out[64];
  std::strftime(out, sizeof out, "%a, %d %b %Y %H:%M:%S +0000", &utc);
  return out;
}

// A Message-ID header: random, at the sender's domain.
std::string message_id(const std::string& from) {
  std::random_device random;
  char id[40];
  std::snprintf(id, sizeof id, "%08x%08x%08x%08x", random(), random(), random(), random());
  const std::string address = envelope_address(from);
  return "Message-ID: <" + std::string(id) + address.substr(address.find('@')) + ">\r\n";
}

// What libcurl reads the message from.
struct Reader {
  const std::string& text;
  std::size_t at = 0;
};

std::size_t read_message(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto* r = static_cast<Reader*>(user);
  const std::size_t n = std::min(size * count, r->text.size() - r->at);
  std::memcpy(buffer, r->text.data() + r->at, n);
  r->at += n;
  return n;
}

void start_curl() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

}  // namespace

engine::Status check_smtp_options(const SmtpOptions& o) {
  if (!o.url.starts_with("smtp://") && !o.url.starts_with("smtps://")) {
    return engine::invalid("--smtp-url must start with smtp:// or smtps://, not \"" + o.url + "\"");
  }
  const std::string address = envelope_address(o.from);
  if (o.from.empty() || address.find('@') == std::string::npos || has_line_break(o.from)) {
    return engine::invalid(
        "--smtp-from must be an address (name@domain, or \"Name "
        "<name@domain>\") when --smtp-url is set");
  }
  return engine::ok_status();
}

std::string envelope_address(const std::string& from) {
  const auto open = from.rfind('<');
  const auto close = from.rfind('>');
  if (open == std::string::npos || close == std::string::npos || close < open) return from;
  return from.substr(open + 1, close - open - 1);
}

engine::Result<std::string> smtp_message(const Mail& mail, const std::string& from,
                                         const std::string& date) {
  if (has_line_break(mail.to) || has_line_break(mail.subject) || has_line_break(from)) {
    return engine::invalid("a mail's address and subject are one line each");
  }
  std::string out = "Date: " + date + "\r\nFrom: " + from + "\r\nTo: <" + mail.to +
                    ">\r\nSubject: " + mail.subject +
                    "\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8"
                    "\r\nContent-Transfer-Encoding: 8bit\r\n\r\n";
  for (char c : mail.body) {
    if (c == '\r') continue;
    if (c == '\n') out += '\r';
    out += c;
  }
  if (!out.ends_with("\r\n")) out += "\r\n";
  return out;
}

SmtpMailer::SmtpMailer(SmtpOptions options) : options_(std::move(options)) {
  start_curl();
}

engine::Status SmtpMailer::send(const Mail& mail) {
  auto text = smtp_message(mail, options_.from, date_now());
  if (!text) return text.error();
  text->insert(0, message_id(options_.from));
  std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) return mail_error("libcurl could not start");
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> to(
      curl_slist_append(nullptr, ("<" + mail.to + ">").c_str()), curl_slist_free_all);
  Reader reader{*text};
  const std::string from = "<" + envelope_address(options_.from) + ">";
  CURL* c = curl.get();
  curl_easy_setopt(c, CURLOPT_URL, options_.url.c_str());
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS,
                   static_cast<long>(options_.connect_timeout.count()));
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, static_cast<long>(options_.timeout.count()));
  // A password goes only over TLS; without one, STARTTLS when the relay offers it.
  curl_easy_setopt(c, CURLOPT_USE_SSL,
                   options_.user.empty() ? static_cast<long>(CURLUSESSL_TRY)
                                         : static_cast<long>(CURLUSESSL_ALL));
  if (!options_.user.empty()) {
    curl_easy_setopt(c, CURLOPT_USERNAME, options_.user.c_str());
    curl_easy_setopt(c, CURLOPT_PASSWORD, options_.password.c_str());
  }
  curl_easy_setopt(c, CURLOPT_MAIL_FROM, from.c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_RCPT, to.get());
  curl_easy_setopt(c, CURLOPT_READFUNCTION, read_message);
  curl_easy_setopt(c, CURLOPT_READDATA, &reader);
  curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
  const CURLcode rc = curl_easy_perform(c);
  if (rc != CURLE_OK) {
    long response = 0;
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &response);
    return mail_error(std::string("the SMTP relay did not take the mail: ") +
                      curl_easy_strerror(rc) +
                      (response != 0 ? " (reply " + std::to_string(response) + ")" : ""));
  }
  return engine::ok_status();
}

}  // namespace grognard::mail
