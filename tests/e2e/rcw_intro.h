#pragma once
// The scripted game of rcw_test.cpp ("The road to Pokrovka") and its checks. The dice are the
// server's: every step is either a command that cannot fail (placements, activations, a move
// whose geometry is fixed, skips, the end of a turn) or one the server listed in get_legal.

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "rcw_watch.h"

namespace grognard::e2e {

// A unit the enemy must not see, where it stands (or stood), and what would betray it.
struct Secret {
  std::string id;
  std::string name;
  int side = 0;
  double x = 0, y = 0, facing = 0;
  Needles needles;
};

class Intro {
 public:
  Intro(Watcher& reds, Watcher& whites, std::vector<Watcher*> all);

  // R19: both sides place their units, the Whites' machine gun twice, and confirm.
  void deploy();
  // The Reds' cavalry rides at the village and is stopped by a hidden company (R17), then
  // shoots if it may; the company hidden in the copse activates and forgoes its actions unseen;
  // the rest pass.
  void turn_one_reds();
  // The hidden machine gun packs and deploys (R9) unseen; a company in the open shoots at the
  // cavalry if it may; the rest pass.
  void turn_one_whites();
  void concede();

  // Every event about a hidden unit reached the enemy and the observers as a placeholder, and
  // its own side whole.
  void check_placeholders() const;
  // No frame before the reveal holds a secret; the owner's frames (and everyone's after the
  // reveal) do, in both formats, so the needles are the right ones.
  void check_no_leaks() const;
  // The archive of the ended game: everything visible, the chain the same, every digest and
  // commitment opened with the revealed seed, the full state hashes refolded from `scenario`.
  void check_archive(const std::string& game_id, const std::string& scenario);

 private:
  std::vector<Watcher*> others(int side) const;  // the enemy of `side` and the observers
  Watcher& general(int side) const { return side == 0 ? reds_ : whites_; }
  v1::CommandResult act(Watcher& w, const rcw::Command& c);
  // Skips (or, with carry_out, carries out: R48) the open activation's orders until it ends.
  void skip_rest(Watcher& w, const std::string& unit, int side, bool carry_out = false);
  // The seq where `viewer` first may see `s`: its reveal (before any event names it), or the end.
  std::uint64_t cutoff(const Watcher& viewer, const Secret& s) const;

  Watcher& reds_;
  Watcher& whites_;
  std::vector<Watcher*> all_;
  std::vector<Secret> secrets_;
  std::vector<std::pair<int, std::uint64_t>> hidden_;  // (side of the unit, seq)
  std::uint64_t end_seq_ = 0;
  bool w1_revealed_ = false;
};

}  // namespace grognard::e2e
