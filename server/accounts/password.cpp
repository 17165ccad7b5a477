#include "accounts/password.h"

#include <sodium.h>

#include "engine/utf8.h"

namespace grognard::accounts {
namespace {

static_assert(PasswordCost{}.opslimit == crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE);
static_assert(PasswordCost{}.memlimit == crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE);
static_assert(PasswordCost::cheapest_for_tests().opslimit == crypto_pwhash_argon2id_OPSLIMIT_MIN);
static_assert(PasswordCost::cheapest_for_tests().memlimit == crypto_pwhash_argon2id_MEMLIMIT_MIN);

bool name_character(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

// The hash string as libsodium reads it: NUL-terminated, at most crypto_pwhash_STRBYTES long.
bool as_c_string(std::string_view hash, char (&out)[crypto_pwhash_STRBYTES]) {
  if (hash.size() >= crypto_pwhash_STRBYTES || hash.find('\0') != std::string_view::npos) {
    return false;
  }
  hash.copy(out, hash.size());
  out[hash.size()] = '\0';
  return true;
}

}  // namespace

bool sodium_ready() {
  static const bool ready = sodium_init() >= 0;  // thread-safe; 1 when already started
  return ready;
}

engine::Status check_name(std::string_view name) {
  bool ok = name.size() >= kMinNameLength && name.size() <= kMaxNameLength;
  for (char c : name) ok = ok && name_character(c);
  if (!ok) return engine::invalid("a name is 3 to 32 letters, digits, _ or -");
  return engine::ok_status();
}

engine::Status check_password(std::string_view password) {
  if (password.size() < kMinPasswordBytes || password.size() > kMaxPasswordBytes ||
      !engine::valid_utf8(password)) {
    return engine::invalid("a password is 8 to 1024 bytes of UTF-8 text");
  }
  return engine::ok_status();
}

engine::Status check_email(std::string_view email) {
  constexpr std::size_t kMaxEmailBytes = 254;  // the longest address SMTP carries
  const auto at = email.find('@');
  bool ok = email.size() <= kMaxEmailBytes && engine::valid_utf8(email) && at != 0 &&
            at != std::string_view::npos && at + 1 < email.size() &&
            email.find('@', at + 1) == std::string_view::npos;
  for (char c : email) ok = ok && static_cast<unsigned char>(c) > ' ' && c != '\x7f';
  if (!ok) return engine::invalid("an e-mail address is name@domain, without spaces");
  return engine::ok_status();
}

std::string folded_name(std::string_view name) {
  std::string out(name);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

engine::Result<std::string> hash_password(std::string_view password, const PasswordCost& cost) {
  if (!sodium_ready()) {
    return engine::Error{engine::ErrorCode::kFailedPrecondition, "accounts.sodium",
                         "the server cannot hash passwords (libsodium did not start)"};
  }
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), cost.opslimit, cost.memlimit,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    return engine::Error{engine::ErrorCode::kFailedPrecondition, "accounts.hash",
                         "the server has not the memory to hash a password now: try again later"};
  }
  return std::string(out);
}

bool verify_password(std::string_view hash, std::string_view password) {
  char text[crypto_pwhash_STRBYTES];
  if (!sodium_ready() || !as_c_string(hash, text)) return false;
  // Only argon2id: crypto_pwhash_str_verify would also take an argon2i string.
  if (hash.rfind(crypto_pwhash_argon2id_STRPREFIX, 0) != 0) return false;
  return crypto_pwhash_str_verify(text, password.data(), password.size()) == 0;
}

bool needs_rehash(std::string_view hash, const PasswordCost& cost) {
  char text[crypto_pwhash_STRBYTES];
  if (!sodium_ready() || !as_c_string(hash, text)) return true;
  return crypto_pwhash_str_needs_rehash(text, cost.opslimit, cost.memlimit) != 0;
}

}  // namespace grognard::accounts
