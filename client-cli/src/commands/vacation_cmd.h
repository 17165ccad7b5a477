#pragma once
// Vacations (docs/clocks.md, docs/client.md "Accounts"): `grognard vacation DAYS` stops the
// account's clocks in every game for DAYS whole days, `grognard vacation end` ends it early.

#include <string>

#include "commands/lobby.h"

namespace grognard::cli {

// `what`: a number of days, or "end". Returns the exit status (0 done, 1 refused, 2 no
// connection or not a number of days).
int vacation_command(const Common& c, const std::string& what);
// "on vacation until 2026-12-10 21:00 UTC (your clocks stand still); 11 days left this year",
// "not on vacation; 14 days left this year".
std::string vacation_text(const v1::AccountState& state);

}  // namespace grognard::cli
