// The authorisation matrix (docs/reliability.md, issue 13 item 10): every message a client may
// send to the lobby × every kind of connection. What may pass passes; everything else is refused
// with the code docs/protocol.md gives, and a refusal stores nothing and sends nothing to anyone
// but the asker. Hello and ping, answered by the connection itself, and a connection that has not
// said hello: tests/e2e/authz_test.cpp.
#include <catch2/catch.hpp>

#include <array>

#include "authz_world.h"

using namespace grognard;
using grognard::testing::AuthzWorld;
using grognard::testing::FakePeer;

namespace {

// The kinds of connection, the matrix's columns.
enum Conn : int {
  kActing,        // the seat to act (Sharpe's Mess player whose card was drawn): the control
  kStranger,      // said hello, holds no seat
  kObserver,      // an observer of the game
  kOtherGroup,    // a Sharpe's Mess player of another group, not to act
  kReferee,       // the Sharpe's Mess referee (may act at any time)
  kWrongGeneral,  // the Itchy & Scratchy general not to act, in his own game
  kOtherRoom,     // the Itchy & Scratchy general to act, aiming at the Sharpe's Mess game
  kFinished,      // the Sharpe's Mess player once the referee has ended the game
  kConns
};
constexpr std::array<const char*, kConns> kConnNames = {"acting seat",
                                                        "no seat",
                                                        "observer",
                                                        "player of another group",
                                                        "referee",
                                                        "wrong general",
                                                        "seat of another room",
                                                        "seat in a finished game"};

// What each kind of message gets, column by column: "ok" (answered, not refused) or the code.
struct Row {
  v1::ClientMessage::BodyCase kind;
  std::array<const char*, kConns> expect;
};
// Abbreviations: DENIED = PERMISSION_DENIED, PRECOND = FAILED_PRECONDITION, UNAUTH =
// UNAUTHENTICATED, NOT_TURN = NOT_YOUR_TURN, INVALID = INVALID_ARGUMENT (the other room's rules
// do not read this game's command: it reaches the asker's own room, never this game).
// clang-format off
const Row kMatrix[] = {
  //                                    acting     no seat    observer   other group referee    wrong gen. other room finished
  {v1::ClientMessage::kCreateRoom,      {"ok",      "ok",      "ok",      "ok",      "ok",      "ok",      "ok",      "ok"}},
  {v1::ClientMessage::kListRooms,       {"ok",      "ok",      "ok",      "ok",      "ok",      "ok",      "ok",      "ok"}},
  {v1::ClientMessage::kListScenarios,   {"ok",      "ok",      "ok",      "ok",      "ok",      "ok",      "ok",      "ok"}},
  {v1::ClientMessage::kListGames,       {"ok",      "ok",      "ok",      "ok",      "ok",      "ok",      "ok",      "ok"}},
  {v1::ClientMessage::kJoinRoom,        {"PRECOND", "PRECOND", "PRECOND", "PRECOND", "PRECOND", "PRECOND", "PRECOND", "PRECOND"}},
  {v1::ClientMessage::kResume,          {"UNAUTH",  "UNAUTH",  "UNAUTH",  "UNAUTH",  "UNAUTH",  "UNAUTH",  "UNAUTH",  "UNAUTH"}},
  {v1::ClientMessage::kLeave,           {"ok",      "UNAUTH",  "ok",      "ok",      "ok",      "ok",      "ok",      "ok"}},
  {v1::ClientMessage::kCommand,         {"ok",      "UNAUTH",  "DENIED",  "NOT_TURN","DENIED",  "NOT_TURN","INVALID", "PRECOND"}},
  {v1::ClientMessage::kPreview,         {"ok",      "UNAUTH",  "DENIED",  "NOT_TURN","DENIED",  "NOT_TURN","INVALID", "PRECOND"}},
  {v1::ClientMessage::kGetLegal,        {"ok",      "UNAUTH",  "ok",      "ok",      "ok",      "ok",      "ok",      "ok"}},
  {v1::ClientMessage::kMeasure,         {"ok",      "UNAUTH",  "ok",      "ok",      "ok",      "ok",      "ok",      "ok"}},
  {v1::ClientMessage::kChat,            {"ok",      "UNAUTH",  "ok",      "ok",      "ok",      "ok",      "ok",      "ok"}},
  {v1::ClientMessage::kTakeBack,        {"PRECOND", "UNAUTH",  "DENIED",  "PRECOND", "PRECOND", "PRECOND", "PRECOND", "PRECOND"}},
  {v1::ClientMessage::kAnswerTakeBack,  {"PRECOND", "UNAUTH",  "DENIED",  "PRECOND", "PRECOND", "PRECOND", "PRECOND", "PRECOND"}},
  {v1::ClientMessage::kGetEvents,       {"ok",      "DENIED",  "DENIED",  "DENIED",  "DENIED",  "DENIED",  "DENIED",  "ok"}},
  {v1::ClientMessage::kGetState,        {"ok",      "DENIED",  "DENIED",  "DENIED",  "DENIED",  "DENIED",  "DENIED",  "ok"}},
  {v1::ClientMessage::kExportGame,      {"PRECOND", "PRECOND", "PRECOND", "PRECOND", "PRECOND", "PRECOND", "PRECOND", "ok"}},
  {v1::ClientMessage::kForkGame,        {"DENIED",  "DENIED",  "DENIED",  "DENIED",  "ok",      "DENIED",  "DENIED",  "ok"}},
};
// clang-format on

// The game a message aims at, and what it is made of.
struct Aim {
  v1::RoomInfo room;
  std::string acting;             // the seat to act there
  google::protobuf::Any command;  // a legal command of that seat
  std::uint64_t fork_at = 0;      // where a fork starts (0: the last event)
};

v1::ClientMessage message(v1::ClientMessage::BodyCase kind, const Aim& aim) {
  v1::ClientMessage m;
  switch (kind) {
    case v1::ClientMessage::kCreateRoom:
      m.mutable_create_room()->set_ruleset("sharpe");
      m.mutable_create_room()->set_scenario("village");
      break;
    case v1::ClientMessage::kListRooms:
      m.mutable_list_rooms();
      break;
    case v1::ClientMessage::kListScenarios:
      m.mutable_list_scenarios();
      break;
    case v1::ClientMessage::kListGames:
      m.mutable_list_games();
      break;
    case v1::ClientMessage::kJoinRoom:  // the seat to act, which its player holds
      m.mutable_join_room()->set_invite_code(aim.room.invite_code());
      m.mutable_join_room()->set_seat(aim.acting);
      for (const auto& s : aim.room.seats()) {
        if (s.seat_id() == aim.acting) m.mutable_join_room()->set_role(s.role());
      }
      break;
    case v1::ClientMessage::kResume:
      m.mutable_resume()->set_token("a token nobody was given");
      break;
    case v1::ClientMessage::kLeave:
      m.mutable_leave();
      break;
    case v1::ClientMessage::kCommand:
      m.mutable_command()->set_command_id("authz-1");
      *m.mutable_command()->mutable_command() = aim.command;
      break;
    case v1::ClientMessage::kPreview:
      *m.mutable_preview()->mutable_command() = aim.command;
      break;
    case v1::ClientMessage::kGetLegal:
      m.mutable_get_legal();
      break;
    case v1::ClientMessage::kMeasure:  // points that lie on both games' tables
      m.mutable_measure()->set_from("1,1");
      m.mutable_measure()->set_to("2,2");
      break;
    case v1::ClientMessage::kChat:
      m.mutable_chat()->set_text("who goes there?");
      break;
    case v1::ClientMessage::kTakeBack:
      m.mutable_take_back();
      break;
    case v1::ClientMessage::kAnswerTakeBack:
      m.mutable_answer_take_back()->set_accept(true);
      break;
    case v1::ClientMessage::kGetEvents:  // as the seat to act: only its own holder may, while it
                                         // runs
      m.mutable_get_events()->set_game_id(aim.room.game_id());
      m.mutable_get_events()->set_as_seat(aim.acting);
      break;
    case v1::ClientMessage::kGetState:
      m.mutable_get_state()->set_game_id(aim.room.game_id());
      m.mutable_get_state()->set_as_seat(aim.acting);
      break;
    case v1::ClientMessage::kExportGame:
      m.mutable_export_game()->set_game_id(aim.room.game_id());
      break;
    case v1::ClientMessage::kForkGame:
      m.mutable_fork_game()->set_game_id(aim.room.game_id());
      m.mutable_fork_game()->set_at_seq(aim.fork_at);
      break;
    default:
      FAIL("no message made for kind " << static_cast<int>(kind));
  }
  return m;
}

// The answer as the table writes it.
std::string outcome(const v1::ServerMessage& answer) {
  if (!answer.has_error()) return "ok";
  switch (answer.error().code()) {
    case v1::PERMISSION_DENIED:
      return "DENIED";
    case v1::FAILED_PRECONDITION:
      return "PRECOND";
    case v1::UNAUTHENTICATED:
      return "UNAUTH";
    case v1::NOT_YOUR_TURN:
      return "NOT_TURN";
    case v1::INVALID_ARGUMENT:
      return "INVALID";
    default:
      return v1::Code_Name(answer.error().code());
  }
}

// A new world, the connection of kind `conn` in it, and the game its messages aim at.
struct Cell {
  AuthzWorld a;
  std::shared_ptr<FakePeer> peer;
  Aim aim;
  explicit Cell(Conn conn) {
    const std::string sharpe_acting = a.acting(a.sharpe.game_id());
    const std::string itchy_acting = a.acting(a.itchy.game_id());
    Aim sharpe{a.sharpe, sharpe_acting, a.f.legal(a.sharpe_seats.at(sharpe_acting)).at(0)};
    Aim itchy{a.itchy, itchy_acting, a.f.legal(a.itchy_seats.at(itchy_acting)).at(0)};
    aim = conn == kWrongGeneral ? itchy : sharpe;
    switch (conn) {
      case kActing:
        peer = a.sharpe_seats.at(sharpe_acting);
        break;
      case kStranger:
        peer = a.stranger;
        break;
      case kObserver:
        peer = a.observer;
        break;
      case kOtherGroup:
        peer = a.sharpe_seats.at(AuthzWorld::other(a.sharpe_seats, sharpe_acting));
        break;
      case kReferee:
        peer = a.sharpe_seats.at("referee");
        break;
      case kWrongGeneral:
        peer = a.itchy_seats.at(AuthzWorld::other(a.itchy_seats, itchy_acting));
        break;
      case kOtherRoom:
        peer = a.itchy_seats.at(itchy_acting);
        break;
      case kFinished:  // a fork starts before the referee's ruling (at it the game is over)
        peer = a.sharpe_seats.at(sharpe_acting);
        aim.fork_at = a.f.record(a.sharpe.game_id()).last_seq;
        a.end_sharpe();
        break;
      default:
        FAIL("no such connection kind");
    }
  }
};

}  // namespace

