#include "commands/account_cmd.h"

#include <termios.h>
#include <unistd.h>

#include <iostream>

#include "commands/clock_text.h"
#include "commands/errors.h"
#include "commands/json_out.h"
#include "commands/notices_cmd.h"
#include "commands/session_store.h"
#include "commands/token_store.h"
#include "commands/vacation_cmd.h"
#include "render/style.h"

namespace grognard::cli {

// A password: typed without echo at a terminal, else the next line of standard input (for
// scripts: `printf '%s\n' "$PW" | grognard login anna`).
std::string read_password(const std::string& prompt) {
  std::string line;
  if (isatty(STDIN_FILENO) != 1) {
    std::getline(std::cin, line);
    return line;
  }
  std::cerr << prompt << std::flush;
  termios before{};
  tcgetattr(STDIN_FILENO, &before);
  termios quiet = before;
  quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
  tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
  std::getline(std::cin, line);
  tcsetattr(STDIN_FILENO, TCSANOW, &before);
  std::cerr << std::endl;
  return line;
}

namespace {

// Keeps the session a log-in or registration handed out.
int keep_session(const Common& c, const v1::AccountState& state) {
  std::string error;
  SessionStore store;
  if (!store.save(SavedSession{c.server, state.name(), state.session_token()}, &error)) {
    std::cerr << "grognard: logged in, but the session could not be kept: " << error << std::endl;
    return 1;
  }
  if (c.json) {
    v1::AccountState shown = state;
    shown.clear_session_token();
    std::cout << json_line("result", shown) << std::endl;
  } else {
    std::cout << "Logged in as " << state.name() << " on " << c.server << " (session kept in "
              << store.file().string() << ").\n";
    if (!state.email_note().empty()) std::cout << "E-mail: " << state.email_note() << ".\n";
  }
  return 0;
}

}  // namespace

// A connection logged in with the saved session; `*out` the exit status when there is none.
std::optional<client::Client> logged_in(const Common& c, int* out) {
  const auto saved = SessionStore().find(c.server);
  if (!saved) {
    std::cerr << "grognard: not logged in to " << c.server << ": grognard login NAME" << std::endl;
    *out = 1;
    return std::nullopt;
  }
  auto cl = connect_hello(c.server, c.tls);  // logs in with the saved session
  if (!cl) {
    *out = fail(c, cl.failure());
    return std::nullopt;
  }
  if (!SessionStore().find(c.server)) {  // it had ended: connect_hello said so and forgot it
    *out = 1;
    return std::nullopt;
  }
  return std::move(*cl);
}

int register_command(const Common& c, const std::string& name, const std::string& email) {
  const std::string password = read_password("Password for " + name + ": ");
  if (isatty(STDIN_FILENO) == 1 && read_password("The same again: ") != password) {
    std::cerr << "grognard: the two passwords differ; nothing was registered" << std::endl;
    return 2;
  }
  auto cl = connect_hello(c.server, c.tls);
  if (!cl) return fail(c, cl.failure());
  auto state = cl->register_account(name, password, email);
  if (!state) return fail(c, state.failure());
  return keep_session(c, *state);
}

int login_command(const Common& c, const std::string& name) {
  const std::string password = read_password("Password for " + name + ": ");
  auto cl = connect_hello(c.server, c.tls);
  if (!cl) return fail(c, cl.failure());
  auto state = cl->log_in(name, password);
  if (!state) return fail(c, state.failure());
  return keep_session(c, *state);
}

int logout_command(const Common& c, bool everywhere) {
  int status = 0;
  auto cl = logged_in(c, &status);
  if (!cl) return status;
  auto state = cl->log_out(everywhere);
  if (!state) return fail(c, state.failure());
  std::string error;
  if (!SessionStore().remove(c.server, &error)) {
    std::cerr << "grognard: " << error << std::endl;
    return 1;
  }
  std::cout << (everywhere ? "Logged out on every device." : "Logged out.") << "\n";
  return 0;
}

int account_command(const Common& c, const std::string& action) {
  int status = 0;
  auto cl = logged_in(c, &status);
  if (!cl) return status;
  client::Result<v1::AccountState> state = cl->who_am_i();
  if (action == "password") {
    const std::string old_password = read_password("Current password: ");
    const std::string new_password = read_password("New password: ");
    state = cl->change_password(old_password, new_password);
    if (state) std::cout << "Password changed; your other devices are logged out.\n";
  } else if (action == "delete") {
    std::cout << "Deleting your account removes its password, e-mail address and sessions. Your "
                 "name stays in the games already played: they are public records.\n";
    state = cl->delete_account(read_password("Password, to delete the account: "));
    std::string ignored;
    if (state) SessionStore().remove(c.server, &ignored);
    if (state) std::cout << "Account deleted.\n";
  }
  if (!state) return fail(c, state.failure());
  if (c.json) {
    std::cout << json_line("result", *state) << std::endl;
  } else if (action.empty()) {
    std::cout << state->name()
              << (state->email().empty()     ? ""
                  : state->email_confirmed() ? "  " + state->email()
                                             : "  " + state->email() + " (not confirmed)")
              << "\n";
    std::cout << vacation_text(*state) << "\n";
    if (!state->email_note().empty()) std::cout << "E-mail: " << state->email_note() << ".\n";
    for (const auto& line : notice_lines(*state)) std::cout << line << "\n";
  }
  return 0;
}

int claim_command(const Common& c, const std::string& room) {
  const auto seats = TokenStore().find(c.server, room);
  if (seats.empty()) {
    std::cerr << "grognard: no seat of yours in \"" << room << "\" is saved on this device"
              << std::endl;
    return 1;
  }
  int status = 0;
  auto cl = logged_in(c, &status);
  if (!cl) return status;
  for (const auto& s : seats) {
    auto claimed = cl->claim_seat(s.token);
    if (!claimed) return fail(c, claimed.failure());
    std::cout << "The seat " << (s.label.empty() ? s.seat_id : s.label) << " of " << s.game_id
              << " is now your account's: play it from any device where you are logged in.\n";
  }
  return 0;
}

std::optional<int> my_games_command(const Common& c) {
  if (!SessionStore().find(c.server)) return std::nullopt;
  int status = 0;
  auto cl = logged_in(c, &status);
  if (!cl) return status;
  auto games = cl->list_my_games();
  if (!games) return fail(c, games.failure());
  if (c.json) {
    std::cout << json_line("result", *games) << std::endl;
    return 0;
  }
  if (games->games().empty()) std::cout << "No games of yours yet. Create one: grognard create\n";
  if (games->waiting_for_you() > 0) {
    std::cout << games->waiting_for_you()
              << (games->waiting_for_you() == 1 ? " game waits" : " games wait") << " for you.\n";
  }
  for (const auto& m : games->games()) {
    const auto& g = m.game();
    std::cout << (m.your_action() ? "* " : "  ") << pad_to(g.game_id(), 16)
              << pad_to(g.ruleset() + "/" + g.scenario(), 26) << pad_to(g.status(), 9)
              << pad_to(m.label().empty() ? m.seat_id() : m.label(), 16)
              << (m.to_act().empty() ? g.result() : m.to_act()) << my_game_clock_text(m) << "\n";
  }
  std::cout << "(* your move: grognard play GAME; every game: grognard games --all)\n";
  return 0;
}

}  // namespace grognard::cli
