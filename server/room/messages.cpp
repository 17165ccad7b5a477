#include "room/messages.h"

#include <algorithm>
#include <cctype>
#include <memory>

#include "engine/canonical.h"
#include "engine/dice.h"

namespace grognard::room {

v1::Code to_code(engine::ErrorCode code) {
  switch (code) {
    case engine::ErrorCode::kInvalidArgument:
      return v1::INVALID_ARGUMENT;
    case engine::ErrorCode::kPermissionDenied:
      return v1::PERMISSION_DENIED;
    case engine::ErrorCode::kNotYourTurn:
      return v1::NOT_YOUR_TURN;
    case engine::ErrorCode::kIllegal:
      return v1::ILLEGAL;
    case engine::ErrorCode::kNotFound:
      return v1::NOT_FOUND;
    case engine::ErrorCode::kFailedPrecondition:
      return v1::FAILED_PRECONDITION;
  }
  return v1::CODE_UNSPECIFIED;
}

MessagePtr error_message(std::uint64_t request_id, v1::Code code, std::string clause,
                         std::string message) {
  auto m = std::make_shared<v1::ServerMessage>();
  m->set_request_id(request_id);
  auto* e = m->mutable_error();
  e->set_code(code);
  e->set_clause(std::move(clause));
  e->set_message(std::move(message));
  return m;
}

MessagePtr error_message(std::uint64_t request_id, const engine::Error& e) {
  return error_message(request_id, to_code(e.code), e.clause, e.message);
}

void pack_any(google::protobuf::Any* any, const std::string& full_name, const std::string& bytes) {
  any->set_type_url("type.googleapis.com/" + full_name);
  any->set_value(bytes);
}

engine::Result<std::string> unpack_any(const google::protobuf::Any& any,
                                       const std::string& full_name) {
  const std::string& url = any.type_url();
  const auto slash = url.rfind('/');
  const std::string type = slash == std::string::npos ? url : url.substr(slash + 1);
  if (type != full_name) {
    return engine::Error{engine::ErrorCode::kInvalidArgument, "",
                         "expected a " + full_name + ", got \"" + shown(type) + "\""};
  }
  return any.value();
}

std::string hex(const Hash32& h) {
  return engine::to_hex(h.data(), h.size());
}

bool plain_id(std::string_view id) {
  return !id.empty() && id.size() <= 64 && std::ranges::all_of(id, [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_';
  });
}

std::optional<Hash32> parse_hash(std::string_view hex) {
  if (hex.size() != 64) return std::nullopt;
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  Hash32 out{};
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int hi = nibble(hex[2 * i]);
    const int lo = nibble(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out[i] = static_cast<std::uint8_t>(hi * 16 + lo);
  }
  return out;
}

Hash32 sha256_of(std::string_view text) {
  return engine::sha256(text).bytes;
}

engine::Status canonical_any(google::protobuf::Any& any) {
  namespace gp = ::google::protobuf;
  const std::string_view url = any.type_url();
  const std::string type(url.substr(url.rfind('/') + 1));
  const gp::Descriptor* d = gp::DescriptorPool::generated_pool()->FindMessageTypeByName(type);
  if (d == nullptr) {
    return engine::Error{engine::ErrorCode::kInvalidArgument, "",
                         "of type " + shown(type) + ", which this build does not know"};
  }
  std::unique_ptr<gp::Message> m(gp::MessageFactory::generated_factory()->GetPrototype(d)->New());
  if (!m->ParseFromString(any.value())) {
    return engine::Error{engine::ErrorCode::kInvalidArgument, "", "not a " + d->full_name()};
  }
  any.set_value(m->SerializeAsString());
  // Readers find the type after the last '/', whatever comes before it; the JSON printer
  // refuses any prefix but its own.
  any.set_type_url("type.googleapis.com/" + d->full_name());
  return engine::ok_status();
}

std::string utf8_prefix(std::string_view text, std::size_t max_bytes) {
  std::size_t n = std::min(text.size(), max_bytes);
  while (n < text.size() && n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  return std::string(text.substr(0, n));
}

std::string shown(std::string_view client_text) {
  if (client_text.size() <= kShownBytes) return std::string(client_text);
  return utf8_prefix(client_text, kShownBytes) + "\u2026";
}

std::string random_hex(std::size_t bytes) {
  std::string out;
  while (out.size() < bytes * 2) {
    const engine::Seed s = engine::SeededDice::seed_from_os();
    out += engine::to_hex(s.data(), s.size());
  }
  out.resize(bytes * 2);
  return out;
}

engine::Role role_from_string(std::string_view role) {
  if (role == "general") return engine::Role::kGeneral;
  if (role == "player") return engine::Role::kPlayer;
  if (role == "referee") return engine::Role::kReferee;
  return engine::Role::kObserver;
}

}  // namespace grognard::room
