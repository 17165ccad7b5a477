#include "record/archive_file.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <google/protobuf/util/json_util.h>

namespace grognard::record {
namespace {

// Far above any real game's, far below what would exhaust memory: events, and objects in the
// JSON form (a real event has a few dozen).
constexpr std::size_t kMaxEvents = 1'000'000;
constexpr std::size_t kMaxJsonObjects = 2'000'000;

void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

void put_delimited(std::string& out, const google::protobuf::Message& m) {
  const std::string body = m.SerializeAsString();
  put_varint(out, body.size());
  out += body;
}

engine::Error unreadable(std::string what) {
  return engine::Error{engine::ErrorCode::kInvalidArgument, "",
                       "not a readable archive file: " + std::move(what)};
}

// Reads one length-delimited message at `pos` into `m`, moving `pos` past it.
engine::Status get_delimited(std::string_view bytes, std::size_t& pos, google::protobuf::Message& m,
                             const std::string& what) {
  std::uint64_t size = 0;
  for (int shift = 0;; shift += 7) {
    if (pos >= bytes.size() || shift > 63) return unreadable(what + ": its length is cut short");
    const auto b = static_cast<std::uint8_t>(bytes[pos++]);
    size |= static_cast<std::uint64_t>(b & 0x7f) << shift;
    if ((b & 0x80) == 0) break;
  }
  if (size > bytes.size() - pos) {
    return unreadable(what + " claims " + std::to_string(size) + " bytes; the file has " +
                      std::to_string(bytes.size() - pos) + " left");
  }
  if (!m.ParseFromArray(bytes.data() + pos, static_cast<int>(size))) {
    return unreadable(what + " is not a " + m.GetTypeName() + " message");
  }
  pos += size;
  return engine::ok_status();
}

engine::Result<v1::GameArchive> read_binary(std::string_view bytes) {
  v1::GameArchive a;
  std::size_t pos = 0;
  if (auto st = get_delimited(bytes, pos, *a.mutable_header(), "the header"); !st.ok()) {
    return st.error();
  }
  while (pos < bytes.size()) {
    if (a.events_size() >= static_cast<int>(kMaxEvents)) {
      return unreadable("more than " + std::to_string(kMaxEvents) + " events");
    }
    const std::string what = "the message after event " + std::to_string(a.events_size());
    if (auto st = get_delimited(bytes, pos, *a.add_events(), what); !st.ok()) return st.error();
  }
  return a;
}

engine::Error unwritable(std::string why) {
  return engine::Error{
      engine::ErrorCode::kInvalidArgument, "",
      "this archive cannot be written as JSON (" + std::move(why) + "); its binary form can"};
}

// Each event's readable form as its parsed message's own bytes (canonical_any), so that the
// JSON form prints and reads back.
engine::Result<v1::GameArchive> canonical_readable(const v1::GameArchive& archive) {
  v1::GameArchive a = archive;
  for (v1::ArchivedEvent& e : *a.mutable_events()) {
    if (!e.readable().has_rules()) continue;
    if (auto st = canonical_any(*e.mutable_readable()->mutable_rules()); !st.ok()) {
      return unwritable("event " + std::to_string(e.seq()) + " is " + st.error().message);
    }
  }
  return a;
}

}  // namespace

engine::Result<std::string> write_archive(const v1::GameArchive& archive, ArchiveForm form) {
  std::string out;
  if (form == ArchiveForm::kBinary) {
    put_delimited(out, archive.header());
    for (const v1::ArchivedEvent& e : archive.events()) put_delimited(out, e);
    return out;
  }
  auto canonical = canonical_readable(archive);
  if (!canonical.ok()) return canonical.error();
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  const auto printed = google::protobuf::util::MessageToJsonString(*canonical, &out, options);
  if (!printed.ok()) return unwritable(std::string(printed.message()));
  if (auto back = read_archive(out); !back.ok()) return unwritable(back.error().message);
  return out;
}

engine::Result<v1::GameArchive> read_archive(std::string_view bytes) {
  if (bytes.size() > kMaxArchiveBytes) {
    return unreadable("it has " + std::to_string(bytes.size()) +
                      " bytes; an archive file has at most " + std::to_string(kMaxArchiveBytes));
  }
  const std::size_t first = bytes.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return unreadable("the file is empty");
  if (bytes[first] != '{') return read_binary(bytes);
  if (std::count(bytes.begin(), bytes.end(), '{') > static_cast<std::ptrdiff_t>(kMaxJsonObjects)) {
    return unreadable("JSON of more than " + std::to_string(kMaxJsonObjects) +
                      " objects, more than any game's file holds");
  }
  v1::GameArchive a;
  const auto status = google::protobuf::util::JsonStringToMessage(bytes, &a);
  if (!status.ok()) return unreadable("JSON: " + std::string(status.message()));
  return a;
}

engine::Result<v1::GameArchive> read_archive_file(const std::string& path) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) return unreadable("cannot read " + path + ": " + ec.message());
  if (size > kMaxArchiveBytes) {
    return unreadable(path + " has " + std::to_string(size) +
                      " bytes; an archive file has at most " + std::to_string(kMaxArchiveBytes));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return unreadable("cannot read " + path);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  return read_archive(bytes);
}

}  // namespace grognard::record
