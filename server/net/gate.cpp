#include "net/gate.h"

#include "grognard/v1/protocol.pb.h"
#include "room/messages.h"

#ifndef GROGNARD_VERSION
#error "GROGNARD_VERSION must be defined by the build"
#endif

namespace grognard::net {

std::string server_version() {
  return std::string("grognard ") + GROGNARD_VERSION;
}

std::shared_ptr<const v1::ServerMessage> make_welcome(const Options& options,
                                                      std::vector<std::string> rulesets) {
  auto message = std::make_shared<v1::ServerMessage>();
  v1::Welcome* welcome = message->mutable_welcome();
  welcome->set_protocol_version(kProtocolVersion);
  welcome->set_server(server_version());
  v1::Limits* limits = welcome->mutable_limits();
  limits->set_max_frame_bytes(options.max_frame_bytes);
  limits->set_max_queued_messages(options.queue_messages);
  limits->set_max_queued_bytes(options.queue_bytes);
  limits->set_commands_per_second(options.rate);
  limits->set_command_burst(options.burst);
  limits->set_idle_timeout_seconds(static_cast<std::uint32_t>(options.idle_timeout.count()));
  for (std::string& name : rulesets) welcome->add_rulesets(std::move(name));
  return message;
}

Gate::Gate(std::shared_ptr<const v1::ServerMessage> welcome) : welcome_(std::move(welcome)) {}

std::shared_ptr<const v1::ServerMessage> Gate::answer(const v1::ClientMessage& message) {
  const std::uint64_t id = message.request_id();
  switch (message.body_case()) {
    case v1::ClientMessage::kHello: {
      const std::uint32_t version = message.hello().protocol_version();
      if (version != kProtocolVersion) {
        return room::error_message(id, v1::FAILED_PRECONDITION, "",
                                   "unsupported protocol version " + std::to_string(version) +
                                       ": this server speaks version " +
                                       std::to_string(kProtocolVersion));
      }
      greeted_ = true;
      auto reply = std::make_shared<v1::ServerMessage>(*welcome_);
      reply->set_request_id(id);
      return reply;
    }
    case v1::ClientMessage::kPing: {
      if (!greeted_) break;
      auto reply = std::make_shared<v1::ServerMessage>();
      reply->set_request_id(id);
      reply->mutable_pong();
      return reply;
    }
    default:
      break;
  }
  if (!greeted_) {
    return room::error_message(id, v1::FAILED_PRECONDITION, "", "send hello first");
  }
  return nullptr;
}

}  // namespace grognard::net
