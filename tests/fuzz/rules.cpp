// Fuzzing the rule sets through engine::Ruleset, as a room drives them: scenario texts, commands
// from seats (decode, validate, decide, fold), and stored event logs folded back.
#include <memory>

#include "engine/dice.h"
#include "input.h"
#include "record/replay.h"
#include "targets.h"

namespace grognard::fuzz {
namespace {

// Faces given by the input (byte b on a die of n sides shows (b - 1) mod n + 1, so a face that
// fits the die shows as given), then the fixed-seed generator once they run out.
class FuzzDice final : public engine::Dice {
 public:
  explicit FuzzDice(std::string faces) : faces_(std::move(faces)) {}
  engine::Roll roll(int sides) override {
    const std::uint64_t n = next_++;
    if (n < faces_.size()) {
      const int b = static_cast<std::uint8_t>(faces_[n]);
      return {n, sides, (b + sides - 1) % sides + 1};
    }
    return {n, sides, engine::derive_face(engine::Seed{}, n, sides)};
  }

 private:
  std::string faces_;
  std::uint64_t next_ = 0;
};

const engine::Ruleset& rules_of(const record::ScenarioEntry& s) {
  return *registry().ruleset(s.ruleset);
}

std::unique_ptr<engine::GameState> load(const record::ScenarioEntry& s) {
  auto loaded = rules_of(s).load_scenario(s.text);
  if (!loaded.ok()) fail("shipped scenario " + s.name + " does not load");
  return std::move(*loaded);
}

// Every seat of the game, then an observer, then everything revealed (an ended game's archive).
std::vector<engine::Viewer> viewers(const engine::Ruleset& rs, const engine::GameState& state) {
  std::vector<engine::Viewer> out;
  for (const engine::SeatSpec& s : rs.seats(state)) out.push_back({s.role, s.id, false});
  out.push_back({engine::Role::kObserver, "", false});
  out.push_back(record::everything_revealed());
  return out;
}

// What a room asks of a state after each event: views, hashes, who acts, what they may do.
void look(const engine::Ruleset& rs, const engine::GameState& state, bool with_legal) {
  for (const engine::Viewer& v : viewers(rs, state)) (void)rs.view(state, v);
  (void)rs.hash(state);
  (void)rs.full_hash(state);
  const engine::ToAct to_act = rs.to_act(state);
  if (!with_legal) return;
  for (const std::string& seat : to_act.seats) {
    for (const engine::Bytes& c : rs.legal(state, seat)) (void)c;
  }
}

// Folds `events`, which the rules produced from `state`: each must fold, and is shown to every
// viewer from the state before it.
void fold_decided(const engine::Ruleset& rs, engine::GameState& state,
                  const std::vector<engine::Bytes>& events) {
  for (const engine::Bytes& e : events) {
    for (const engine::Viewer& v : viewers(rs, state)) (void)rs.view_event(state, e, v);
    (void)rs.event_public(state, e);
    (void)rs.reveals(state, e);
    const engine::Status st = rs.apply(state, e);
    if (!st.ok()) fail("an event the rules produced does not fold: " + st.error().message);
  }
}

}  // namespace

int scenario(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  const auto names = registry().rulesets();
  const engine::Ruleset& rs = *registry().ruleset(names[in.byte() % names.size()]);
  auto loaded = rs.load_scenario(in.rest());
  if (!loaded.ok()) return 0;
  const engine::GameState& state = **loaded;
  (void)rs.title(state);
  (void)rs.scenario_warnings(state);
  look(rs, state, false);
  FuzzDice dice("");
  auto begun = rs.begin(state, dice);
  if (!begun.ok()) return 0;
  auto copy = state.clone();
  fold_decided(rs, *copy, *begun);
  look(rs, *copy, true);
  return 0;
}

int command(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  const record::ScenarioEntry& s = *scenarios()[in.byte() % scenarios().size()];
  const engine::Ruleset& rs = rules_of(s);
  auto state = load(s);
  FuzzDice dice(in.chunk());
  auto begun = rs.begin(*state, dice);
  if (!begun.ok()) return 0;
  fold_decided(rs, *state, *begun);
  const auto seats = rs.seats(*state);
  while (!in.empty()) {
    const std::string& seat = seats[in.byte() % seats.size()].id;
    const engine::Bytes cmd = in.chunk();
    auto decided = rs.decide(*state, seat, cmd, dice);
    if (!decided.ok()) continue;
    (void)rs.advise(*state, seat, cmd, *decided);
    fold_decided(rs, *state, *decided);
    look(rs, *state, in.empty());
    if (rs.to_act(*state).game_over) break;
  }
  return 0;
}

int event_log(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  const record::ScenarioEntry& s = *scenarios()[in.byte() % scenarios().size()];
  const engine::Ruleset& rs = rules_of(s);
  auto state = load(s);
  while (!in.empty()) {
    // A stored event is shown only once it is known to fold (the log was verified).
    const engine::Bytes event = in.chunk();
    auto next = state->clone();
    if (!rs.apply(*next, event).ok()) continue;
    for (const engine::Viewer& v : viewers(rs, *state)) (void)rs.view_event(*state, event, v);
    (void)rs.event_public(*state, event);
    state = std::move(next);
    look(rs, *state, false);
  }
  look(rs, *state, true);
  return 0;
}

}  // namespace grognard::fuzz
