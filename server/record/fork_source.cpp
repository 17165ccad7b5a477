#include "record/fork_source.h"

#include "record/hashes.h"

namespace grognard::record {

namespace {
constexpr int kMaxDepth = 64;  // forks of forks: far beyond any real use, short of any stack limit
}

v1::SystemNote fork_note(const std::string& source_game, std::uint64_t source_seq,
                         std::uint64_t dice_from, const std::string& seed_sha256) {
  v1::SystemNote note;
  note.set_text("Forked from game " + source_game + " at event " + std::to_string(source_seq) +
                ". Dice from throw " + std::to_string(dice_from) +
                " on: SHA-256 of this game's seed is " + seed_sha256);
  note.set_seed_sha256(seed_sha256);
  return note;
}

std::optional<engine::Error> running_source(Store& store, const GameRecord& game) {
  std::string id = game.source_game;
  for (int depth = 0; !id.empty() && depth < kMaxDepth; ++depth) {
    auto source = store.game(id);
    if (!source.ok()) return source.error();
    if (!source->has_value()) return std::nullopt;  // not stored here: an imported fork's
    const GameRecord& s = **source;
    if (!revealed(s.status)) {
      return engine::Error{engine::ErrorCode::kFailedPrecondition, "",
                           "game " + game.id + " was forked from game " + s.id + ", which is " +
                               to_string(s.status) +
                               ": shown whole it would reveal what that game still hides; it "
                               "can be, once " +
                               s.id + " has ended"};
    }
    id = s.source_game;
  }
  return std::nullopt;
}

v1::ForkSource fork_source(Store& store, const GameRecord& game, int depth) {
  v1::ForkSource out;
  if (game.source_game.empty() || depth >= kMaxDepth) return out;
  out.set_game_id(game.source_game);
  out.set_seq(game.source_seq);
  out.set_dice_from(game.dice_from);
  auto source = store.game(game.source_game);
  if (!source.ok() || !source->has_value()) return out;
  const GameRecord& s = **source;
  out.set_seed_sha256(hex(s.seed_sha256));
  if (revealed(s.status)) {
    out.set_seed(hex(s.seed));
  }
  if (!s.source_game.empty()) *out.mutable_source() = fork_source(store, s, depth + 1);
  return out;
}

}  // namespace grognard::record
