#pragma once
// Plain HTTP requests to the real server for the end-to-end tests of accounts (the browser's
// POST /account/..., its cookie, the pages mails link to), and reading a file whole.

#include <filesystem>
#include <string>

#include "server_process.h"

namespace grognard::e2e {

struct HttpAnswer {
  int status = 0;
  std::string head;
  std::string body;
  // The Set-Cookie header's value; empty when none.
  std::string cookie() const;
  // The session token the cookie sets.
  std::string token() const;
};

// One request on a connection of its own (Connection: close), its body sent as JSON.
HttpAnswer http(const ServerProcess& server, const std::string& method, const std::string& path,
                const std::string& body = "", const std::string& headers = "");

std::string file_bytes(const std::filesystem::path& p);

}  // namespace grognard::e2e
