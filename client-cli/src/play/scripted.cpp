#include "play/scripted.h"

#include <chrono>
#include <iostream>
#include <optional>
#include <sstream>

#include "commands/errors.h"
#include "commands/json_out.h"
#include "play/clock_line.h"
#include "play/measure.h"
#include "play/play_line.h"
#include "play/preview.h"
#include "play/screen.h"
#include "play/take_back.h"
#include "play/view_line.h"
#include "render/words.h"

namespace grognard::cli {

namespace {

using Clock = std::chrono::steady_clock;

// "10", "0.5".
std::string seconds_text(double seconds) {
  std::ostringstream out;
  out << seconds;
  return out.str();
}

// How many times a lost connection is tried again before the script gives up.
constexpr int kAttempts = 6;

enum class Pumped { kDone, kTimeout, kLost };

class Script {
 public:
  Script(Link& link, const ScriptOptions& o)
      : link_(link), o_(o), ui_(ui_for(link.state().ruleset)) {}

  // 0 ok, 1 the line failed, 2 the connection is gone for good.
  int run_line(const std::string& line, int line_no);
  // Reads pushes until `done()` or `seconds` have passed, reconnecting when the connection
  // drops.
  Pumped pump(double seconds, const std::function<bool()>& done);
  // After a kLost: prints why the connection is gone for good (or why the server refused to
  // take the seat back) and returns the exit status, 2 (or 1).
  int gave_up(int line_no, const std::string& line);

 private:
  void print_events(const std::vector<v1::GameEvent>& events);
  int fail(const client::Failure& f, int line_no, const std::string& line);
  // A line that failed in the client: `kind` as client_error_json names it.
  int fail(const std::string& why, int line_no, const std::string& line,
           const std::string& kind = "usage");
  // Connects again with back-off, telling standard error of each pause. On failure sets
  // lost_ (every attempt failed) or refused_ (the server would not take the seat back).
  client::Status reconnect();
  // Runs a request, reconnecting once if the connection was lost.
  template <class F>
  auto with_retry(F request) -> decltype(request());

