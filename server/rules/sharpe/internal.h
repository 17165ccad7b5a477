#pragma once
// Pieces shared by the Sharpe's Mess decide/legal code. Not part of the rules API.
#include <optional>
#include <string>
#include <vector>

#include "engine/result.h"
#include "rules/sharpe/command.h"
#include "rules/sharpe/rules.h"

namespace grognard::sharpe::detail {

using engine::Error;
using engine::ErrorCode;
using engine::Result;
using engine::Status;

using engine::illegal;  // a command the rules forbid: kIllegal, naming the clause
Error error(ErrorCode code, const char* clause, std::string message);

// Events are folded into a scratch state as they are produced, so that each step of a
// command (a hit, then morale, then a scatter, then S2) reads the state it leaves behind.
struct Emitter {
  State s;
  std::vector<Event> out;
  void emit(Event e);
};

// Queries.
const Figure* hero_of(const State& s, const Figure& f);
bool in_sight(const State& s, Point from, Point to);  // S14: walls block, figures do not
// S14: what blocks the line ("the wall of the inn"), or nullopt when it is clear.
std::optional<std::string> sight_blocker(const State& s, Point from, Point to);
bool in_cover(const State& s, Point firer, const Figure& target);  // S14
// S14, S11: the cover `target` has from `firer` ("in the inn (S14)", "prone (S11)"), or nullopt.
std::optional<std::string> cover_of(const State& s, Point firer, const Figure& target);
bool in_contact(const State& s, const Figure& a, const Figure& b);  // S5
std::vector<const Figure*> enemies_in_contact(const State& s, const Figure& f);
const Figure* unfought_enemy(const State& s, const Figure& f);  // S5, S22
engine::Inches to_inches(double v);
int sum(const std::vector<Modifier>& parts);

// The figure `seat` may act with now, or why not (S1: the drawn group; on the table).
Result<const Figure*> actor(const State& s, const std::string& seat, const FigureId& id);
Status can_spend(const Figure& f, int functions);
// What the figure's functions buy now: the inches it may walk or crawl (S15, S4; the leash and
// walls aside), and the functions loading its weapon still needs (S8; 0 when loaded).
double reach(const Figure& f, bool crawl);
int load_needed(const Figure& f, const Weapon& w);

// Checks without dice: decide() calls these before it throws anything.
Result<FigureMoved> plan_move(const State& s, const Move& m);
Status check_fire(const State& s, const Fire& c);
Status check_fight(const State& s, const Fight& c);

// Resolutions (dice thrown, events emitted into `e`).
void hurt(Emitter& e, const FigureId& id, std::optional<Roll> roll, HitResult r, Dice& dice);
// A successful to-hit result (fire, canister, ball): the Hit Table's D6, then S10.
void resolve_hit(Emitter& e, const FigureId& target, Point source, Dice& dice);
void count_hit(Emitter& e, std::size_t group, Point source, Dice& dice);  // S10
// S10; `cause` is Scattered.cause ("morale", or kTwoLostRounds for S6's).
void scatter(Emitter& e, std::size_t group, Point source, Dice& dice, const char* cause = "morale");
void run_away(Emitter& e, const FigureId& id, Point from, Dice& dice);  // S6
void check_lost(Emitter& e, std::size_t group);                         // S2
// S2: the figures of the group check_lost() would remove now (beyond 10" of the hero and out
// of his sight), in table order.
std::vector<FigureId> lost_figures(const State& s, std::size_t group);
void fight(Emitter& e, const FigureId& a, const FigureId& b, Dice& dice);  // S5, S6
// Draws until a hero card comes up or the deck is empty (then the turn ends and the deck is
// shuffled again, S1, S4).
void draw_next(Emitter& e, Dice& dice);
void shuffle_deck(Emitter& e, Dice& dice);

Result<std::vector<Event>> decide_player(const State& s, const std::string& seat, const Command& c,
                                         Dice& dice);
Result<std::vector<Event>> decide_referee(const State& s, const Command& c, Dice& dice);
Result<std::vector<Event>> decide_turn(const State& s, const Command& c, Dice& dice);
Result<std::vector<Event>> decide_move(const State& s, const Move& m, Dice& dice);
Result<std::vector<Event>> decide_stand_up(const State& s, const StandUp& c);
Result<std::vector<Event>> decide_aim(const State& s, const Aim& c);
Result<std::vector<Event>> decide_load(const State& s, const Load& c);
Result<std::vector<Event>> decide_fire(const State& s, const Fire& c, Dice& dice);
Result<std::vector<Event>> decide_load_gun(const State& s, const LoadGun& c);
Result<std::vector<Event>> decide_canister(const State& s, const FireCanister& c, Dice& dice);
Result<std::vector<Event>> decide_ball(const State& s, const FireBall& c, Dice& dice);
bool serves(const State& s, const Gun& g, const Figure& f);  // S24: crew in base contact
Result<std::vector<Event>> decide_fight(const State& s, const Fight& c, Dice& dice);
Result<std::vector<Event>> decide_name_hero(const State& s, const std::string& seat,
                                            const NameHero& c);

}  // namespace grognard::sharpe::detail
