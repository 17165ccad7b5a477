#include "commands/vacation_cmd.h"

#include <iostream>

#include "commands/account_cmd.h"
#include "commands/json_out.h"

namespace grognard::cli {

std::string vacation_text(const v1::AccountState& state) {
  const std::uint32_t left = state.vacation_days_left();
  const std::string days =
      std::to_string(left) + (left == 1 ? " day" : " days") + " of vacation left this year";
  if (state.vacation_until_ms() == 0) return "not on vacation; " + days;
  return "on vacation until " + format_time(state.vacation_until_ms()) +
         " UTC (your clocks stand still); " + days;
}

int vacation_command(const Common& c, const std::string& what) {
  const bool end = what == "end";
  unsigned long days = 0;
  if (!end) {
    const bool digits = !what.empty() && what.size() <= 3 &&
                        what.find_first_not_of("0123456789") == std::string::npos;
    if (digits) days = std::stoul(what);
    if (days == 0) {
      std::cerr << "grognard: \"" << what
                << "\" is not a number of days (1 or more) nor \"end\": grognard vacation DAYS, "
                   "or grognard vacation end"
                << std::endl;
      return 2;
    }
  }
  int status = 0;
  auto cl = logged_in(c, &status);
  if (!cl) return status;
  auto state = end ? cl->end_vacation() : cl->take_vacation(static_cast<std::uint32_t>(days));
  if (!state) return fail(c, state.failure());
  if (c.json) {
    std::cout << json_line("result", *state) << std::endl;
    return 0;
  }
  std::cout << (end ? "Vacation ended: your clocks run again.\n"
                    : "Vacation taken: your clocks stand still in every game.\n")
            << "You are " << vacation_text(*state) << ".\n";
  return 0;
}

}  // namespace grognard::cli
