#pragma once
// The web client (web/ at the top of the project, docs/web.md): its files, embedded in the
// binary at build time (embed_web.cmake) or read from a folder (--web-dir), served on the
// server's one port with their content types, caching headers and a Content-Security-Policy
// that allows only the server itself; and the battle report page of a game. Beast-free: the
// listener (server.cpp) turns a WebReply into its HTTP response.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace grognard::site {

struct WebFile {
  std::string_view path;  // "/js/main.js"
  std::string_view body;
};
// The files of web/ as this binary was built with them (generated: web_embedded.cpp).
const std::vector<WebFile>& embedded_web_files();

struct WebReply {
  int status = 200;
  std::string content_type;
  std::string body;  // empty for 304
  std::vector<std::pair<std::string, std::string>> headers;
};

class WebSite {
 public:
  // `dir` empty: the embedded files; else the files of that folder, read on each request
  // (for working on the client without rebuilding the server).
  explicit WebSite(std::string dir = {});

  // The answer to GET `path` (no query), or nullopt when the path is no page or file of the
  // web client. `/`, `/index.html`, `/rooms/CODE` and `/games/ID` are the page; every other
  // file is served at its own path. `if_none_match`: the request's header (a 304 when it
  // names the file's ETag).
  std::optional<WebReply> get(std::string_view path, std::string_view if_none_match) const;

  // The battle report of a game: one self-contained page holding `data_json` (docs/web.md
  // "Battle reports"), web/report.css, and every module of web/js as a data: URL in an import
  // map, so that it needs no server once saved.
  WebReply report(std::string_view data_json, std::string_view title) const;

 private:
  std::optional<std::string> file(std::string_view path) const;
  std::vector<std::pair<std::string, std::string>> modules() const;  // "/js/x.js", text
  // The report's import map (every module as a data: URL) and its CSP hash.
  struct ImportMap {
    std::string json;
    std::string hash;
  };
  ImportMap report_import_map() const;
  std::string dir_;
  ImportMap embedded_map_;  // made once for the embedded files; a --web-dir's on each report
};

// `/games/ID/report` -> ID, else nullopt.
std::optional<std::string> report_game_id(std::string_view path);

// Security headers every web reply carries, with `csp` as its Content-Security-Policy.
std::vector<std::pair<std::string, std::string>> security_headers(std::string csp);

std::string base64(std::string_view bytes);

// Text for an HTML element's content: & < > escaped.
std::string escape_html(std::string_view text);

// SHA-256 of `text` in base64, as a CSP source: 'sha256-…'.
std::string csp_hash(std::string_view text);

}  // namespace grognard::site
