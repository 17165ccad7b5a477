#include "app/archive_cmd.h"

#include <fstream>
#include <iostream>
#include <iterator>

#include "app/builtin.h"
#include "app/errors.h"
#include "room/archive_file.h"

namespace grognard::cli {

int export_command(const Common& c, const ExportOptions& o) {
  auto cl = connect_hello(c.server);
  auto archive = cl ? cl->export_game(o.game_id) : client::Result<v1::GameArchive>(cl.failure());
  if (!archive) {
    std::cerr << "grognard: " << readable(archive.failure()) << std::endl;
    return archive.failure().kind == client::FailureKind::kServer ? 1 : 2;
  }
  const std::string bytes =
      room::write_archive(*archive, c.json ? room::ArchiveForm::kJson : room::ArchiveForm::kBinary);
  if (o.out.empty() || o.out == "-") {
    std::cout.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    std::cout.flush();
    return std::cout ? 0 : 2;
  }
  std::ofstream out(o.out, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) {
    std::cerr << "grognard: cannot write " << o.out << std::endl;
    return 2;
  }
  std::cerr << "Game " << o.game_id << ": " << archive->events_size() << " events written to "
            << o.out << " (" << (c.json ? "JSON" : "binary") << ")" << std::endl;
  return 0;
}

int verify_command(const std::string& path) {
  auto archive = room::read_archive_file(path);
  if (!archive.ok()) {
    std::cerr << "grognard: " << path << ": " << archive.error().message << std::endl;
    return 2;
  }
  // The rule sets of this build, as a server of the same version hosts them.
  room::Registry registry;
  app::add_builtin(registry);
  const room::Verdict verdict = room::verify_archive(registry, *archive);
  std::cout << room::verdict_line(verdict) << std::endl;
  return verdict.ok ? 0 : 1;
}

}  // namespace grognard::cli
