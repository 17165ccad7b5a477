#pragma once
// Internal to app/config.cpp: the e-mail flags (docs/operations.md, "E-mail"): the SMTP relay,
// the sender, the relay's user and password, and the public URL the links in mails start with.
// The password is never a flag (a flag shows in the process list): it is read from the file
// --smtp-password-file names, or from the variable GROGNARD_SMTP_PASSWORD.

#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "app/config.h"

namespace grognard::app {

void add_mail_flags(CLI::App& cli, Config& config);
// Once parsed: reads the password, checks the flags together. Why they cannot send, or nothing.
std::optional<std::string> finish_mail_flags(Config& config);

}  // namespace grognard::app
