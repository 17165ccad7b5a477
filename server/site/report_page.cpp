// The battle report page (docs/web.md "Battle reports"): the game's data, the report's style,
// and the client's modules as data: URLs behind an import map, so the page renders the same
// with or without a server, from the very code the live client runs.

#include <string>

#include "site/pages.h"

namespace grognard::site {

namespace {

// The one script of the page besides the modules: it never changes, so its hash is fixed.
constexpr std::string_view kBootstrap =
    "import { renderReport } from 'grognard/report.js';\n"
    "renderReport(JSON.parse(document.getElementById('report-data').textContent),\n"
    "             document.getElementById('report'));\n";

// A JSON string as the body of a <script> element: '<' can only occur inside JSON strings,
// where \u003c reads the same, so no "</script>" can close the element early.
std::string script_safe_json(std::string_view json) {
  std::string out;
  out.reserve(json.size());
  for (char c : json) {
    if (c == '<') {
      out += "\\u003c";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string escape_html(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

WebSite::ImportMap WebSite::report_import_map() const {
  std::string imports;
  for (const auto& [path, text] : modules()) {
    // "/js/report.js" -> "grognard/report.js" (the index page maps "grognard/" to "/js/").
    imports += std::string(imports.empty() ? "" : ",\n") + "\"grognard/" + path.substr(4) +
               "\": \"data:text/javascript;base64," + base64(text) + "\"";
  }
  ImportMap out;
  out.json = "{\"imports\": {\n" + imports + "\n}}";
  out.hash = csp_hash(out.json);
  return out;
}

WebReply WebSite::report(std::string_view data_json, std::string_view title) const {
  const ImportMap fresh = dir_.empty() ? ImportMap{} : report_import_map();
  const ImportMap& map = dir_.empty() ? embedded_map_ : fresh;
  const std::string style = file("/report.css").value_or("");

  WebReply reply;
  reply.content_type = "text/html; charset=utf-8";
  reply.body =
      "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>" +
      escape_html(title) + "</title>\n<style>" + style + "</style>\n<script type=\"importmap\">" +
      map.json +
      "</script>\n</head>\n<body>\n<main id=\"report\"><noscript>This report draws "
      "its maps and tables with JavaScript: open it in a browser that runs "
      "scripts.</noscript></main>\n<script type=\"application/json\" "
      "id=\"report-data\">" +
      script_safe_json(data_json) + "</script>\n<script type=\"module\">" +
      std::string(kBootstrap) + "</script>\n</body>\n</html>\n";
  // Saved to a file the page has no policy; served, it may run only its own scripts.
  reply.headers = security_headers(
      "default-src 'none'; script-src data: " + map.hash + " " + csp_hash(kBootstrap) +
      "; style-src " + csp_hash(style) +
      "; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
  reply.headers.emplace_back("Cache-Control", "no-cache");
  return reply;
}

}  // namespace grognard::site
