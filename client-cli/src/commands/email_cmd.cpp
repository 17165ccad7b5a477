#include "commands/email_cmd.h"

#include <unistd.h>

#include <cctype>
#include <iostream>

#include "commands/account_cmd.h"
#include "commands/json_out.h"

namespace grognard::cli {

namespace {

int shown(const Common& c, const client::Result<v1::AccountNotice>& notice) {
  if (!notice) return fail(c, notice.failure());
  if (c.json) {
    std::cout << json_line("result", *notice) << std::endl;
  } else {
    std::string text = notice->text();
    if (!text.empty())
      text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    std::cout << text << ".\n";
  }
  return 0;
}

int set_email(const Common& c, const EmailFlags& f) {
  if (f.remove == !f.address.empty()) {
    std::cerr << "grognard: give an ADDRESS or --remove (one of them)" << std::endl;
    return 2;
  }
  int status = 0;
  auto cl = logged_in(c, &status);
  if (!cl) return status;
  const std::string password = read_password("Password, to change the address: ");
  return shown(c, cl->set_email(f.address, password));
}

int reset(const Common& c, const EmailFlags& f) {
  if (f.token.empty() == f.who.empty()) {
    std::cerr << "grognard: give NAME_OR_EMAIL (to be mailed a link) or --token TOKEN (from the "
                 "link), one of them"
              << std::endl;
    return 2;
  }
  std::string password;
  if (!f.token.empty()) {
    password = read_password("New password: ");
    if (isatty(STDIN_FILENO) == 1 && read_password("The same again: ") != password) {
      std::cerr << "grognard: the two passwords differ; nothing was changed" << std::endl;
      return 2;
    }
  }
  auto cl = connect_hello(c.server, c.tls);
  if (!cl) return fail(c, cl.failure());
  if (f.token.empty()) return shown(c, cl->request_password_reset(f.who));
  return shown(c, cl->reset_password(f.token, password));
}

}  // namespace

void add_email_commands(CLI::App& app, CLI::App& account, EmailFlags& f) {
  auto* email = account.add_subcommand(
      "email", "set your e-mail address (a confirmation mail is sent) or remove it");
  email->add_option("ADDRESS", f.address, "the new address");
  email->add_flag("--remove", f.remove, "remove the address");
  email->callback([&f] { f.action = "email"; });
  auto* confirm = account.add_subcommand("confirm", "confirm your address with the mail's token");
  confirm->add_option("TOKEN", f.token, "the text after token= in the mail's link")->required();
  confirm->callback([&f] { f.action = "confirm"; });
  auto* reset = app.add_subcommand(
      "reset-password", "forgot your password: have a link mailed, then set a new one with it");
  reset->add_option("NAME_OR_EMAIL", f.who, "your account's name or confirmed address");
  reset->add_option("--token", f.token, "the text after token= in the mail's link");
  reset->callback([&f] { f.action = "reset"; });
}

std::optional<int> run_email_command(const Common& c, const EmailFlags& f) {
  if (f.action == "email") return set_email(c, f);
  if (f.action == "reset") return reset(c, f);
  if (f.action != "confirm") return std::nullopt;
  auto cl = connect_hello(c.server, c.tls);
  if (!cl) return fail(c, cl.failure());
  return shown(c, cl->confirm_email(f.token));
}

}  // namespace grognard::cli
