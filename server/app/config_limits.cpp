#include "app/config_limits.h"

#include <cctype>

namespace grognard::app {

namespace {

// "--max-chat-bytes" -> "GROGNARD_MAX_CHAT_BYTES".
std::string variable_of(std::string_view flag) {
  std::string out = "GROGNARD_";
  for (char c : flag.substr(2)) {
    out += c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return out;
}

template <class T>
CLI::Option* flag(CLI::App& cli, const std::string& name, T& value, const std::string& help) {
  return cli.add_option(name, value, help)->envname(variable_of(name))->capture_default_str();
}

}  // namespace

void add_share_flags(CLI::App& cli, Config& config) {
  net::Options& net = config.net;
  room::LobbyOptions& lobby = config.lobby;
  flag(cli, "--handshakes-per-address", net.handshakes_per_address,
       "Connections in their handshake one address may hold; one more closes its oldest (0: no "
       "share of its own)");
  flag(cli, "--ipv6-prefix", net.prefixes.ipv6,
       "Leading bits of an IPv6 address that count as one address for every per-address limit")
      ->check(CLI::Range(1, 128));
  flag(cli, "--ipv4-range-prefix", net.prefixes.ipv4_range,
       "Leading bits of an IPv4 address that name its range (--range-share)")
      ->check(CLI::Range(1, 32));
  flag(cli, "--ipv6-range-prefix", net.prefixes.ipv6_range,
       "Leading bits of an IPv6 address that name its range (--range-share)")
      ->check(CLI::Range(1, 128));
  flag(cli, "--range-share", lobby.range_share,
       "Percent of each server-wide bound (--max-rooms, --max-connections, --max-observers, "
       "--max-chat-bytes) that one range of addresses may hold (0: no share)")
      ->check(CLI::Range(0u, 100u));
  flag(cli, "--observers-per-room", lobby.observers_per_room,
       "Observer seats a room may have (0: no bound)");
  flag(cli, "--observers-per-address", lobby.observers_per_address,
       "Observer seats one address may hold in all rooms (0: no bound)");
  flag(cli, "--max-observers", lobby.max_observers,
       "Observer seats all rooms in memory may hold (0: no bound)");
  flag(cli, "--chat-bytes-per-address", lobby.chat_bytes_per_address,
       "Bytes of chat one address may hold in the rooms in memory (0: no bound)");
  flag(cli, "--max-chat-bytes", lobby.max_chat_bytes,
       "Bytes of chat all rooms in memory may hold (0: no bound)");
}

void apply_share_flags(Config& config) {
  config.net.range_share = config.lobby.range_share;
}

}  // namespace grognard::app
