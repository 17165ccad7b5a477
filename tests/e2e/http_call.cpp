#include "http_call.h"

#include <fstream>
#include <iterator>

#include <catch2/catch.hpp>

#include "net_raw.h"

namespace grognard::e2e {

std::string HttpAnswer::cookie() const {
  const auto at = head.find("Set-Cookie: ");
  if (at == std::string::npos) return {};
  return head.substr(at + 12, head.find("\r\n", at) - at - 12);
}

std::string HttpAnswer::token() const {
  const std::string c = cookie();
  const auto eq = c.find('=');
  return eq == std::string::npos ? "" : c.substr(eq + 1, c.find(';') - eq - 1);
}

HttpAnswer http(const ServerProcess& server, const std::string& method, const std::string& path,
                const std::string& body, const std::string& headers) {
  raw::Socket s(server.port());
  REQUIRE(s.is_open());
  REQUIRE(s.send(method + " " + path +
                 " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(server.port()) +
                 "\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: " +
                 std::to_string(body.size()) + "\r\n" + headers + "\r\n" + body));
  std::string all;
  for (std::string chunk; !(chunk = s.receive_some(raw::Millis(5000))).empty();) all += chunk;
  HttpAnswer a;
  const auto end = all.find("\r\n\r\n");
  REQUIRE(end != std::string::npos);
  a.head = all.substr(0, end + 2);
  a.body = all.substr(end + 4);
  a.status = std::atoi(a.head.c_str() + 9);
  return a;
}

std::string file_bytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace grognard::e2e
