#pragma once
// The seed corpus (tests/fuzz/corpus_main.cpp): inputs for each entry of targets.h, made from the
// golden games (tests/golden/) and the shipped scenarios (scenarios/).

#include <map>
#include <string>
#include <vector>

namespace grognard::fuzz {

using Corpus = std::map<std::string, std::vector<std::string>>;  // target -> inputs

// Frames of every ClientMessage kind, binary and JSON.
void add_frames(Corpus& out);
// Every scenario text; for each golden game its commands (with its dice) and its events; for
// every scenario a game of legal commands, as commands and as events.
void add_games(Corpus& out);
// Archive files of games played in an in-process lobby from legal commands, both forms.
void add_archives(Corpus& out);

}  // namespace grognard::fuzz
