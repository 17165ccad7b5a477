#include "replay/replay.h"

#include <unistd.h>

#include <iostream>
#include <limits>
#include <map>

#include "commands/errors.h"
#include "commands/json_out.h"
#include "commands/lobby.h"
#include "commands/token_store.h"
#include "play/line_editor.h"
#include "play/play_line.h"
#include "play/screen.h"
#include "replay/replay_model.h"

namespace grognard::cli {

namespace {

struct Session {
  client::Client& client;
  ReplayModel& model;
  const RulesetUi* ui;
  const ReplayOptions& options;
  std::string message;
  std::map<std::string, std::string> labels;  // seat id → label, from the room's seat list
  bool ended = false;                         // the game had ended when the replay began

  // The seat's label as the live view shows it: the room's, else the one the view gives.
  std::string label_of(const std::string& seat_id, const google::protobuf::Any& view) const {
    if (const auto it = labels.find(seat_id); it != labels.end()) return it->second;
    const std::string l = ui ? ui->seat_label(seat_id, view) : "";
    return l.empty() ? seat_id : l;
  }
};

std::vector<std::string> screen(Session& s) {
  std::vector<std::string> lines;
  const auto& m = s.model;
  auto view = s.model.view(s.client);
  // Without a seat, what the archive shows anyone: everything once the game has ended.
  std::string seen = s.ended ? "everything revealed" : "the archive allows";
  if (m.as_seat() == "observer") {
    seen = "an observer";
  } else if (!m.as_seat().empty()) {
    const std::string l = s.label_of(m.as_seat(), view ? *view : google::protobuf::Any());
    seen = l == m.as_seat() ? l : l + " (" + m.as_seat() + ")";
  }
  lines.push_back("Replay of " + m.game_id() + " seen as " + seen + "  event #" +
                  std::to_string(m.seq()) + " (" + std::to_string(m.index() + 1) + " of " +
                  std::to_string(m.events().size()) + ")");
  lines.push_back("");
  if (!view) {
    lines.push_back(readable(view.failure()));
  } else if (s.ui) {
    int side = -1;
    if (m.as_seat().rfind("side:", 0) == 0) side = std::atoi(m.as_seat().c_str() + 5);
    for (auto& l : s.ui->render(*view, Viewer{side, m.as_seat()}, s.options.style))
      lines.push_back(l);
  }
  lines.push_back("");
  const google::protobuf::Any shown = view ? *view : google::protobuf::Any();
  const auto label = [&](const std::string& id) { return s.label_of(id, shown); };
  const std::size_t from = m.index() >= 6 ? m.index() - 6 : 0;
  for (std::size_t i = from; i < std::min(m.events().size(), m.index() + 4); ++i) {
    const auto& e = m.events()[i];
    lines.push_back(std::string(i == m.index() ? "> " : "  ") +
                    (m.taken_back(e.seq()) ? "(taken back) " : "") +
                    event_line(e, s.ui, shown, label));
  }
  lines.push_back("");
  lines.push_back("n next  p prev  f first  l last  t N turn  s N event  q quit" +
                  (s.message.empty() ? "" : "   | " + s.message));
  return lines;
}

// Runs one key line; false to quit.
bool key(Session& s, const std::string& line) {
  const auto w = split_words(line);
  const std::string k = w.empty() ? "n" : w[0];
  s.message.clear();
  const auto number = [&]() -> std::optional<std::uint64_t> {
    if (w.size() != 2) return std::nullopt;
    try {
      return std::stoull(w[1]);
    } catch (const std::exception&) {
      return std::nullopt;
    }
  };
  if (k == "q" || k == "quit") return false;
  if (k == "n" || k == "next") {
    if (!s.model.next()) s.message = "this is the last event";
  } else if (k == "p" || k == "prev" || k == "back") {
    if (!s.model.prev()) s.message = "this is the first event";
  } else if (k == "f" || k == "first") {
    s.model.first();
  } else if (k == "l" || k == "last") {
    s.model.last();
  } else if ((k == "s" || k == "seq") && number()) {
    if (!s.model.go_seq(*number())) s.message = "no such event";
  } else if ((k == "t" || k == "turn") && number() && s.ui) {
    if (!s.model.go_turn(static_cast<int>(*number()), *s.ui)) s.message = "no such turn";
  } else {
    s.message = "unknown key \"" + line + "\"";
  }
  return true;
}

void print(Session& s, bool clear) {
  std::string out = clear ? "\033[H\033[2J" : "";
  for (const auto& l : screen(s)) out += l + (clear ? "\r\n" : "\n");
  std::cout << out << std::flush;
}

int interactive(Session& s) {
  bool quit = false;
  LineEditor editor(
      "replay> ", LineEditor::default_history(),
      [](const std::string& before) {
        return before.empty() ? std::vector<std::string>{"next", "prev", "first", "last",
                                                         "turn", "seq",  "quit"}
                              : std::vector<std::string>{};
      },
      [&](std::optional<std::string> line) {
        if (!line || !key(s, *line))
          quit = true;
        else
          print(s, true);
      });
  print(s, true);
  editor.refresh();
  while (!quit) editor.read_input();
  std::cout << "\n";
  return 0;
}

// Resumes the seat held in this game, if any, so that a running game is seen as that seat;
// the room's seat labels come with it, and whether the game has ended (`ended`, set when a seat
// was resumed).
std::string take_own_seat(client::Client& c, const ReplayOptions& o,
                          std::map<std::string, std::string>& labels, std::optional<bool>& ended) {
  const auto seats = TokenStore().find(o.server, o.game_id, o.as_seat);
  if (seats.empty()) return o.as_seat;
  // Only the seat and its room are needed here, not its events: "seen them all".
  auto seated = c.resume(seats.front().token, std::numeric_limits<std::uint64_t>::max());
  if (!seated) return o.as_seat;
  for (const auto& s : seated->room().seats()) {
    if (!s.label().empty()) labels[s.seat_id()] = s.label();
  }
  ended = seated->room().status() == "finished" || seated->room().status() == "aborted";
  return seats.front().seat_id;
}

}  // namespace

int run_replay(const ReplayOptions& o) {
  auto c = connect_hello(o.server, o.tls);
  if (!c) {
    std::cerr << "grognard: " << readable(c.failure()) << std::endl;
    return 2;
  }
  std::map<std::string, std::string> labels;
  std::optional<bool> ended;
  // "observer" is asked for as it is; else a seat held here is taken, for its labels and, while
  // the game runs, to see it as that seat. Once ended, no --as means everything (--all).
  std::string as = o.as_seat == "observer" ? o.as_seat : take_own_seat(*c, o, labels, ended);
  if (o.all && ended == false) {
    std::cerr << "grognard: game " << o.game_id
              << " is still running: --all shows everything once it has ended; until then you "
                 "see it as your own seat"
              << std::endl;
    return 1;
  }
  if (o.all || (o.as_seat.empty() && ended.value_or(false))) as.clear();
  auto model = ReplayModel::load(*c, o.game_id, as);
  if (!model) {
    std::cerr << "grognard: " << readable(model.failure()) << std::endl;
    return 1;
  }
  if (model->empty()) {
    std::cerr << "grognard: game " << o.game_id << " has no events yet" << std::endl;
    return 1;
  }
  const auto view = model->view(*c);
  Session s{*c,
            *model,
            view ? ui_for(ruleset_of(*view)) : nullptr,
            o,
            "",
            std::move(labels),
            ended.value_or(false)};
  if (o.at) {
    if (!model->go_seq(*o.at)) {
      std::cerr << "grognard: no event #" << *o.at << std::endl;
      return 1;
    }
    if (!o.json) {
      print(s, false);
      return 0;
    }
    auto v = model->view(*c);
    std::cout << json_line("event", model->current()) << "\n";
    if (v) std::cout << "{\"view\":" << to_json(*v) << "}\n";
    return 0;
  }
  if (o.json) {
    for (const auto& e : model->events()) std::cout << json_line("event", e) << "\n";
    return 0;
  }
  model->first();
  if (isatty(STDIN_FILENO) == 1) return interactive(s);
  std::string line;
  while (std::getline(std::cin, line) && key(s, line)) print(s, false);
  return 0;
}

}  // namespace grognard::cli
