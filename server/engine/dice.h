#pragma once
// Dice are injected into the rules. Every throw is numbered and returned as a Roll, which the
// rules copy into the event that used it: replay folds events and never throws again.
//
// SeededDice is the server's generator (docs/dice.md): throw n is derived from
// HMAC-SHA256(seed, n) with rejection sampling, so the next throw cannot be predicted from the
// ones seen, and anyone holding the seed can re-derive every throw of a game.
// ScriptedDice returns faces given in advance, for tests.

#include <array>
#include <cstdint>
#include <deque>
#include <initializer_list>
#include <string>
#include <vector>

namespace grognard::engine {

struct Roll {
  std::uint64_t n = 0;  // the throw's number within its game, from 0
  int sides = 6;
  int face = 1;  // 1..sides
  friend bool operator==(const Roll&, const Roll&) = default;
};

// One modifier of a throw, named as the rule text names it ("elite", "aimed shot"), so that a
// replay shows why a total is what it is.
struct Modifier {
  std::string name;
  int value = 0;
};

class Dice {
 public:
  virtual ~Dice() = default;
  // REQUIRES: 2 <= sides <= 1000.
  virtual Roll roll(int sides) = 0;
  Roll d6() { return roll(6); }
  std::vector<Roll> d6s(int count);
};

using Seed = std::array<std::uint8_t, 32>;

// The face of throw `n` with `sides` sides under `seed` (docs/dice.md). Pure and portable.
int derive_face(const Seed& seed, std::uint64_t n, int sides);

class SeededDice final : public Dice {
 public:
  // `next` is the number of the next throw: a game resumed after a restart continues its count.
  explicit SeededDice(const Seed& seed, std::uint64_t next = 0) : seed_(seed), next_(next) {}
  Roll roll(int sides) override;
  std::uint64_t next() const { return next_; }

  static Seed seed_from_os();  // 32 bytes from the operating system's CSPRNG

 private:
  Seed seed_;
  std::uint64_t next_;
};

class ScriptedDice final : public Dice {
 public:
  ScriptedDice(std::initializer_list<int> faces) : faces_(faces) {}
  explicit ScriptedDice(std::vector<int> faces) : faces_(faces.begin(), faces.end()) {}
  // Throws std::logic_error when the script is exhausted or a face does not fit the die:
  // a test that throws more dice than it scripted is a broken test.
  Roll roll(int sides) override;
  std::size_t remaining() const { return faces_.size(); }
  void push(int face) { faces_.push_back(face); }

 private:
  std::deque<int> faces_;
  std::uint64_t next_ = 0;
};

// Fisher–Yates driven by numbered throws: for i from size-1 down to 1, throw a die with i+1
// sides and swap element i with element face-1. Returns the throws used.
template <class T>
std::vector<Roll> shuffle(std::vector<T>& items, Dice& dice) {
  std::vector<Roll> used;
  for (std::size_t i = items.size(); i > 1; --i) {
    Roll r = dice.roll(static_cast<int>(i));
    used.push_back(r);
    std::swap(items[i - 1], items[static_cast<std::size_t>(r.face - 1)]);
  }
  return used;
}

std::string to_hex(const std::uint8_t* data, std::size_t size);

}  // namespace grognard::engine
