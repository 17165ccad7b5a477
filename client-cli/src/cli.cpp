#include "cli.h"

#include <unistd.h>

#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>

#include "commands/account_cmd.h"
#include "commands/admin.h"
#include "commands/archive_cmd.h"
#include "commands/email_cmd.h"
#include "commands/errors.h"
#include "commands/lobby.h"
#include "commands/notices_cmd.h"
#include "commands/server_address.h"
#include "commands/session_store.h"
#include "commands/token_store.h"
#include "commands/vacation_cmd.h"
#include "play/interactive.h"
#include "play/scripted.h"
#include "replay/replay.h"

namespace grognard::cli {

namespace {

struct PlayFlags {
  std::string room, as, name, script;
  bool keep_going = false;
};

// The saved seats in `room` that --as names (every one without --as): by label, by seat id
// ("player/anna" also finds "player:anna"), or a role alone ("referee").
std::vector<SeatRecord> saved_seats(const Common& c, const PlayFlags& f) {
  if (f.as.empty()) return TokenStore().find(c.server, f.room, "");
  const auto [role, seat] = split_as(f.as);
  auto found = TokenStore().find(c.server, f.room, seat.empty() ? role : seat);
  if (found.empty() && !seat.empty())
    found = TokenStore().find(c.server, f.room, role + ":" + seat);
  return found;
}

// The seat token for `room`: a saved one, or a new seat taken with --as.
std::optional<std::string> seat_token(const Common& c, const PlayFlags& f) {
  auto seats = saved_seats(c, f);
  if (seats.size() == 1) return seats.front().token;
  if (seats.size() > 1) {
    std::cerr << "grognard: you hold several seats in " << f.room << "; choose one with --as:";
    for (const auto& s : seats)
      std::cerr << " " << shell_quote(s.role == "referee" ? s.role : s.role + "/" + s.label);
    std::cerr << std::endl;
    return std::nullopt;
  }
  if (f.as.empty()) {
    std::cerr << "grognard: no seat of yours in \"" << f.room << "\" on " << c.server
              << " is saved in " << TokenStore().file().string() << ".\nTake one: grognard join "
              << shell_quote(f.room) << " --as ROLE/SEAT (general/SIDE, player/NAME or referee)"
              << std::endl;
    return std::nullopt;
  }
  if (join_command(c, f.room, f.as, f.name) != 0) return std::nullopt;
  seats = saved_seats(c, f);
  if (seats.empty()) return std::nullopt;
  return seats.front().token;
}

int run_link(const Common& c, Link& link, const PlayFlags& f) {
  auto st = link.open();
  if (!st && connection_lost(st.failure())) {
    st = link.reconnect(4, [](const std::string& note) {
      std::cerr << note << std::endl;
      return true;
    });
  }
  if (!st) {
    std::cerr << "grognard: " << readable(st.failure()) << std::endl;
    return st.failure().kind == client::FailureKind::kServer ? 1 : 2;
  }
  const bool scripted = !f.script.empty() || c.json || isatty(STDIN_FILENO) != 1;
  if (!scripted) return run_interactive(link, Style::detect());
  ScriptOptions o{c.json, f.keep_going, true};
  if (f.script.empty() || f.script == "-") return run_script(link, std::cin, o);
  std::ifstream in(f.script);
  if (!in) {
    std::cerr << "grognard: cannot read " << f.script << std::endl;
    return 2;
  }
  return run_script(link, in, o);
}

// The logged-in account's one seat in game `game_id` (docs/accounts.md, "Seats"), played
// without its token from any device; nullopt when none (or several: --as chooses).
std::optional<std::string> account_seat(const Common& c, const PlayFlags& f) {
  if (!SessionStore().find(c.server) || f.room.rfind("g-", 0) != 0) return std::nullopt;
  auto cl = connect_hello(c.server, c.tls);
  auto games = cl ? cl->list_my_games() : client::Result<v1::MyGameList>(cl.failure());
  if (!games) return std::nullopt;
  std::vector<std::string> seats;
  for (const auto& m : games->games()) {
    if (m.game().game_id() != f.room) continue;
    const std::string as = m.role() + "/" + (m.label().empty() ? m.seat_id() : m.label());
    if (f.as.empty() || f.as == as || f.as == m.seat_id() || f.as == m.role())
      seats.push_back(m.seat_id());
  }
  if (seats.size() != 1) return std::nullopt;
  return seats.front();
}

int play(const Common& c, const PlayFlags& f) {
  if (saved_seats(c, f).empty()) {
    if (const auto seat = account_seat(c, f)) {
      Link link(c.server, c.tls, Ticket{"", "", "", f.room, *seat});
      return run_link(c, link, f);
    }
  }
  const auto token = seat_token(c, f);
  if (!token) return 1;
  Link link(c.server, c.tls, Ticket{*token, "", ""});
  return run_link(c, link, f);
}

// The invite code of the room with game id `game_id`: the one kept with a seat of ours in
// that game, else the one of the listed room. The protocol joins only by invite code and
// lists only listed rooms, so an unlisted room of someone else's cannot be found by its game
// id. Sets `status` (1 not found, 2 no connection) when there is no code.
std::optional<std::string> invite_of(const Common& c, const std::string& game_id, int& status) {
  for (const auto& s : TokenStore().find(c.server, game_id)) {
    if (s.game_id == game_id && !s.invite_code.empty()) return s.invite_code;
  }
  auto cl = connect_hello(c.server, c.tls);
  auto rooms = cl ? cl->list_rooms() : client::Result<v1::RoomList>(cl.failure());
  if (!rooms) {
    std::cerr << "grognard: " << readable(rooms.failure()) << std::endl;
    status = rooms.failure().kind == client::FailureKind::kServer ? 1 : 2;
    return std::nullopt;
  }
  for (const auto& r : rooms->rooms()) {
    if (r.game_id() == game_id) return r.invite_code();
  }
  std::cerr << "grognard: no listed room has game id " << game_id
            << "; an unlisted room is watched by its invite code (grognard watch CODE)."
            << std::endl;
  status = 1;
  return std::nullopt;
}

int watch(const Common& c, const PlayFlags& f) {
  std::string code = f.room;
  if (f.room.rfind("g-", 0) == 0) {
    int status = 0;
    const auto found = invite_of(c, f.room, status);
    if (!found) return status;
    code = *found;
  }
  Link link(c.server, c.tls, Ticket{"", code, f.name});
  return run_link(c, link, f);
}

void add_play_flags(CLI::App* cmd, PlayFlags& f, bool seat) {
  cmd->add_option("ROOM", f.room, "invite code or game id")->required();
  if (seat) {
    cmd->add_option(
        "--as", f.as,
        "seat to take if none is saved yet: ROLE/SEAT (general/Boers, player/anna, referee)");
  }
  cmd->add_option("--name", f.name, "your name, shown to the others");
  cmd->add_option("--script", f.script, "run the commands in FILE (- for standard input)");
  cmd->add_flag("--keep-going", f.keep_going, "scripted: go on after a failed line");
}

}  // namespace

int run_cli(int argc, char** argv) {
  CLI::App app{"grognard: play tabletop wargames on a Grognard server (docs/client.md)"};
  app.fallthrough();
  app.require_subcommand(1);
  std::string server_flag, ca_flag;
  Common c;
  bool no_colour = false;
  app.add_option("--server", server_flag,
                 "server address (else $GROGNARD_SERVER, else " + std::string(kDefaultServer) +
                     "): ws://HOST:PORT, wss://HOST (TLS) or HOST:PORT");
  app.add_option("--ca-file", ca_flag,
                 "also trust the CA certificates in this PEM file for wss:// and https:// "
                 "(else $GROGNARD_CA_FILE)");
  app.add_flag("--json", c.json, "print JSON lines (scripted mode, lists)");
  app.add_flag("--no-color", no_colour, "plain characters, no colour (also: NO_COLOR=1)");

  auto* rooms = app.add_subcommand("rooms", "list the open rooms and their seats");
  std::string ruleset;
  auto* scenarios = app.add_subcommand("scenarios", "list the scenarios the server offers");
  scenarios->add_option("RULESET", ruleset, "only this rule set");

  CreateOptions co;
  auto* create = app.add_subcommand("create", "create a room and print its invite code");
  create->add_option("RULESET", co.ruleset, "rule set (default itchy)");
  create->add_option("SCENARIO", co.scenario, "scenario (default intro; see: grognard scenarios)");
  create->add_flag("--observers", co.observers, "let observers watch");
  create->add_flag("--unlisted", co.unlisted, "reachable only by its invite code");
  create->add_option("--as", co.as,
                     "take a seat at once: ROLE/SEAT (general/British, player/anna, referee)");
  create->add_option("--name", co.name, "your name, shown to the others");
  create->add_option("--time", co.time_control,
                     "a time control: \"days N\" (1-14 a move), \"pace fast|normal|slow\", "
                     "\"pace 3d+1d/7d\", \"live M\" or \"live M+S\" (docs/clocks.md)");

  std::string code, as, name;
  auto* join = app.add_subcommand("join", "take a seat in a room and save its token");
  join->add_option("CODE", code, "the room's invite code")->required();
  join->add_option("--as", as,
                   "ROLE/SEAT: general/British, general/side:1, player/anna, referee, observer")
      ->required();
  join->add_option("--name", name, "your name, shown to the others");

  ForkOptions fo;
  auto* fork_cmd = app.add_subcommand(
      "fork", "a new room from an event of a game (ended, or running if you are its referee)");
  fork_cmd->add_option("GAME", fo.game_id, "game id (see: grognard games)")->required();
  fork_cmd->add_option("SEQ", fo.seq, "the event to go on from (default: the last)");
  fork_cmd->add_flag("--observers", fo.observers, "let observers watch");
  fork_cmd->add_flag("--unlisted", fo.unlisted, "reachable only by its invite code");

  PlayFlags pf, wf;
  auto* play_cmd = app.add_subcommand("play", "play in a room (resumes your saved seat)");
  add_play_flags(play_cmd, pf, true);
  auto* watch_cmd = app.add_subcommand("watch", "watch a room as an observer");
  add_play_flags(watch_cmd, wf, false);

  GamesFilter gf;
  bool all_games = false;
  auto* games = app.add_subcommand(
      "games", "your games when logged in (those waiting for you first); else every game");
  games->add_flag("--all", all_games, "every game, not only yours");
  games->add_option("--ruleset", gf.ruleset, "only this rule set");
  games->add_option("--player", gf.player, "only games with this player");
  games->add_option("--status", gf.status, "running, finished, …");
  games->add_option("--since", gf.since, "created on or after YYYY-MM-DD");
  games->add_option("--until", gf.until, "created before YYYY-MM-DD");
  games->add_option("--limit", gf.limit, "at most this many (default 100)");

  ReplayOptions ro;
  std::uint64_t at = 0;
  auto* replay = app.add_subcommand("replay", "step through a game, every die shown");
  replay->add_option("GAME", ro.game_id, "game id (see: grognard games)")->required();
  auto* replay_as =
      replay->add_option("--as", ro.as_seat,
                         "see it as one of its seats (side:0, British, player:french, referee), "
                         "or as an observer saw it (observer)");
  replay
      ->add_flag("--all", ro.all,
                 "everything the rules reveal at the end (the default once the game has "
                 "ended, unless --as); chat sent to one seat stays hidden")
      ->excludes(replay_as);
  auto* at_opt = replay->add_option("--at", at, "print the screen at event SEQ and exit");

  ExportOptions eo;
  auto* export_cmd =
      app.add_subcommand("export", "write an ended game's archive file (binary; JSON with --json)");
  export_cmd->add_option("GAME", eo.game_id, "game id (see: grognard games)")->required();
  export_cmd->add_option("-o,--output", eo.out, "write to FILE (default: standard output)");

  ExportOptions report_o;
  auto* report_cmd = app.add_subcommand(
      "report", "write an ended game's battle report: one HTML page (maps, losses, dice)");
  report_cmd->add_option("GAME", report_o.game_id, "game id (see: grognard games)")->required();
  report_cmd->add_option("-o,--output", report_o.out, "write to FILE (default: standard output)");

  std::string verify_path;
  auto* verify_cmd = app.add_subcommand(
      "verify", "check an archive file here: chain, dice, every event through the rules");
  verify_cmd->add_option("FILE", verify_path, "an archive file (binary or JSON)")->required();

  std::string account_name, email;
  auto* register_cmd = app.add_subcommand("register", "make an account and log in with it");
  register_cmd->add_option("NAME", account_name, "3 to 32 letters, digits, _ or -")->required();
  register_cmd->add_option("--email", email, "where to be told it is your move (optional)");
  auto* login_cmd =
      app.add_subcommand("login", "log in: your seats and games from any device (docs/client.md)");
  login_cmd->add_option("NAME", account_name, "your account's name")->required();
  bool everywhere = false;
  auto* logout_cmd = app.add_subcommand("logout", "log out (forget the saved session)");
  logout_cmd->add_flag("--everywhere", everywhere, "end every session of the account");
  std::string account_action;
  auto* account_cmd =
      app.add_subcommand("account", "who you are logged in as, your vacation and notice settings");
  account_cmd->add_subcommand("password", "change your password (other devices are logged out)")
      ->callback([&] { account_action = "password"; });
  account_cmd
      ->add_subcommand("delete", "delete your account (your name stays in games already played)")
      ->callback([&] { account_action = "delete"; });
  std::string vacation_days;
  auto* vacation_cmd = app.add_subcommand(
      "vacation", "stop your clocks in every game for DAYS days (vacation end: back early)");
  vacation_cmd->add_option("DAYS", vacation_days, "whole days (at least 1), or end")->required();
  EmailFlags email_flags;
  add_email_commands(app, *account_cmd, email_flags);
  NoticeFlags notice_flags;
  add_notice_commands(*account_cmd, notice_flags);
  std::string claim_room;
  auto* claim_cmd = app.add_subcommand(
      "claim", "make your saved seats in a room your account's, to play them from anywhere");
  claim_cmd->add_option("ROOM", claim_room, "invite code or game id")->required();
  AdminOptions ao;
  auto* admin = app.add_subcommand(
      "admin", "the server operator's tools (needs the admin token: docs/operations.md)");
  admin->add_option("--token", ao.token, "the admin token (else $GROGNARD_ADMIN_TOKEN)");
  admin->require_subcommand(1);
  auto admin_action = [&](const char* verb, const char* what) {
    auto* cmd = admin->add_subcommand(verb, what);
    cmd->callback([&ao, verb] { ao.action = verb; });
    return cmd;
  };
  auto* rooms_cmd = admin_action("rooms", "every room in memory, with its connections");
  rooms_cmd->add_option("--status", ao.status, "only rooms with this status (running, waiting, …)");
  rooms_cmd->add_option("--idle-hours", ao.idle_hours,
                        "only rooms nobody is connected to, with no activity for this long");
  auto* idle_cmd = admin_action(
      "close-idle", "close every room nobody is connected to, with no activity for --idle-hours");
  idle_cmd->add_option("--idle-hours", ao.idle_hours, "no activity for at least this long")
      ->required();
  idle_cmd->add_option("--status", ao.status, "only rooms with this status (default running)");
  idle_cmd->add_option("--reason", ao.reason, "told to the players, kept with each game")
      ->required();
  admin_action("connections", "every open connection: id, address, room and seat");
  admin_action("bans", "the addresses banned now");
  admin_action("accounts", "every player account");
  auto* disable_cmd =
      admin_action("disable-account", "refuse an account's log-ins, ending its sessions");
  disable_cmd->add_option("NAME", ao.target, "the account's name")->required();
  disable_cmd->add_option("--reason", ao.reason, "kept in the server's log")->required();
  auto* enable_cmd = admin_action("enable-account", "let a disabled account log in again");
  enable_cmd->add_option("NAME", ao.target, "the account's name")->required();
  auto* close_cmd = admin_action("close", "close a room: stored as aborted, its seats told why");
  close_cmd->add_option("ROOM", ao.target, "game id or invite code")->required();
  close_cmd->add_option("--reason", ao.reason, "told to the players, kept with the game")
      ->required();
  auto* resume_room_cmd = admin_action(
      "resume-room", "let a room stopped by a storage error go on now (it also retries alone)");
  resume_room_cmd->add_option("ROOM", ao.target, "game id or invite code")->required();
  resume_room_cmd->add_option("--reason", ao.reason, "told to the players");
  auto* kick_cmd = admin_action("kick", "close one connection");
  kick_cmd->add_option("ID", ao.target, "connection id (see: grognard admin connections)")
      ->required();
  kick_cmd->add_option("--reason", ao.reason, "told to the client");
  kick_cmd->add_option("--ban", ao.minutes, "also ban its address for this many minutes");
  auto* ban_cmd = admin_action("ban", "refuse an address for a while, closing its connections");
  ban_cmd->add_option("ADDRESS", ao.target, "an IPv4 or IPv6 address")->required();
  ban_cmd->add_option("--minutes", ao.minutes, "how long (default 60, at most 43200)");
  ban_cmd->add_option("--reason", ao.reason, "told to the client");
  auto* unban_cmd = admin_action("unban", "lift a ban");
  unban_cmd->add_option("ADDRESS", ao.target, "the banned address")->required();
  auto* pause_cmd = admin_action("pause", "stop opening new rooms (open rooms play on)");
  pause_cmd->add_option("--reason", ao.reason, "told to whoever tries to create a room");
  admin_action("resume", "open new rooms again");
  auto* go_on_cmd =
      admin_action("go-on", "let a game held because the rules changed go on under the new rules");
  go_on_cmd->add_option("GAME", ao.target, "the held game's id")->required();
  go_on_cmd->add_option("--reason", ao.reason, "kept in the game's log")->required();
  auto* import_cmd =
      admin_action("import", "store an archive file on the server once it verifies there");
  import_cmd->add_option("FILE", ao.target, "an archive file (binary or JSON)")->required();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // CLI11 prints the help (status 0) or says what is wrong; every usage error exits 2
    // (docs/client.md), whatever number CLI11 gives it.
    return app.exit(e) == 0 ? 0 : 2;
  }
  if (no_colour) ::setenv("NO_COLOR", "1", 1);
  if (*verify_cmd) return verify_command(verify_path);  // no server
  c.server = server_url(server_flag);
  if (auto url = client::parse_url(c.server); !url) {
    std::cerr << "grognard: " << url.failure().message << std::endl;
    return 2;
  }
  c.tls.ca_file = ca_file(ca_flag);
  if (*rooms) return rooms_command(c);
  if (*scenarios) return scenarios_command(c, ruleset);
  if (*create) return create_command(c, co);
  if (*join) return join_command(c, code, as, name);
  if (*fork_cmd) return fork_command(c, fo);
  if (*play_cmd) return play(c, pf);
  if (*watch_cmd) return watch(c, wf);
  if (*games) {
    const bool filtered = !gf.ruleset.empty() || !gf.player.empty() || !gf.status.empty() ||
                          !gf.since.empty() || !gf.until.empty() || gf.limit != 0;
    if (!all_games && !filtered) {
      if (const auto mine = my_games_command(c)) return *mine;
    }
    return games_command(c, gf);
  }
  if (*register_cmd) return register_command(c, account_name, email);
  if (*login_cmd) return login_command(c, account_name);
  if (*logout_cmd) return logout_command(c, everywhere);
  if (auto done = run_email_command(c, email_flags)) return *done;
  if (auto done = run_notice_command(c, notice_flags)) return *done;
  if (*account_cmd) return account_command(c, account_action);
  if (*vacation_cmd) return vacation_command(c, vacation_days);
  if (*claim_cmd) return claim_command(c, claim_room);
  if (*export_cmd) return export_command(c, eo);
  if (*report_cmd) return report_command(c, report_o);
  if (*admin) return admin_command(c, ao);
  if (*replay) {
    ro.server = c.server;
    ro.tls = c.tls;
    ro.json = c.json;
    ro.style = Style::detect();
    if (*at_opt) ro.at = at;
    return run_replay(ro);
  }
  return 2;
}

}  // namespace grognard::cli
