#include "commands/archive_cmd.h"

#include <fstream>
#include <iostream>
#include <iterator>

#include "app/builtin.h"
#include "client/websocket.h"
#include "commands/errors.h"
#include "record/archive_file.h"
#include "record/registry.h"
#include "record/text.h"

namespace grognard::cli {

namespace {

using namespace std::chrono_literals;

// Writes `bytes` to `path` ("" or "-": standard output), saying "<what> written to <path><how>"
// on standard error when it is a file. False (and why, on standard error) when it cannot.
bool write_out(const std::string& bytes, const std::string& path, const std::string& what,
               const std::string& how = "") {
  if (path.empty() || path == "-") {
    std::cout.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    std::cout.flush();
    return static_cast<bool>(std::cout);
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) {
    std::cerr << "grognard: cannot write " << path << std::endl;
    return false;
  }
  std::cerr << what << " written to " << path << how << std::endl;
  return true;
}

}  // namespace

int export_command(const Common& c, const ExportOptions& o) {
  auto cl = connect_hello(c.server, c.tls);
  auto archive = cl ? cl->export_game(o.game_id) : client::Result<v1::GameArchive>(cl.failure());
  if (!archive) {
    std::cerr << "grognard: " << readable(archive.failure()) << std::endl;
    return archive.failure().kind == client::FailureKind::kServer ? 1 : 2;
  }
  const auto bytes = record::write_archive(
      *archive, c.json ? record::ArchiveForm::kJson : record::ArchiveForm::kBinary);
  if (!bytes.ok()) {
    std::cerr << "grognard: " << bytes.error().message << std::endl;
    return 1;
  }
  return write_out(*bytes, o.out,
                   "Game " + o.game_id + ": " + std::to_string(archive->events_size()) + " events",
                   c.json ? " (JSON)" : " (binary)")
             ? 0
             : 2;
}

int report_command(const Common& c, const ExportOptions& o) {
  if (!record::plain_id(o.game_id)) {
    std::cerr << "grognard: \"" << o.game_id
              << "\" is not a game id (letters, digits, - and _: see grognard games)" << std::endl;
    return 2;
  }
  auto url = client::parse_url(c.server);
  if (!url) {
    std::cerr << "grognard: " << url.failure().message << std::endl;
    return 2;
  }
  client::HttpRequestSpec get;
  get.target = "/games/" + o.game_id + "/report";
  auto answer = client::http_request(*url, get, 60s, c.tls);
  if (!answer) {
    std::cerr << "grognard: " << readable(answer.failure()) << std::endl;
    return 2;
  }
  if (answer->status != 200) {  // the server's words: no such game, or not ended yet
    std::cerr << "grognard: " << answer->body << std::flush;
    return 1;
  }
  return write_out(answer->body, o.out, "The battle report of game " + o.game_id) ? 0 : 2;
}

int verify_command(const std::string& path) {
  auto archive = record::read_archive_file(path);
  if (!archive.ok()) {
    std::cerr << "grognard: " << path << ": " << archive.error().message << std::endl;
    return 2;
  }
  // The rule sets of this build, as a server of the same version hosts them.
  record::Registry registry;
  app::add_builtin(registry);
  const record::Verdict verdict = record::verify_archive(registry, *archive);
  std::cout << record::verdict_line(verdict) << std::endl;
  return verdict.ok ? 0 : 1;
}

}  // namespace grognard::cli
