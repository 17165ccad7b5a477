// grognard: the terminal client (docs/client.md).
#include "cli.h"

int main(int argc, char** argv) {
  return grognard::cli::run_cli(argc, argv);
}
