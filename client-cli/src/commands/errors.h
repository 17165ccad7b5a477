#pragma once
// Failures in one sentence a player reads: the server's message with the rule it cites
// ("Not allowed: 2nd Bn may move 2 grid areas, not 3 (rule itchy.move.allowance)."), or what
// happened to the connection.

#include <string>

#include "client/result.h"

namespace grognard::cli {

std::string readable(const client::Failure& failure);
// The server's `message` as a sentence of its own: capitalized, one full stop.
std::string as_sentence(const std::string& message);
// True when the failure means the connection is gone (retry after reconnecting); false when
// the server closed it for a breach of policy (1008: kicked, banned, over the rate limit) or
// refused it for good (403: banned; a TLS failure).
bool connection_lost(const client::Failure& failure);
// The server closed the connection for a breach of policy (1008: the operator's kick or ban,
// the rate limit).
bool closed_for_policy(const client::Failure& failure);

}  // namespace grognard::cli