  Link& link_;
  ScriptOptions o_;
  const RulesetUi* ui_;
  std::optional<client::Failure> lost_;     // the last failure once reconnecting gave up
  std::optional<client::Failure> refused_;  // the server's answer to reconnecting
  Zoom zoom_;  // `zoom` in a script: kept as on the screen, though a script draws no map
};

void Script::print_events(const std::vector<v1::GameEvent>& events) {
  const auto label = [&](const std::string& id) { return link_.state().label_of(id); };
  for (const auto& e : events) {
    if (o_.json)
      std::cout << json_line("event", e) << "\n";
    else
      std::cout << event_line(e, ui_, link_.state().view, label) << "\n";
  }
  for (const auto& n : link_.take_notices()) {  // take-backs asked or refused
    if (o_.json)
      std::cout << json_line("push", n) << "\n";
    else
      std::cout << take_back_notice(n, link_.state(), ui_) << "\n";
  }
  std::cout.flush();
}

int Script::fail(const client::Failure& f, int line_no, const std::string& line) {
  if (lost_ || refused_) return gave_up(line_no, line);
  if (o_.json)
    std::cout << error_json(f, line_no, line) << std::endl;
  else
    std::cout << "line " << line_no << ": " << readable(f) << std::endl;
  return connection_lost(f) ? 2 : 1;
}

int Script::fail(const std::string& why, int line_no, const std::string& line,
                 const std::string& kind) {
  if (o_.json)
    std::cout << client_error_json(kind, why, line_no, line) << std::endl;
  else
    std::cout << "line " << line_no << ": " << why << std::endl;
  return 1;
}

int Script::gave_up(int line_no, const std::string& line) {
  if (refused_) {
    const client::Failure f = *refused_;
    refused_.reset();
    return fail(f, line_no, line);
  }
  std::string why = lost_ ? lost_->message : std::string();
  while (!why.empty() && (why.back() == '.' || why.back() == ' ')) why.pop_back();
  const std::string text = "The connection to " + link_.url() + " was lost and " +
                           std::to_string(kAttempts) + " attempts to reconnect failed" +
                           (why.empty() ? "" : " (" + why + ")") + ".";
  client::Failure f = lost_.value_or(client::Failure{});
  if (!lost_) f.kind = client::FailureKind::kClosed;
  if (o_.json)
    std::cout << error_json(f, line_no, line, text) << std::endl;
  else
    std::cout << (line_no > 0 ? "line " + std::to_string(line_no) + ": " : "") << text << std::endl;
  return 2;
}

client::Status Script::reconnect() {
  const std::uint64_t seen = link_.state().last_seq;
  auto st = link_.reconnect(kAttempts, [](const std::string& note) {
    std::cerr << note << std::endl;
    return true;
  });
  if (!st) {
    (connection_lost(st.failure()) ? lost_ : refused_) = st.failure();
    return st;
  }
  std::cerr << "Reconnected; resumed after event #" << seen << "." << std::endl;
  return st;
}

Pumped Script::pump(double seconds, const std::function<bool()>& done) {
  const auto deadline = Clock::now() + std::chrono::milliseconds(static_cast<long>(seconds * 1000));
  for (;;) {
    print_events(link_.take_fresh());
    if (done()) return Pumped::kDone;
    if (Clock::now() >= deadline) return Pumped::kTimeout;
    std::vector<v1::GameEvent> fresh;
    auto st = link_.poll(client::Millis(100), &fresh);
    print_events(fresh);
    if (st && link_.connected()) st = link_.keepalive();
    if ((!st || !link_.connected()) && !reconnect()) return Pumped::kLost;
  }
}

template <class F>
auto Script::with_retry(F request) -> decltype(request()) {
  auto r = request();
  if (r || !connection_lost(r.failure())) return r;
  std::cerr << readable(r.failure()) << std::endl;
  if (auto st = reconnect(); !st) return st.failure();
  return request();
}

int Script::run_line(const std::string& line, int line_no) {
  pump(0, [] { return true; });
  // show, panel and zoom answer from the view this seat holds (view_line.h).
  if (auto reply = view_command(line, ui_, link_.state(), zoom_)) {
    if (o_.json) {
      std::cout << json_lines(words::lower(split_words(line).front()), reply->lines) << std::endl;
    } else {
      if (o_.echo) std::cout << "> " << line << "\n";
      for (const auto& l : reply->lines) std::cout << l << "\n";
      std::cout.flush();
    }
    return 0;
  }
  const Action a = interpret(line, ui_, link_.state());
  if (!o_.json && o_.echo && a.kind != Action::kNothing) std::cout << "> " << line << std::endl;
  switch (a.kind) {
    case Action::kNothing:
      return 0;
    case Action::kMap:
      if (ui_) {
        const GameState& st = link_.state();
        for (const auto& l :
             ui_->render(st.view, Viewer{st.side(), st.observer() ? "" : st.seat_id}, Style(false)))
          std::cout << l << "\n";
        std::cout << st.to_act << std::endl;
      }
      return 0;
    case Action::kQuit:
      return -1;
    case Action::kError:
      return fail(a.text, line_no, line);
    case Action::kHelp:
      for (const auto& l : a.text.empty() ? help_lines(ui_) : help_for(ui_, a.text))
        std::cout << l << "\n";
      return 0;
    case Action::kPending: {
      const auto lines = ui_ ? ui_->pending(link_.state().view, link_.state().recent)
                             : std::vector<std::string>{"Nothing is pending."};
      if (o_.json) {
        std::cout << json_lines("pending", lines) << std::endl;
      } else {
        for (const auto& l : lines) std::cout << l << "\n";
      }
      return 0;
    }
    case Action::kLog:  // everything was printed as it came
      std::cout << "log is for the screen; a script prints everything as it comes" << std::endl;
      return 0;
    case Action::kWait: {
      // A seat waits until the server names it among the seats to act; an observer, for the
      // next event.
      const bool observer = link_.state().observer();
      const std::uint64_t before = link_.state().last_seq;
      const auto r = pump(a.seconds, [&] {
        const GameState& st = link_.state();
        return st.over() || (observer ? st.last_seq > before : st.my_turn());
      });
      if (r == Pumped::kLost) return gave_up(line_no, line);
      if (r == Pumped::kDone) return 0;
      return fail("waited " + seconds_text(a.seconds) + " s and " +
                      (observer ? "nothing happened" : "it is not our turn"),
                  line_no, line, "timeout");
    }
    case Action::kLegal: {
      auto r = with_retry([&] { return link_.legal(); });
      if (!r) return fail(r.failure(), line_no, line);
      if (o_.json) {
        if (!a.unit.empty() && ui_) {  // that unit's (or figure's) commands alone
          v1::LegalCommands mine;
          for (const auto& c : r->commands()) {
            if (words::same_id(ui_->command_unit(c, link_.state().view), a.unit))
              *mine.add_commands() = c;
          }
          *r = std::move(mine);
        }
        std::cout << json_line("result", *r) << std::endl;
      } else if (ui_)
        for (const auto& l : ui_->describe_legal(*r, link_.state().view, a.unit))
          std::cout << l << "\n";
      return 0;
    }
    case Action::kMeasure: {
      auto r = with_retry([&] { return link_.measure(a.unit, a.target); });
      if (!r) return fail(r.failure(), line_no, line);
      if (o_.json)
        std::cout << json_line("result", *r) << std::endl;
      else
        std::cout << measure_line(a.unit, a.target, *r, a.los) << std::endl;
      return 0;
    }
    case Action::kChat: {
      const std::uint64_t before = link_.state().last_seq;
      auto r = with_retry([&] { return link_.chat(a.text, a.to); });
      if (!r) return fail(r.failure(), line_no, line);
      return pump(5, [&] { return link_.state().last_seq > before; }) == Pumped::kLost
                 ? gave_up(line_no, line)
                 : 0;
    }
    case Action::kPreview: {
      auto r = with_retry([&] { return link_.preview(a.command); });
      if (!r) return fail(r.failure(), line_no, line);
      if (o_.json) {
        std::cout << json_line("result", *r) << std::endl;
      } else {
        for (const auto& l : preview_lines(*r, ui_, link_.state().view)) std::cout << l << "\n";
      }
      return 0;
    }
    case Action::kTakeBack:
    case Action::kAnswer: {
      // Never sent again after a reconnect: a second take-back would take back one more.
      const std::uint64_t before = link_.state().last_seq;
      auto r = a.kind == Action::kTakeBack ? link_.take_back() : link_.answer_take_back(a.accept);
      if (!r) return fail(r.failure(), line_no, line);
      if (o_.json)
        std::cout << json_line("result", *r) << std::endl;
      else
        std::cout << take_back_answer(*r, link_.state()) << std::endl;
      if (!r->done()) return 0;
      return pump(10, [&] { return link_.state().last_seq > before; }) == Pumped::kLost
                 ? gave_up(line_no, line)
                 : 0;
    }
    case Action::kClaim:
    case Action::kGrant: {
      const std::uint64_t before = link_.state().last_seq;
      auto r = clock_request(link_, a);  // never sent again: the room may have changed since
      if (!r) return fail(r.failure(), line_no, line);
      if (o_.json)
        std::cout << json_line("result", *r) << std::endl;
      else
        std::cout << clock_answer(*r, a, link_.state()) << std::endl;
      // The system note that records it.
      return pump(10, [&] { return link_.state().last_seq > before; }) == Pumped::kLost
                 ? gave_up(line_no, line)
                 : 0;
    }
    case Action::kCommand: {
      // A script cannot answer "send it anyway?": a command the server warns about is not sent
      // unless its line ends with a lone "!" (docs/client.md, "Previews").
      if (a.confirm) {
        auto r = with_retry([&] { return link_.preview(a.command); });
        if (!r) return fail(r.failure(), line_no, line);
        if (r->warnings_size() > 0) {
          std::string why = "not sent: ";
          for (const auto& w : r->warnings()) why += w + "; ";
          return fail(why + "end the line with ! to send it anyway", line_no, line, "unconfirmed");
        }
      }
      const std::string id = link_.next_command_id();
      auto r = with_retry([&] { return link_.command(a.command, id); });
      if (!r) return fail(r.failure(), line_no, line);
      if (o_.json) std::cout << json_line("result", *r) << std::endl;
      return pump(10, [&] { return link_.state().last_seq >= r->last_seq(); }) == Pumped::kLost
                 ? gave_up(line_no, line)
                 : 0;
    }
  }
  return 0;
}

}  // namespace

int run_script(Link& link, std::istream& in, const ScriptOptions& options) {
  Script script(link, options);
  link.take_fresh();  // the history before the script is not news
  std::string line;
  int status = 0;
  for (int line_no = 1; std::getline(in, line); ++line_no) {
    const int r = script.run_line(line, line_no);
    if (r < 0) break;
    if (r == 2) return 2;
    if (r != 0) {
      status = 1;
      if (!options.keep_going) break;
    }
  }
  if (script.pump(0.2, [] { return false; }) == Pumped::kLost) return script.gave_up(0, "");
  return status;
}

}  // namespace grognard::cli
