// grognard-server: see app/server_main.h.
#include "app/server_main.h"

int main(int argc, char** argv) {
  return grognard::app::server_main(argc, argv, grognard::room::system_clock_ms);
}
