#pragma once
// What a connection answers itself before and beside the lobby: Hello (which must come
// first), Ping. Every other message goes on to room::Lobby::handle. Beast-free.
//
// Thread-safety: a Gate belongs to one connection and is used on its strand only.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "net/options.h"

namespace grognard::v1 {
class ClientMessage;
class ServerMessage;
}  // namespace grognard::v1

namespace grognard::net {

inline constexpr std::uint32_t kProtocolVersion = 1;

// "grognard 0.1.0": the server's name and version, as Welcome.server reports it.
std::string server_version();

// The Welcome every Hello gets (request_id 0; each answer copies it).
std::shared_ptr<const v1::ServerMessage> make_welcome(const Options& options,
                                                      std::vector<std::string> rulesets);

class Gate {
 public:
  explicit Gate(std::shared_ptr<const v1::ServerMessage> welcome);

  // The answer to `message` when the connection gives it itself (Welcome, Pong, or an error
  // for a message before Hello), nullptr when the message belongs to the lobby.
  // REQUIRES: `message` has a body.
  std::shared_ptr<const v1::ServerMessage> answer(const v1::ClientMessage& message);

  bool greeted() const { return greeted_; }

 private:
  std::shared_ptr<const v1::ServerMessage> welcome_;
  bool greeted_ = false;
};

}  // namespace grognard::net
