#include "commands/notices_cmd.h"

#include <iostream>

#include "commands/account_cmd.h"
#include "commands/json_out.h"

namespace grognard::cli {

namespace {

std::string mail_words(const v1::AccountState& state) {
  const std::string& mode = state.mail_notices();
  std::string words;
  if (mode == "each") {
    words = "each (one mail per game, at most every 3 hours)";
  } else if (mode == "daily") {
    words = "daily (one digest of every game, at most once a day)";
  } else if (mode == "off") {
    return "off (no mail)";
  } else {
    return mode;
  }
  if (state.email().empty())
    return words + "; none is sent: you have no e-mail address (grognard account email ADDRESS)";
  if (!state.email_confirmed())
    return words + "; none is sent until " + state.email() + " is confirmed";
  return words + ", to " + state.email();
}

int shown(const Common& c, const client::Result<v1::AccountState>& state, const std::string& done) {
  if (!state) return fail(c, state.failure());
  if (c.json) {
    std::cout << json_line("result", *state) << std::endl;
    return 0;
  }
  std::cout << done << "\n";
  for (const auto& line : notice_lines(*state)) std::cout << line << "\n";
  return 0;
}

}  // namespace

std::vector<std::string> notice_lines(const v1::AccountState& state) {
  std::vector<std::string> lines;
  // Neither set: a server that keeps no notices (it names a mode once it does).
  if (state.webhook_url().empty() && state.mail_notices().empty()) return lines;
  if (state.webhook_url().empty()) {
    lines.push_back("Webhook: none (grognard account webhook URL SECRET sets one)");
  } else {
    lines.push_back("Webhook: " + state.webhook_url());
    if (!state.webhook_failing().empty()) {
      lines.push_back("  FAILING: " + state.webhook_failing() +
                      " (notices are not reaching it; the next one delivered marks it working)");
    }
  }
  if (!state.mail_notices().empty()) lines.push_back("Mail notices: " + mail_words(state));
  return lines;
}

void add_notice_commands(CLI::App& account, NoticeFlags& f) {
  auto* webhook = account.add_subcommand(
      "webhook",
      "POST each notice (your move, time short, …) to URL, signed with SECRET; off "
      "removes it (docs/notifications.md)");
  webhook->add_option("URL", f.url, "an https:// address, or off")->required();
  webhook->add_option("SECRET", f.secret,
                      "16 to 256 printable characters your receiver checks the signature with "
                      "(asked for without echo when not given)");
  webhook->callback([&f] { f.action = "webhook"; });
  auto* notices = account.add_subcommand(
      "notices", "how often notices are mailed to your confirmed address: each, daily or off");
  notices->add_option("MODE", f.mode, "each (one mail per game at most every 3 hours), daily, off")
      ->required()
      ->check(CLI::IsMember({"each", "daily", "off"}));
  notices->callback([&f] { f.action = "notices"; });
}

std::optional<int> run_notice_command(const Common& c, const NoticeFlags& f) {
  if (f.action != "webhook" && f.action != "notices") return std::nullopt;
  const bool remove = f.action == "webhook" && f.url == "off";
  if (remove && !f.secret.empty()) {
    std::cerr << "grognard: a webhook is removed without a secret: grognard account webhook off"
              << std::endl;
    return 2;
  }
  int status = 0;
  auto cl = logged_in(c, &status);
  if (!cl) return status;
  if (f.action == "notices") {
    return shown(c, cl->set_mail_notices(f.mode), "Mail notices set.");
  }
  if (remove) return shown(c, cl->set_webhook("", ""), "Webhook removed.");
  const std::string secret =
      f.secret.empty() ? read_password("Webhook secret (16 to 256 characters): ") : f.secret;
  return shown(c, cl->set_webhook(f.url, secret),
               "Webhook set: each notice is POSTed to it, signed with your secret.");
}

}  // namespace grognard::cli
