// grognard-server-testclock: grognard-server whose clock the tests move forward
// (docs/clocks.md, "Tests"). It reads the file named by GROGNARD_TEST_CLOCK_FILE on every
// reading of the time: milliseconds to add to the system's clock (absent or empty: 0). Built
// only with the tests; the server itself has no way to change its time.
#include <cstdlib>
#include <fstream>
#include <string>

#include "app/server_main.h"

namespace {

std::int64_t offset_ms(const std::string& file) {
  std::ifstream in(file);
  long long ms = 0;
  if (in >> ms) return ms;
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const char* file = std::getenv("GROGNARD_TEST_CLOCK_FILE");
  const std::string path = file != nullptr ? file : "";
  // The clocks' notices are looked for every 200 ms: a test that moves the clock sees them come
  // at once (docs/notifications.md).
  return grognard::app::server_main(
      argc, argv,
      [path] { return grognard::room::system_clock_ms() + (path.empty() ? 0 : offset_ms(path)); },
      std::chrono::milliseconds(200));
}
