#include "room/fork_source.h"

namespace grognard::room {

v1::ForkSource fork_source(Store& store, const GameRecord& game) {
  v1::ForkSource out;
  if (game.source_game.empty()) return out;
  out.set_game_id(game.source_game);
  out.set_seq(game.source_seq);
  out.set_dice_from(game.dice_from);
  auto source = store.game(game.source_game);
  if (!source.ok() || !source->has_value()) return out;
  const GameRecord& s = **source;
  out.set_seed_sha256(hex(s.seed_sha256));
  if (s.status == GameStatus::kFinished || s.status == GameStatus::kAborted) {
    out.set_seed(engine::to_hex(s.seed.data(), s.seed.size()));
  }
  return out;
}

}  // namespace grognard::room
