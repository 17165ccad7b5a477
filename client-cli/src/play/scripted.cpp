#include "play/scripted.h"

#include <chrono>
#include <iostream>

#include "app/errors.h"
#include "app/json_out.h"
#include "play/play_line.h"
#include "play/screen.h"

namespace grognard::cli {

namespace {

using Clock = std::chrono::steady_clock;

class Script {
 public:
  Script(Link& link, const ScriptOptions& o)
      : link_(link), o_(o), ui_(ui_for(link.state().ruleset)) {}

  // 0 ok, 1 the line failed, 2 the connection is gone for good.
  int run_line(const std::string& line, int line_no);
  // Reads pushes until `done()` or `seconds` have passed; false on timeout.
  bool pump(double seconds, const std::function<bool()>& done);

 private:
  void print_events(const std::vector<v1::GameEvent>& events);
  int fail(const client::Failure& f, int line_no, const std::string& line);
  int fail(const std::string& why, int line_no, const std::string& line);
  // Runs a request, reconnecting once if the connection was lost.
  template <class F>
  auto with_retry(F request) -> decltype(request());

  Link& link_;
  ScriptOptions o_;
  const RulesetUi* ui_;
};

void Script::print_events(const std::vector<v1::GameEvent>& events) {
  const auto label = [&](const std::string& id) { return link_.state().label_of(id); };
  for (const auto& e : events) {
    if (o_.json)
      std::cout << json_line("event", e) << "\n";
    else
      std::cout << event_line(e, ui_, link_.state().view, label) << "\n";
  }
  std::cout.flush();
}

int Script::fail(const client::Failure& f, int line_no, const std::string& line) {
  if (o_.json)
    std::cout << error_json(f, line_no, line) << std::endl;
  else
    std::cout << "line " << line_no << ": " << readable(f) << std::endl;
  return connection_lost(f) ? 2 : 1;
}

int Script::fail(const std::string& why, int line_no, const std::string& line) {
  client::Failure f;
  f.kind = client::FailureKind::kUnexpected;
  f.message = why;
  if (o_.json)
    std::cout << error_json(f, line_no, line) << std::endl;
  else
    std::cout << "line " << line_no << ": " << why << std::endl;
  return 1;
}

bool Script::pump(double seconds, const std::function<bool()>& done) {
  const auto deadline = Clock::now() + std::chrono::milliseconds(static_cast<long>(seconds * 1000));
  for (;;) {
    print_events(link_.take_fresh());
    if (done()) return true;
    if (Clock::now() >= deadline) return false;
    std::vector<v1::GameEvent> fresh;
    auto st = link_.poll(client::Millis(100), &fresh);
    print_events(fresh);
    if (!st || !link_.connected()) {
      if (!link_.reconnect(6, nullptr)) return false;
    } else if (!link_.keepalive()) {
      return false;
    }
  }
}

template <class F>
auto Script::with_retry(F request) -> decltype(request()) {
  auto r = request();
  if (r || !connection_lost(r.failure())) return r;
  if (!link_.reconnect(6, nullptr)) return r;
  return request();
}

int Script::run_line(const std::string& line, int line_no) {
  pump(0, [] { return true; });
  const Action a = interpret(line, ui_, link_.state());
  if (!o_.json && o_.echo && a.kind != Action::kNothing) std::cout << "> " << line << std::endl;
  switch (a.kind) {
    case Action::kNothing:
      return 0;
    case Action::kMap:
      if (ui_) {
        const GameState& st = link_.state();
        for (const auto& l : ui_->render(st.view, Viewer{st.side()}, Style(false)))
          std::cout << l << "\n";
        std::cout << st.to_act << std::endl;
      }
      return 0;
    case Action::kQuit:
      return -1;
    case Action::kError:
      return fail(a.text, line_no, line);
    case Action::kHelp:
      for (const auto& l : help_lines(ui_)) std::cout << l << "\n";
      return 0;
    case Action::kWait: {
      const bool ok =
          pump(a.seconds, [&] { return link_.state().my_turn() || link_.state().over(); });
      return ok ? 0
                : fail("waited " + std::to_string(a.seconds) + " s and it is not our turn", line_no,
                       line);
    }
    case Action::kLegal: {
      auto r = with_retry([&] { return link_.legal(); });
      if (!r) return fail(r.failure(), line_no, line);
      if (o_.json)
        std::cout << json_line("result", *r) << std::endl;
      else if (ui_)
        for (const auto& l : ui_->describe_legal(*r, link_.state().view, a.unit))
          std::cout << l << "\n";
      return 0;
    }
    case Action::kChat: {
      const std::uint64_t before = link_.state().last_seq;
      auto r = with_retry([&] { return link_.chat(a.text, a.to); });
      if (!r) return fail(r.failure(), line_no, line);
      pump(5, [&] { return link_.state().last_seq > before; });
      return 0;
    }
    case Action::kCommand: {
      const std::string id = link_.next_command_id();
      auto r = with_retry([&] { return link_.command(a.command, id); });
      if (!r) return fail(r.failure(), line_no, line);
      if (o_.json) std::cout << json_line("result", *r) << std::endl;
      pump(10, [&] { return link_.state().last_seq >= r->last_seq(); });
      return 0;
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
  script.pump(0.2, [] { return false; });
  return status;
}

}  // namespace grognard::cli
