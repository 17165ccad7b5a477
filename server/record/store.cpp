#include "record/store.h"

#include <future>

#include "engine/canonical.h"

namespace grognard::record {

const char* to_string(GameStatus s) {
  switch (s) {
    case GameStatus::kWaiting:
      return "waiting";
    case GameStatus::kRunning:
      return "running";
    case GameStatus::kFinished:
      return "finished";
    case GameStatus::kFailed:
      return "failed";
    case GameStatus::kExpired:
      return "expired";
    case GameStatus::kAborted:
      return "aborted";
  }
  return "?";
}

bool revealed(GameStatus s) {
  return s == GameStatus::kFinished || s == GameStatus::kAborted;
}

std::optional<GameStatus> game_status_from_string(std::string_view s) {
  if (s == "waiting") return GameStatus::kWaiting;
  if (s == "running") return GameStatus::kRunning;
  if (s == "finished") return GameStatus::kFinished;
  if (s == "failed") return GameStatus::kFailed;
  if (s == "expired") return GameStatus::kExpired;
  if (s == "aborted") return GameStatus::kAborted;
  return std::nullopt;
}

engine::Status append_and_wait(Store& store, WriteBatch batch) {
  std::promise<engine::Status> stored;
  auto done = stored.get_future();
  store.append(std::move(batch), [&stored](engine::Status st) { stored.set_value(std::move(st)); });
  return done.get();
}

Hash32 chain_hash(const Hash32& previous, const EventRecord& e, int version) {
  engine::CanonicalWriter w;
  for (std::uint8_t b : previous) w.u8(b);
  w.u64(e.seq).u8(static_cast<std::uint8_t>(e.kind));
  if (version >= 2) {
    for (std::uint8_t b : e.digest) w.u8(b);
  } else {
    w.str(e.payload);
  }
  for (std::uint8_t b : e.state_hash) w.u8(b);
  return engine::sha256(w.bytes()).bytes;
}

}  // namespace grognard::record
