// One libFuzzer target: GROGNARD_FUZZ_ENTRY names the entry of targets.h it runs.
#include "targets.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return grognard::fuzz::GROGNARD_FUZZ_ENTRY(data, size);
}
