#include "site/pages.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/canonical.h"
#include "record/text.h"

namespace grognard::site {

namespace {

// Page routes of the client: each answers index.html, which reads location.pathname.
bool page_route(std::string_view path) {
  if (path == "/" || path == "/index.html" || path == "/account/reset") return true;
  for (std::string_view prefix : {"/rooms/", "/games/"}) {
    if (!path.starts_with(prefix)) continue;
    return record::plain_id(path.substr(prefix.size()));
  }
  return false;
}

// A file path the client may ask for: segments of letters, digits, '_', '-' and '.', none
// starting with '.', so that no path leaves the web folder (nothing is percent-decoded).
bool safe_path(std::string_view path) {
  if (path.size() < 2 || path.size() > 200 || path.front() != '/') return false;
  std::size_t start = 1;
  while (start <= path.size()) {
    const std::size_t end = std::min(path.find('/', start), path.size());
    const std::string_view segment = path.substr(start, end - start);
    if (segment.empty() || segment.front() == '.') return false;
    for (char c : segment) {
      if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '_' && c != '-' && c != '.') {
        return false;
      }
    }
    start = end + 1;
  }
  return true;
}

std::string content_type(std::string_view path) {
  const std::string_view ext = path.substr(path.rfind('.') + 1);
  if (ext == "html") return "text/html; charset=utf-8";
  if (ext == "css") return "text/css; charset=utf-8";
  if (ext == "js") return "text/javascript; charset=utf-8";
  if (ext == "svg") return "image/svg+xml";
  if (ext == "json") return "application/json";
  return "text/plain; charset=utf-8";
}

// The inline import map of index.html, whose hash the page's policy allows.
std::string_view import_map(std::string_view html) {
  constexpr std::string_view open = "<script type=\"importmap\">";
  const std::size_t start = html.find(open);
  if (start == std::string_view::npos) return {};
  const std::size_t body = start + open.size();
  const std::size_t end = html.find("</script>", body);
  return end == std::string_view::npos ? std::string_view{} : html.substr(body, end - body);
}

}  // namespace

std::string base64(std::string_view bytes) {
  const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
  const std::size_t n = bytes.size();
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((n + 2) / 3 * 4);
  for (std::size_t i = 0; i < n; i += 3) {
    const std::uint32_t v = (std::uint32_t{data[i]} << 16) |
                            (i + 1 < n ? std::uint32_t{data[i + 1]} << 8 : 0U) |
                            (i + 2 < n ? std::uint32_t{data[i + 2]} : 0U);
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    out += i + 1 < n ? kAlphabet[(v >> 6) & 63] : '=';
    out += i + 2 < n ? kAlphabet[v & 63] : '=';
  }
  return out;
}

std::string csp_hash(std::string_view text) {
  const engine::StateHash h = engine::sha256(text);
  return "'sha256-" +
         base64(std::string_view(reinterpret_cast<const char*>(h.bytes.data()), h.bytes.size())) +
         "'";
}

std::vector<std::pair<std::string, std::string>> security_headers(std::string csp) {
  return {{"Content-Security-Policy", std::move(csp)},
          {"X-Content-Type-Options", "nosniff"},
          {"Referrer-Policy", "no-referrer"},
          {"X-Frame-Options", "DENY"}};
}

std::optional<std::string> report_game_id(std::string_view path) {
  constexpr std::string_view prefix = "/games/";
  constexpr std::string_view suffix = "/report";
  if (!path.starts_with(prefix) || !path.ends_with(suffix)) return std::nullopt;
  const std::string_view id =
      path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
  if (!page_route(std::string(prefix) + std::string(id))) return std::nullopt;
  return std::string(id);
}

WebSite::WebSite(std::string dir) : dir_(std::move(dir)) {
  if (dir_.empty()) embedded_map_ = report_import_map();
}

std::optional<std::string> WebSite::file(std::string_view path) const {
  if (!safe_path(path)) return std::nullopt;
  if (dir_.empty()) {
    for (const WebFile& f : embedded_web_files()) {
      if (f.path == path) return std::string(f.body);
    }
    return std::nullopt;
  }
  const std::filesystem::path p = std::filesystem::path(dir_) / std::string(path.substr(1));
  std::error_code ec;
  if (!std::filesystem::is_regular_file(p, ec)) return std::nullopt;
  std::ifstream in(p, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return std::move(text).str();
}

std::optional<WebReply> WebSite::get(std::string_view path, std::string_view if_none_match) const {
  const bool page = page_route(path);
  const std::string name = page ? "/index.html" : std::string(path);
  auto body = file(name);
  if (!body) return std::nullopt;
  WebReply reply;
  reply.content_type = content_type(name);
  // No file name carries a version, so a browser asks again each time (no-cache) and is
  // answered 304 while the file is the one it holds.
  const std::string etag = "\"" + engine::sha256(*body).hex().substr(0, 32) + "\"";
  std::string csp =
      "default-src 'self'; script-src 'self'" +
      (page ? " " + csp_hash(import_map(*body)) : std::string()) +
      "; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; "
      "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
  reply.headers = security_headers(std::move(csp));
  reply.headers.emplace_back("Cache-Control", "no-cache");
  reply.headers.emplace_back("ETag", etag);
  if (if_none_match == etag) {
    reply.status = 304;
    return reply;
  }
  reply.body = std::move(*body);
  return reply;
}

std::vector<std::pair<std::string, std::string>> WebSite::modules() const {
  std::vector<std::pair<std::string, std::string>> out;
  if (dir_.empty()) {
    for (const WebFile& f : embedded_web_files()) {
      if (f.path.starts_with("/js/") && f.path.ends_with(".js")) {
        out.emplace_back(std::string(f.path), std::string(f.body));
      }
    }
    return out;
  }
  const std::filesystem::path root = std::filesystem::path(dir_) / "js";
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(
           root, std::filesystem::directory_options::follow_directory_symlink, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file() || it->path().extension() != ".js") continue;
    const std::string rel =
        "/" + std::filesystem::relative(it->path(), std::filesystem::path(dir_)).generic_string();
    if (auto text = file(rel)) out.emplace_back(rel, std::move(*text));
  }
  std::ranges::sort(out);
  return out;
}

}  // namespace grognard::site
