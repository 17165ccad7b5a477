#include "commands/errors.h"

#include <algorithm>
#include <cctype>

namespace grognard::cli {

namespace {

std::string lead(grognard::v1::Code code) {
  switch (code) {
    case grognard::v1::ILLEGAL:
      return "Not allowed: ";
    case grognard::v1::NOT_YOUR_TURN:
      return "Not your turn: ";
    case grognard::v1::PERMISSION_DENIED:
      return "Not permitted: ";
    case grognard::v1::NOT_FOUND:
      return "Not found: ";
    case grognard::v1::UNAUTHENTICATED:
      return "No seat: ";
    case grognard::v1::FAILED_PRECONDITION:
      return "Not now: ";
    case grognard::v1::INVALID_ARGUMENT:
      return "Bad request: ";
    case grognard::v1::RESOURCE_EXHAUSTED:
      return "Too much: ";
    case grognard::v1::UNAVAILABLE:
      return "Unavailable: ";
    default:
      return "Error: ";
  }
}

// The sentence without its trailing full stop and spaces.
std::string sentence(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '.')) s.pop_back();
  return s;
}

// "Not your turn: " + "not your turn: …" reads once.
std::string with_lead(const std::string& lead, const std::string& message) {
  const std::string word = lead.substr(0, lead.size() - 2);
  if (message.size() >= word.size() &&
      std::equal(word.begin(), word.end(), message.begin(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) ==
               std::tolower(static_cast<unsigned char>(b));
      })) {
    std::string out = message;
    out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
    return out;
  }
  return lead + message;
}

}  // namespace

std::string readable(const client::Failure& f) {
  switch (f.kind) {
    case client::FailureKind::kServer: {
      std::string out = with_lead(lead(f.code), sentence(f.message));
      if (!f.clause.empty()) out += " (rule " + f.clause + ")";
      return out + ".";
    }
    case client::FailureKind::kTimeout:
      return "The server did not answer in time.";
    case client::FailureKind::kClosed:
      return "The server closed the connection" +
             (f.message.empty() ? std::string() : " (" + sentence(f.message) + ")") + ".";
    case client::FailureKind::kIo:
      return "Connection problem: " + sentence(f.message) + ".";
    case client::FailureKind::kDecode:
      return "The server sent something unreadable: " + sentence(f.message) + ".";
    case client::FailureKind::kUnexpected:
      return "The server answered unexpectedly: " + sentence(f.message) + ".";
    case client::FailureKind::kRefused:
      return "The server refused the connection: " + sentence(f.message) + ".";
    case client::FailureKind::kTls: {
      // A chain that did not verify may be a private CA's; a wrong host name is not mended so.
      const bool chain = f.message.find("certificate verify failed") != std::string::npos &&
                         f.message.find("hostname mismatch") == std::string::npos;
      return "Cannot connect securely: " + sentence(f.message) +
             (chain ? " (use --ca-file for a private CA)." : ".");
    }
  }
  return "Error.";
}

std::string as_sentence(const std::string& message) {
  std::string out = sentence(message);
  if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out + ".";
}

bool closed_for_policy(const client::Failure& f) {
  constexpr std::uint16_t kPolicyClose = 1008;
  return f.kind == client::FailureKind::kClosed && f.close_code == kPolicyClose;
}

bool connection_lost(const client::Failure& f) {
  // Coming back at once after a close for policy would only be refused again.
  if (closed_for_policy(f)) return false;
  // A server that is full or shutting down (503) may take us in a moment; a ban (403) stands,
  // and so does a certificate that failed verification (kTls).
  if (f.kind == client::FailureKind::kRefused) return f.http_status == 503;
  return f.kind == client::FailureKind::kClosed || f.kind == client::FailureKind::kIo ||
         f.kind == client::FailureKind::kTimeout ||
         (f.kind == client::FailureKind::kServer && f.code == grognard::v1::UNAVAILABLE &&
          f.message.find("shutting down") != std::string::npos);
}

}  // namespace grognard::cli
