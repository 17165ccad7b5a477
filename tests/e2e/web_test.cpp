// The web client's routes on the real server (docs/web.md): the page and its files with their
// content types, caching and Content-Security-Policy; nothing outside web/ (no traversal, plain
// or encoded); --web-dir; the battle report of an ended game, refused for a running one.
#include <catch2/catch.hpp>

#include <openssl/evp.h>
#include <openssl/sha.h>

#include <fstream>

#include "game.h"

namespace grognard::e2e {
namespace {

client::HttpResponse get(const ServerProcess& server, const std::string& target,
                         std::vector<std::pair<std::string, std::string>> headers = {},
                         const std::string& method = "GET") {
  client::HttpRequestSpec spec;
  spec.method = method;
  spec.target = target;
  spec.headers = std::move(headers);
  auto r = client::http_request("127.0.0.1", server.port(), spec, kWait);
  REQUIRE(r.ok());
  return *r;
}

// The policy's source for an inline script: 'sha256-' and the base64 of its SHA-256.
std::string hash_source(const std::string& text) {
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(text.data()), text.size(), digest);
  unsigned char b64[64] = {};
  EVP_EncodeBlock(b64, digest, SHA256_DIGEST_LENGTH);
  return "'sha256-" + std::string(reinterpret_cast<char*>(b64)) + "'";
}

// The text of the first <script> element whose opening tag is `open`.
std::string script_body(const std::string& html, const std::string& open) {
  const auto start = html.find(open);
  REQUIRE(start != std::string::npos);
  const auto body = start + open.size();
  return html.substr(body, html.find("</script>", body) - body);
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("the web client is served on the server's port with its types and policy", "[e2e][web]") {
  ServerProcess server;
  const auto page = get(server, "/");
  REQUIRE(page.status == 200);
  CHECK(page.content_type == "text/html; charset=utf-8");
  CHECK(page.body.find("<script type=\"module\" src=\"/js/main.js\"></script>") !=
        std::string::npos);
  const std::string csp = page.header("Content-Security-Policy");
  CHECK(csp.starts_with("default-src 'self'; script-src 'self' " +
                        hash_source(script_body(page.body, "<script type=\"importmap\">")) +
                        "; style-src 'self';"));
  CHECK(csp.find("connect-src 'self'") != std::string::npos);
  CHECK(csp.find("frame-ancestors 'none'") != std::string::npos);
  CHECK(page.header("X-Content-Type-Options") == "nosniff");
  CHECK(page.header("Cache-Control") == "no-cache");

  SECTION("a page route is the same page; files have their own types") {
    CHECK(get(server, "/rooms/K7QX2M").body == page.body);
    const auto index = get(server, "/index.html");
    CHECK(index.body == page.body);
    CHECK(index.header("Content-Security-Policy") == csp);
    CHECK(get(server, "/games/g-0123456789ab?as=observer").body == page.body);
    const auto js = get(server, "/js/main.js");
    CHECK(js.status == 200);
    CHECK(js.content_type == "text/javascript; charset=utf-8");
    CHECK(
        js.header("Content-Security-Policy").starts_with("default-src 'self'; script-src 'self';"));
    CHECK(get(server, "/style.css").content_type == "text/css; charset=utf-8");
    CHECK(get(server, "/js/rulesets/itchy.js").status == 200);
  }
  SECTION("a browser that holds the file is answered 304") {
    const std::string etag = page.header("ETag");
    REQUIRE(etag.size() == 34);
    const auto again = get(server, "/", {{"If-None-Match", etag}});
    CHECK(again.status == 304);
    CHECK(again.body.empty());
    CHECK(get(server, "/", {{"If-None-Match", "\"other\""}}).status == 200);
  }
  SECTION("nothing but the client's files: no traversal, plain or encoded") {
    for (const char* target :
         {"/nope", "/js/nope.js", "/../etc/passwd", "/js/../index.html", "/%2e%2e/etc/passwd",
          "/js/%2e%2e/index.html", "/.git/config", "//etc/passwd", "/js//main.js", "/rooms/",
          "/rooms/a/b", "/rooms/..", "/games/x/report/..", "/index.html/", "/js/main.js%00.txt",
          "/JS/MAIN.JS"}) {
      INFO(target);
      const auto r = get(server, target);
      CHECK(r.status == 404);
      CHECK(r.body == "not found\n");
    }
  }
  SECTION("only GET") {
    for (const char* target : {"/", "/js/main.js", "/games/g-0123456789ab/report"}) {
      INFO(target);
      const auto r = get(server, target, {}, "POST");
      CHECK(r.status == 405);
      CHECK(r.header("Allow") == "GET");
    }
  }
}

TEST_CASE("the client is served from the folder --web-dir names and nothing outside it",
          "[e2e][web]") {
  const auto dir =
      std::filesystem::temp_directory_path() / ("grognard-web-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "web" / "js");
  std::ofstream(dir / "web" / "index.html")
      << "<script type=\"importmap\">{\"imports\":{\"grognard/\":\"/js/\"}}</script>\n";
  std::ofstream(dir / "web" / "js" / "main.js") << "export const x = 1;\n";
  std::ofstream(dir / "secret.txt") << "not for the web\n";
  ServerProcess server({"--web-dir", (dir / "web").string()});

  CHECK(get(server, "/js/main.js").body == "export const x = 1;\n");
  const auto page = get(server, "/rooms/ABCDEF");
  CHECK(page.body.starts_with("<script type=\"importmap\">"));
  CHECK(page.header("Content-Security-Policy")
            .find(hash_source("{\"imports\":{\"grognard/\":\"/js/\"}}")) != std::string::npos);
  for (const char* target : {"/../secret.txt", "/js/../../secret.txt", "/%2e%2e/secret.txt"}) {
    INFO(target);
    CHECK(get(server, target).status == 404);
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("an ended game's battle report is one self-contained page and a running game has none",
          "[e2e][web][report]") {
  ServerProcess server(kPlayFlags);
  Game g = start_game(server);
  step(g);
  const std::string target = "/games/" + g.game_id + "/report";
  const auto running = get(server, target);
  CHECK(running.status == 409);
  CHECK(running.body ==
        "game " + g.game_id + " has not ended: its battle report is made when it ends\n");
  CHECK(get(server, "/games/g-000000000000/report").status == 404);

  // A chat that tries to close the data's script element early.
  REQUIRE(g.players[0].client.chat("</script><script>alert(1)</script>").ok());
  for (int i = 0; i < 400 && !finished(g); ++i) step(g);
  REQUIRE(finished(g));

  const auto report = get(server, target);
  REQUIRE(report.status == 200);
  CHECK(report.content_type == "text/html; charset=utf-8");
  CHECK(count(report.body, "</script>") == 3);  // the import map, the data, the bootstrap
  const std::string import_map = script_body(report.body, "<script type=\"importmap\">");
  CHECK(import_map.find("\"grognard/report.js\": \"data:text/javascript;base64,") !=
        std::string::npos);
  CHECK(import_map.find("\"grognard/rulesets/itchy.js\": \"data:text/javascript;base64,") !=
        std::string::npos);
  const std::string bootstrap = script_body(report.body, "<script type=\"module\">");
  const std::string csp = report.header("Content-Security-Policy");
  CHECK(csp.starts_with("default-src 'none'; script-src data: " + hash_source(import_map) + " " +
                        hash_source(bootstrap) + "; style-src 'sha256-"));
  CHECK(report.body.find("<link") == std::string::npos);  // nothing fetched
  CHECK(report.body.find("src=\"/") == std::string::npos);

  // The data: the game with its seed, every event, the view before the battle and at the end.
  const std::string data = script_body(report.body,
                                       "<script type=\"application/json\" "
                                       "id=\"report-data\">");
  CHECK(data.find(R"(\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e)") !=
        std::string::npos);
  CHECK(data.find("\"seed\":\"") != std::string::npos);
  const auto& events = g.players[0].events;
  REQUIRE(!events.empty());
  CHECK(count(data, "\"seq\":\"" + std::to_string(events.back().seq()) + "\"") == 2);
  CHECK(data.find("\"turns\":[{\"turn\":0,\"seq\":\"") != std::string::npos);
  CHECK(count(data, "\"view\":{\"@type\":\"type.googleapis.com/grognard.v1.itchy.View\"") >= 3);

  SECTION("grognard report writes the same page") {
    const auto dir =
        std::filesystem::temp_directory_path() / ("grognard-report-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string cmd = std::string(GROGNARD_CLIENT_BIN) + " --server " + server.url() +
                            " report " + g.game_id + " -o " + (dir / "r.html").string() + " 2>" +
                            (dir / "err").string();
    REQUIRE(std::system(cmd.c_str()) == 0);
    std::ifstream in(dir / "r.html");
    const std::string saved((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(saved == report.body);
    const std::string refused = std::string(GROGNARD_CLIENT_BIN) + " --server " + server.url() +
                                " report g-000000000000 >/dev/null 2>" + (dir / "err").string();
    CHECK(WEXITSTATUS(std::system(refused.c_str())) == 1);
    std::ifstream err(dir / "err");
    const std::string why((std::istreambuf_iterator<char>(err)), std::istreambuf_iterator<char>());
    CHECK(why == "grognard: no game \"g-000000000000\"\n");
    std::filesystem::remove_all(dir);
  }
}

}  // namespace grognard::e2e
