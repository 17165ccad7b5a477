#pragma once
// Reading a fuzzer's bytes as a few fields: a byte, a length-prefixed chunk, the rest. Reads past
// the end give zeros and empty chunks, so every input means something.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace grognard::fuzz {

class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size)
      : bytes_(reinterpret_cast<const char*>(data), size) {}

  bool empty() const { return bytes_.empty(); }
  std::uint8_t byte() {
    if (bytes_.empty()) return 0;
    const auto b = static_cast<std::uint8_t>(bytes_.front());
    bytes_.remove_prefix(1);
    return b;
  }
  // Two bytes of length (little-endian), then that many bytes (fewer when the input ends).
  std::string chunk() {
    const std::size_t low = byte();
    const std::size_t n = low | (static_cast<std::size_t>(byte()) << 8);
    return take(n);
  }
  std::string rest() { return take(bytes_.size()); }

 private:
  std::string take(std::size_t n) {
    n = n < bytes_.size() ? n : bytes_.size();
    std::string out(bytes_.substr(0, n));
    bytes_.remove_prefix(n);
    return out;
  }
  std::string_view bytes_;
};

// The inverse, for the corpus builder: appends `bytes` as a chunk.
inline void put_chunk(std::string& out, std::string_view bytes) {
  const std::size_t n = bytes.size() < 0xffff ? bytes.size() : 0xffff;
  out.push_back(static_cast<char>(n & 0xff));
  out.push_back(static_cast<char>(n >> 8));
  out.append(bytes.substr(0, n));
}

}  // namespace grognard::fuzz