TEST_CASE(
    "authorisation matrix: every message from every kind of connection, refusals store "
    "and send nothing",
    "[room][authz][reliability]") {
  std::string observed;
  for (const Row& row : kMatrix) {
    const std::string kind = v1::ClientMessage::descriptor()->FindFieldByNumber(row.kind)->name();
    observed += kind + ":";
    for (int c = 0; c < kConns; ++c) {
      Cell cell(static_cast<Conn>(c));
      const auto before = cell.a.snapshot();
      const v1::ServerMessage answer = cell.a.f.w.ask(cell.peer, message(row.kind, cell.aim));
      const std::string got = outcome(answer);
      observed += " " + got;
      INFO(kind << " from " << kConnNames[c] << ": " << answer.ShortDebugString());
      CHECK(got == row.expect[c]);
      if (got == "ok") continue;
      // A refusal: nothing stored, nothing sent to anyone else, one answer to the asker.
      const auto after = cell.a.snapshot();
      CHECK(after.sharpe_events == before.sharpe_events);
      CHECK(after.itchy_events == before.itchy_events);
      CHECK(after.games == before.games);
      for (const auto& [p, n] : before.received) {
        if (p == cell.peer.get()) {
          CHECK(after.received.at(p) == n + 1);
        } else {
          CHECK(after.received.at(p) == n);
        }
      }
    }
    observed += "\n";
  }
  std::printf("authorisation matrix, observed:\n%s", observed.c_str());
}
