#include "play/play_line.h"

#include <cctype>
#include <sstream>

#include "play/clock_line.h"
#include "play/measure.h"
#include "play/view_line.h"

namespace grognard::cli {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The line after its first word (the chat text, spacing kept).
std::string rest_of(const std::string& line) {
  std::size_t i = line.find_first_not_of(" \t");
  i = line.find_first_of(" \t", i);
  if (i == std::string::npos) return "";
  i = line.find_first_not_of(" \t", i);
  return i == std::string::npos ? "" : line.substr(i);
}

}  // namespace

Action error_action(const std::string& why) {
  Action a;
  a.kind = Action::kError;
  a.text = why;
  return a;
}

std::string seat_named(const GameState& state, const std::string& word) {
  const std::string w = lower(word);
  for (const auto& s : state.room.seats()) {
    if (lower(s.seat_id()) == w || lower(s.label()) == w || lower(s.seat_id()) == "player:" + w)
      return s.seat_id();
  }
  return "";
}

std::vector<std::string> client_words() {
  return {"help", "legal", "log",     "say",  "say-side", "say-to", "measure", "los",   "map",
          "wait", "quit",  "preview", "undo", "accept",   "refuse", "pending", "claim", "grant"};
}

std::vector<std::string> split_words(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

Action interpret(const std::string& line, const RulesetUi* ui, const GameState& state) {
  const auto w = split_words(line);
  Action a;
  if (w.empty() || w[0][0] == '#') return a;
  const std::string verb = lower(w[0]);
  if ((verb == "?" && w.size() > 1) || verb == "preview") {
    // `? COMMAND ...`: what the command would do, asked of the server, nothing sent.
    const std::vector<std::string> rest(w.begin() + 1, w.end());
    auto parsed = ui && !rest.empty() ? ui->parse(rest, state.view) : std::nullopt;
    if (rest.empty()) return error_action("usage: ? COMMAND ... (e.g. ? move perkins 9,38)");
    if (!parsed) return error_action("unknown command \"" + rest[0] + "\"; type help for the list");
    if (!parsed->command) return error_action(parsed->error);
    a.kind = Action::kPreview;
    a.command = *parsed->command;
  } else if (verb == "help" || verb == "?") {
    if (w.size() > 2) return error_action("usage: help [COMMAND]");
    a.kind = Action::kHelp;
    a.text = w.size() == 2 ? w[1] : "";
  } else if (verb == "log") {
    a.kind = Action::kLog;
    if (w.size() > 2 ||
        (w.size() == 2 && w[1].find_first_not_of("0123456789") != std::string::npos))
      return error_action("usage: log [LINES]");
    if (w.size() == 2) a.lines = static_cast<std::size_t>(std::stoul(w[1].substr(0, 9)));
  } else if (verb == "quit" || verb == "exit")
    a.kind = Action::kQuit;
  else if (verb == "map")
    a.kind = Action::kMap;
  else if (verb == "pending") {
    if (w.size() > 1) return error_action("usage: pending");
    a.kind = Action::kPending;
  } else if (verb == "legal") {
    if (w.size() > 2) return error_action("usage: legal [UNIT]");
    a.kind = Action::kLegal;
    a.unit = w.size() == 2 ? w[1] : "";
  } else if (verb == "measure" || verb == "los") {
    if (w.size() != 3) {
      return error_action("usage: " + verb + (verb == "los" ? " FIG TARGET" : " A B") +
                          " (ids or points x,y), e.g. " + verb + " B1 4,3");
    }
    a.kind = Action::kMeasure;
    a.los = verb == "los";
    a.unit = measure_name(w[1], ui, state);
    a.target = measure_name(w[2], ui, state);
  } else if (verb == "undo" || verb == "accept" || verb == "refuse") {
    if (w.size() != 1) return error_action("usage: " + verb + " (no arguments)");
    if (state.observer()) return error_action("observers cannot take back commands nor answer");
    a.kind = verb == "undo" ? Action::kTakeBack : Action::kAnswer;
    a.accept = verb == "accept";
  } else if (verb == "claim" || verb == "grant") {
    return clock_action(verb == "claim", w, state);
  } else if (verb == "say" || verb == "say-side") {
    a.kind = Action::kChat;
    a.text = rest_of(line);
    if (a.text.empty()) return error_action("usage: " + verb + " TEXT");
    if (verb == "say-side") {
      if (state.observer()) return error_action("observers have no side to talk to");
      if (state.role == "referee")
        return error_action("the referee has no side: say-to SEAT TEXT talks to one player");
      a.to = state.seat_id;
    }
  } else if (verb == "say-to") {
    a.kind = Action::kChat;
    a.text = w.size() >= 3 ? rest_of(rest_of(line)) : "";
    if (a.text.empty()) return error_action("usage: say-to SEAT TEXT (SEAT: a seat's name or id)");
    if (state.observer()) return error_action("observers talk to the room only (say TEXT)");
    a.to = seat_named(state, w[1]);
    if (a.to.empty()) return error_action("no seat \"" + w[1] + "\" in this room");
  } else if (verb == "wait") {
    a.kind = Action::kWait;
    a.seconds = 60;
    if (w.size() == 2) {
      try {
        a.seconds = std::stod(w[1]);
      } catch (const std::exception&) {
        return error_action("usage: wait [SECONDS]");
      }
    }
  } else {
    // A lone "!" at the end: send it without the preview and question of confirm_first.
    const bool forced = w.size() > 1 && w.back() == "!";
    const std::vector<std::string> words(w.begin(), w.end() - (forced ? 1 : 0));
    auto parsed = ui ? ui->parse(words, state.view) : std::nullopt;
    if (!parsed) return error_action("unknown command \"" + w[0] + "\"; type help for the list");
    if (!parsed->command) return error_action(parsed->error);
    a.kind = Action::kCommand;
    a.command = *parsed->command;
    a.confirm = !forced && ui->confirm_first(a.command);
  }
  return a;
}

std::vector<std::string> completions(const std::string& before, const RulesetUi* ui,
                                     const GameState& state) {
  const auto w = split_words(before);
  const bool at_word_start =
      before.empty() || std::isspace(static_cast<unsigned char>(before.back()));
  // The completed words before the one being typed.
  std::vector<std::string> done(w.begin(), w.end() - (at_word_start || w.empty() ? 0 : 1));
  // `? COMMAND ...` completes as COMMAND does.
  if (!done.empty() && (done[0] == "?" || lower(done[0]) == "preview")) {
    done.erase(done.begin());
    if (done.empty()) return ui ? ui->command_words() : std::vector<std::string>{};
    return ui ? ui->complete(done, state.view) : std::vector<std::string>{};
  }
  if (done.empty() || (done.size() == 1 && lower(done[0]) == "help")) {
    auto words = client_words();
    for (auto& v : view_words()) words.push_back(std::move(v));
    if (ui) {
      for (const auto& c : ui->command_words()) words.push_back(c);
    }
    return words;
  }
  const std::string verb = lower(done[0]);
  if ((verb == "measure" || verb == "los") && done.size() <= 2) return measure_ids(ui, state);
  if ((verb == "show" || verb == "zoom") && done.size() == 1) {  // the ids the seat can see
    auto ids = measure_ids(ui, state);
    if (verb == "zoom") ids.push_back("off");
    return ids;
  }
  return ui ? ui->complete(done, state.view) : std::vector<std::string>{};
}

}  // namespace grognard::cli
