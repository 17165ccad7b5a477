// Previews on the real server (docs/protocol.md, "Previews"), in the Sharpe's Mess village with
// a referee and three players: a preview answers the asking seat alone and changes nothing (the
// state hash and the last event stay, the other seats receive nothing); a refused command's
// preview is refused with the same error; a command that throws dice shows none of its events
// and counts the dice; the next card of the hidden deck is never shown; and previews throw
// nothing from the game's dice: the archive's throws are numbered 0, 1, 2 ... without a gap.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "client/codec.h"
#include "game.h"
#include "grognard/v1/sharpe.pb.h"

namespace grognard::e2e {
namespace {

namespace sharpe = ::grognard::v1::sharpe;

const std::vector<std::string> kVillageSeats = {"referee", "player:british", "player:french",
                                                "player:partisans"};

google::protobuf::Any throw_functions() {
  sharpe::Command c;
  c.mutable_throw_functions();
  return client::pack(c);
}
google::protobuf::Any end_activation() {
  sharpe::Command c;
  c.mutable_end_activation();
  return client::pack(c);
}

// The seat's player whose card is drawn.
Player& drawn(std::vector<Player>& ps) {
  for (Player& p : ps) {
    if (p.seat != "referee" &&
        std::find(ps[0].acting.begin(), ps[0].acting.end(), p.seat) != ps[0].acting.end())
      return p;
  }
  FAIL("no player is to act");
  return ps.front();
}

std::pair<std::uint64_t, std::string> seq_and_hash(Client& c, const std::string& game_id) {
  auto st = c.get_state(game_id);
  INFO((st.ok() ? "" : client::describe(st.failure())));
  REQUIRE(st.ok());
  return {st->seq(), st->state_hash()};
}

// Every seat but `asker` receives nothing.
void nothing_pushed(std::vector<Player>& ps, const Player& asker) {
  for (Player& p : ps) {
    if (&p == &asker) continue;
    INFO(p.seat);
    CHECK_FALSE(p.client.next_push(kQuiet).ok());
  }
}

// The number of every die a message holds (every grognard.v1.Roll in it, however deep).
void roll_numbers(const google::protobuf::Message& m, std::vector<std::uint64_t>& out) {
  const auto* d = m.GetDescriptor();
  const auto* r = m.GetReflection();
  if (d->full_name() == "grognard.v1.Roll") {
    out.push_back(r->GetUInt64(m, d->FindFieldByName("n")));
    return;
  }
  for (int i = 0; i < d->field_count(); ++i) {
    const auto* f = d->field(i);
    if (f->cpp_type() != google::protobuf::FieldDescriptor::CPPTYPE_MESSAGE) continue;
    if (f->is_repeated()) {
      for (int k = 0; k < r->FieldSize(m, f); ++k)
        roll_numbers(r->GetRepeatedMessage(m, f, k), out);
    } else if (r->HasField(m, f)) {
      roll_numbers(r->GetMessage(m, f), out);
    }
  }
}

void check_same_refusal(Client& c, const google::protobuf::Any& command, Player& p) {
  auto previewed = c.preview(command);
  REQUIRE_FALSE(previewed.ok());
  auto sent = c.command(command, next_command_id(p));
  REQUIRE_FALSE(sent.ok());
  CHECK(previewed.failure().code == sent.failure().code);
  CHECK(previewed.failure().clause == sent.failure().clause);
  CHECK(previewed.failure().message == sent.failure().message);
}

}  // namespace

TEST_CASE("a preview changes nothing, shows no hidden card and throws none of the game's dice",
          "[e2e][preview][sharpe][S1][S2]") {
  ServerProcess server(kPlayFlags);
  std::vector<Player> ps;
  for (std::size_t i = 0; i < kVillageSeats.size(); ++i) ps.emplace_back(connect(server));
  auto room = ps[0].client.create_room("sharpe", "village");
  REQUIRE(room.ok());
  const std::string game_id = room->game_id();
  std::uint64_t seq = 0;
  for (std::size_t i = 0; i < kVillageSeats.size(); ++i) {
    auto seated =
        ps[i].client.join(room->invite_code(), i == 0 ? "referee" : "player", kVillageSeats[i]);
    INFO((seated.ok() ? "" : client::describe(seated.failure())));
    REQUIRE(seated.ok());
    ps[i].seat = kVillageSeats[i];
    absorb(ps[i], *seated);
    seq = seated->last_seq();
  }
  for (Player& p : ps) sync(p, seq);
  Player& hero = drawn(ps);
  const auto before = seq_and_hash(ps[0].client, game_id);

  // A throw is previewed without its outcome, and nothing changes.
  auto thrown = hero.client.preview(throw_functions());
  INFO((thrown.ok() ? "" : client::describe(thrown.failure())));
  REQUIRE(thrown.ok());
  CHECK(thrown->dice() == 1);
  CHECK(thrown->events().empty());
  CHECK(seq_and_hash(ps[0].client, game_id) == before);
  nothing_pushed(ps, hero);

  // Refused previews are refused as the commands are: out of turn, too early, by the rules.
  Player& idle = &ps[1] == &hero ? ps[2] : ps[1];
  check_same_refusal(idle.client, throw_functions(), idle);
  check_same_refusal(hero.client, end_activation(), hero);

  auto result = hero.client.command(throw_functions(), next_command_id(hero));
  REQUIRE(result.ok());
  for (Player& p : ps) sync(p, result->last_seq());
  check_same_refusal(hero.client, throw_functions(), hero);  // S1: thrown once a card

  // A move without dice: its events as this seat sees them, with notes; nothing changes.
  auto legal = hero.client.legal();
  REQUIRE(legal.ok());
  bool moved = false;
  for (const auto& any : legal->commands()) {
    auto c = client::unpack<sharpe::Command>(any);
    REQUIRE(c);
    if (!c->has_move() || moved) continue;
    const auto at = seq_and_hash(ps[0].client, game_id);
    auto p = hero.client.preview(any);
    REQUIRE(p.ok());
    if (p->dice() > 0) continue;  // into contact: a round of hand to hand
    REQUIRE_FALSE(p->events().empty());
    auto ev = client::unpack<sharpe::Event>(p->events(0));
    REQUIRE(ev);
    CHECK(ev->has_figure_moved());
    REQUIRE_FALSE(p->notes().empty());
    CHECK(p->notes(0).find("functions of") != std::string::npos);
    CHECK(seq_and_hash(ps[0].client, game_id) == at);
    nothing_pushed(ps, hero);
    moved = true;
  }
  CHECK(moved);

  // Ending: the activation's end is shown, the next card of the hidden deck is not (S1).
  auto ending = hero.client.preview(end_activation());
  REQUIRE(ending.ok());
  CHECK(ending->dice() == 0);
  bool ended = false;
  for (const auto& any : ending->events()) {
    auto ev = client::unpack<sharpe::Event>(any);
    REQUIRE(ev);
    CHECK_FALSE(ev->has_card_drawn());
    CHECK_FALSE(ev->has_deck_shuffled());
    ended = ended || ev->has_activation_ended();
  }
  CHECK(ended);
  REQUIRE_FALSE(ending->notes().empty());
  CHECK(ending->notes(ending->notes_size() - 1) ==
        "then the next card is drawn: not previewed (S1)");
  nothing_pushed(ps, hero);
  auto sent = hero.client.command(end_activation(), next_command_id(hero));
  REQUIRE(sent.ok());
  for (Player& p : ps) sync(p, sent->last_seq());
  bool card = false;
  for (const auto& e : hero.events) {
    if (e.seq() < sent->first_seq()) continue;
    auto ev = client::unpack<sharpe::Event>(e.rules());
    card = card || (ev && ev->has_card_drawn());
  }
  CHECK(card);  // the command itself draws it

  // The next hero previews his throw, then throws; the referee ends the game.
  Player& next = drawn(ps);
  REQUIRE(next.client.preview(throw_functions()).ok());
  auto again = next.client.command(throw_functions(), next_command_id(next));
  REQUIRE(again.ok());
  sharpe::Command end;
  end.mutable_ruling()->set_kind(sharpe::RULING_END_GAME);
  end.mutable_ruling()->set_result("a draw");
  end.mutable_ruling()->set_reason("night falls");
  auto over = ps[0].client.command(client::pack(end), next_command_id(ps[0]));
  REQUIRE(over.ok());

  // Every die of the game, in the archive of the ended game: 0, 1, 2 ... and no gap where a
  // preview threw.
  auto archive = ps[1].client.get_events(game_id);
  REQUIRE(archive.ok());
  std::vector<std::uint64_t> numbers;
  for (const v1::GameEvent& e : archive->events()) {
    if (!e.has_rules()) continue;  // the system's notes
    auto ev = client::unpack<sharpe::Event>(e.rules());
    REQUIRE(ev);
    roll_numbers(*ev, numbers);
  }
  REQUIRE(numbers.size() > 2);
  for (std::size_t i = 0; i < numbers.size(); ++i) CHECK(numbers[i] == i);
}

}  // namespace grognard::e2e
