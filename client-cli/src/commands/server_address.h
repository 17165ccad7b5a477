#pragma once
// Where the server is: --server, else $GROGNARD_SERVER, else ws://127.0.0.1:8080/.
// "ws://host:port", "wss://host" (TLS), "http://…" and "https://…" (the same, as the admin
// calls speak) keep their scheme; a bare "host:port" is ws://. Each is written with a path
// ("ws://host:port/"). And which private CA a wss:// server may chain to: --ca-file, else
// $GROGNARD_CA_FILE.

#include <string>

namespace grognard::cli {

inline constexpr const char* kDefaultServer = "ws://127.0.0.1:8080/";

std::string server_url(const std::string& flag);
std::string normalize_url(std::string url);
// The CA file: `flag`, else $GROGNARD_CA_FILE, else "" (the system's CA store alone).
std::string ca_file(const std::string& flag);

}  // namespace grognard::cli
