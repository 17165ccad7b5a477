#include "commands/lobby.h"

#include <algorithm>
#include <cctype>
#include <ctime>
#include <iostream>
#include <string_view>

#include "commands/clock_text.h"
#include "commands/errors.h"
#include "commands/json_out.h"
#include "commands/session_store.h"
#include "commands/token_store.h"
#include "render/style.h"

namespace grognard::cli {

namespace {

std::string seats_text(const google::protobuf::RepeatedPtrField<v1::SeatInfo>& seats) {
  std::string out;
  for (const auto& s : seats) {
    if (!out.empty()) out += ", ";
    out += (s.label().empty() ? s.seat_id() : s.label()) + " ";
    if (!s.taken())
      out += "(open)";
    else
      out += "(" + (s.player_name().empty() ? std::string("taken") : s.player_name()) + ")";
  }
  return out;
}

// Joins `code` as `as` and keeps the token. Returns the exit status.
int take_seat(const Common& c, client::Client& cl, const std::string& code, const std::string& as,
              const std::string& name) {
  const auto [role, seat] = split_as(as);
  auto seated = cl.join(code, role, seat, name);
  if (!seated && !c.json && seated.failure().kind == client::FailureKind::kServer &&
      seated.failure().code == v1::FAILED_PRECONDITION) {
    // A taken seat reads as the server words it ("The seat British is already taken by
    // Anna."), not as "Not now: …".
    std::cerr << "grognard: " << as_sentence(seated.failure().message) << std::endl;
    return 1;
  }
  if (!seated) return fail(c, seated.failure());
  std::string label;
  for (const auto& s : seated->room().seats()) {
    if (s.seat_id() == seated->seat_id()) label = s.label();
  }
  SeatRecord r{c.server,
               seated->game_id(),
               seated->room().invite_code(),
               seated->room().ruleset(),
               seated->seat_id(),
               seated->role(),
               label,
               seated->token()};
  std::string error;
  if (!r.token.empty() && !TokenStore().save(r, &error))
    std::cerr << "grognard: warning: the seat token could not be saved: " << error << std::endl;
  if (c.json) {
    v1::Seated shown = *seated;
    shown.clear_token();
    shown.clear_view();
    shown.clear_events();
    std::cout << json_line("seated", shown) << std::endl;
  } else {
    std::cout << "Seated as " << seated->role() << " " << (label.empty() ? r.seat_id : label)
              << " (" << r.seat_id << ") in game " << r.game_id << ".\n"
              << "Play with:  grognard play " << shell_quote(r.invite_code) << std::endl;
  }
  return 0;
}

}  // namespace

client::Result<client::Client> connect_hello(const std::string& url,
                                             const client::TlsOptions& tls) {
  auto c = client::Client::connect(url, client::Format::kBinary, client::Millis(5000), tls);
  if (!c) return c;
  auto w = c->hello("grognard-cli 0.1");
  if (!w) return w.failure();
  log_in_saved(*c, url);
  return c;
}

std::string as_text(const v1::SeatInfo& seat) {
  if (seat.role() == "referee" || seat.role() == "observer") return seat.role();
  const std::string& id = seat.seat_id();
  if (id.rfind(seat.role() + ":", 0) == 0 && seat.label().empty())
    return seat.role() + "/" + id.substr(seat.role().size() + 1);
  return seat.role() + "/" + (seat.label().empty() ? id : seat.label());
}

std::string shell_quote(const std::string& text) {
  const auto plain = [](unsigned char ch) {
    return std::isalnum(ch) != 0 ||
           std::string_view("_@%+=:,./-").find(static_cast<char>(ch)) != std::string_view::npos;
  };
  if (!text.empty() && std::all_of(text.begin(), text.end(), plain)) return text;
  std::string out = "'";
  for (char ch : text) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

std::pair<std::string, std::string> split_as(const std::string& as) {
  const auto slash = as.find('/');
  if (slash == std::string::npos) return {as.empty() ? "general" : as, ""};
  return {as.substr(0, slash), as.substr(slash + 1)};
}

int rooms_command(const Common& c) {
  auto cl = connect_hello(c.server, c.tls);
  if (!cl) return fail(c, cl.failure());
  auto rooms = cl->list_rooms();
  if (!rooms) return fail(c, rooms.failure());
  if (c.json) {
    std::cout << json_line("result", *rooms) << std::endl;
    return 0;
  }
  if (rooms->rooms().empty()) std::cout << "No open rooms. Create one: grognard create\n";
  for (const auto& r : rooms->rooms()) {
    const std::string forked = forked_text(r.forked_from());
    std::cout << pad_to(r.invite_code(), 8) << pad_to(r.ruleset() + "/" + r.scenario(), 26)
              << pad_to(r.status(), 9) << seats_text(r.seats())
              << (r.to_act().empty() ? "" : "  - " + r.to_act())
              << (forked.empty() ? "" : "  (" + forked + ")")
              << (r.time_control().empty()
                      ? ""
                      : "  [" + clocks_text(r, now_ms() - r.clocks_at_ms()) + "]")
              << "\n";
  }
  return 0;
}

int scenarios_command(const Common& c, const std::string& ruleset) {
  auto cl = connect_hello(c.server, c.tls);
  if (!cl) return fail(c, cl.failure());
  auto list = cl->list_scenarios(ruleset);
  if (!list) return fail(c, list.failure());
  if (c.json) {
    std::cout << json_line("result", *list) << std::endl;
    return 0;
  }
  for (const auto& s : list->scenarios())
    std::cout << pad_to(s.ruleset(), 8) << pad_to(s.name(), 18) << s.title() << "\n";
  return 0;
}

namespace {

// Prints a new room as create and fork do: `what` ("Room created: itchy/intro"), its game id,
// invite code and seats, and how to take each seat unless `seats_hint` is false.
void print_room(const Common& c, const v1::RoomInfo& room, const std::string& what,
                bool seats_hint) {
  if (c.json) {
    std::cout << json_line("result", room) << std::endl;
    return;
  }
  std::cout << what << ", game " << room.game_id() << "\nInvite code: " << room.invite_code()
            << "\nSeats: " << seats_text(room.seats()) << "\n";
  if (!room.time_control().empty()) std::cout << "Time control: " << clocks_text(room, 0) << "\n";
  if (!seats_hint) return;
  std::string lead = "Take a seat:  ";
  for (const auto& s : room.seats()) {
    std::cout << lead << "grognard join " << shell_quote(room.invite_code()) << " --as "
              << shell_quote(as_text(s)) << "\n";
    lead = std::string(lead.size(), ' ');
  }
}

}  // namespace

int create_command(const Common& c, const CreateOptions& o) {
  auto cl = connect_hello(c.server, c.tls);
  if (!cl) return fail(c, cl.failure());
  auto room = cl->create_room(o.ruleset, o.scenario, o.observers, o.unlisted, o.time_control);
  if (!room) return fail(c, room.failure());
  print_room(c, *room, "Room created: " + o.ruleset + "/" + o.scenario, o.as.empty());
  if (o.as.empty()) return 0;
  return take_seat(c, *cl, room->invite_code(), o.as, o.name);
}

std::string forked_text(const v1::ForkSource& source) {
  if (source.game_id().empty()) return "";
  return "forked from " + source.game_id() + " at event " + std::to_string(source.seq());
}

int fork_command(const Common& c, const ForkOptions& o) {
  auto cl = connect_hello(c.server, c.tls);
  if (!cl) return fail(c, cl.failure());
  // A running game is forked by its referee, seated in it: a saved referee seat is resumed (an
  // ended game, whose room may be gone, is forked by anyone, seated or not).
  for (const SeatRecord& s : TokenStore().find(c.server, o.game_id, "referee")) {
    if (s.game_id == o.game_id && s.role == "referee" && cl->resume(s.token, 0)) break;
  }
  v1::ClientMessage m;
  auto* req = m.mutable_fork_game();
  req->set_game_id(o.game_id);
  req->set_at_seq(o.seq);
  req->set_observers_allowed(o.observers);
  req->set_unlisted(o.unlisted);
  auto answer = cl->request(std::move(m));
  if (!answer) return fail(c, answer.failure());
  if (answer->has_error() || !answer->has_room()) {
    client::Failure f;
    f.kind = answer->has_error() ? client::FailureKind::kServer : client::FailureKind::kUnexpected;
    f.message = answer->has_error() ? answer->error().message()
                                    : "the server answered the fork with something else";
    f.code = answer->error().code();
    f.clause = answer->error().clause();
    return fail(c, f);
  }
  const v1::RoomInfo& room = answer->room();
  print_room(c, room,
             "Room forked from " + room.forked_from().game_id() + " at event " +
                 std::to_string(room.forked_from().seq()) + ": " + room.ruleset() + "/" +
                 room.scenario(),
             true);
  return 0;
}

int join_command(const Common& c, const std::string& code, const std::string& as,
                 const std::string& name) {
  auto cl = connect_hello(c.server, c.tls);
  if (!cl) return fail(c, cl.failure());
  return take_seat(c, *cl, code, as, name);
}

std::optional<std::int64_t> parse_date(const std::string& text) {
  std::tm tm{};
  int y = 0, m = 0, d = 0;
  if (std::sscanf(text.c_str(), "%4d-%2d-%2d", &y, &m, &d) != 3) return std::nullopt;
  tm.tm_year = y - 1900;
  tm.tm_mon = m - 1;
  tm.tm_mday = d;
  return static_cast<std::int64_t>(timegm(&tm)) * 1000;
}

std::string format_time(std::int64_t ms) {
  if (ms <= 0) return "";
  const std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &tm);
  return buf;
}

int games_command(const Common& c, const GamesFilter& f) {
  v1::ListGames filter;
  filter.set_ruleset(f.ruleset);
  filter.set_player(f.player);
  filter.set_status(f.status);
  filter.set_limit(f.limit);
  for (const auto& [text, setter] : {std::pair{f.since, &v1::ListGames::set_since_ms},
                                     {f.until, &v1::ListGames::set_until_ms}}) {
    if (text.empty()) continue;
    const auto ms = parse_date(text);
    if (!ms) {
      std::cerr << "grognard: \"" << text << "\" is not a date (YYYY-MM-DD)\n";
      return 2;
    }
    (filter.*setter)(*ms);
  }
  auto cl = connect_hello(c.server, c.tls);
  if (!cl) return fail(c, cl.failure());
  auto games = cl->list_games(filter);
  if (!games) return fail(c, games.failure());
  if (c.json) {
    std::cout << json_line("result", *games) << std::endl;
    return 0;
  }
  if (games->games().empty()) std::cout << "No games match.\n";
  for (const auto& g : games->games()) {
    std::cout << pad_to(g.game_id(), 16) << pad_to(g.ruleset() + "/" + g.scenario(), 26)
              << pad_to(g.status(), 9) << pad_to(format_time(g.created_ms()), 17)
              << pad_to(std::to_string(g.last_seq()) + " events", 11) << seats_text(g.seats())
              << (g.result().empty() ? "" : "  - " + g.result())
              << (g.has_forked_from() ? "  (" + forked_text(g.forked_from()) + ")" : "")
              << (g.imported_ms() == 0 ? "" : "  (imported " + format_time(g.imported_ms()) + ")")
              << (g.time_control().empty() ? "" : "  (clock: " + g.time_control() + ")")
              // A game the current rules fold differently takes no command until the operator
              // decides (docs/archives.md, "Re-simulation").
              << (g.drift().empty() ? "" : "  HELD: rules changed (" + g.drift() + ")") << "\n";
  }
  return 0;
}

int fail(const Common& c, const client::Failure& f) {
  if (c.json)
    std::cout << error_json(f) << std::endl;
  else
    std::cerr << "grognard: " << readable(f) << std::endl;
  return f.kind == client::FailureKind::kServer ? 1 : 2;
}

}  // namespace grognard::cli
