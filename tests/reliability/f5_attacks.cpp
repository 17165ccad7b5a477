// The attacks of F5's second part (f5_hostile.h).
#include <mutex>
#include <random>
#include <set>
#include <thread>
#include <vector>

#include "f5_hostile.h"
#include "grognard/v1/protocol.pb.h"

namespace grognard::f5 {

namespace {

using e2e::raw::Millis;
namespace raw = e2e::raw;
using namespace std::chrono_literals;

v1::ClientMessage join(std::uint64_t rid, const std::string& invite) {
  v1::ClientMessage m;
  m.set_request_id(rid);
  m.mutable_join_room()->set_invite_code(invite);
  m.mutable_join_room()->set_role("observer");
  return m;
}

v1::ClientMessage create(std::uint64_t rid) {
  v1::ClientMessage m;
  m.set_request_id(rid);
  m.mutable_create_room()->set_ruleset("itchy");
  m.mutable_create_room()->set_scenario("intro");
  m.mutable_create_room()->set_observers_allowed(true);
  m.mutable_create_room()->set_unlisted(true);
  return m;
}

v1::ClientMessage chat(std::uint64_t rid, std::string text) {
  v1::ClientMessage m;
  m.set_request_id(rid);
  m.mutable_chat()->set_text(std::move(text));
  return m;
}

// "refused (RESOURCE_EXHAUSTED): ..." cut to a line; "no answer" for none.
std::string said(const std::optional<v1::ServerMessage>& answer) {
  if (!answer) return "no answer";
  if (!answer->has_error()) {
    const auto* field = answer->GetDescriptor()->FindFieldByNumber(answer->body_case());
    return "answered " + (field ? field->name() : std::string("nothing"));
  }
  return "refused (" + v1::Code_Name(answer->error().code()) +
         "): " + answer->error().message().substr(0, 90);
}

bool refused_naming(const std::optional<v1::ServerMessage>& answer, v1::Code code,
                    const std::string& flag) {
  return answer && answer->has_error() && answer->error().code() == code &&
         answer->error().message().find(flag) != std::string::npos;
}

// Runs `body(i)` on `n` threads and waits for them.
template <class Body>
void on_threads(int n, Body body) {
  std::vector<std::thread> threads;
  for (int i = 0; i < n; ++i) threads.emplace_back(body, i);
  for (auto& t : threads) t.join();
}

}  // namespace

void deep_json(const Target& t, Stop& stop, Tally& tally) {
  const char* kAttack = "1 JSON nested 30,000 deep";
  constexpr std::size_t kDepth = 30'000;
  const std::string text = R"({"requestId":"1","hello":{"protocolVersion":1,"client":)" +
                           std::string(kDepth, '[') + std::string(kDepth, ']') + "}}";
  const std::string frame = raw::frame(raw::kText, text);
  on_threads(2, [&](int) {
    while (!stop) {
      raw::Socket s = greeted(t.port, "127.0.0.5");
      if (!s.is_open()) {
        tally.note(kAttack, "could not connect", false);
        std::this_thread::sleep_for(100ms);
        continue;
      }
      while (!stop && s.send(frame)) {
        auto f = s.read_frame(Millis(60'000));
        if (!f) {
          tally.note(kAttack, "no answer within 60 s", false);
          break;
        }
        const bool right = f->opcode == raw::kText &&
                           f->payload.find("INVALID_ARGUMENT") != std::string::npos &&
                           f->payload.find("nested") != std::string::npos &&
                           f->payload.find(R"("requestId":"1")") != std::string::npos;
        tally.note(kAttack,
                   right ? "INVALID_ARGUMENT naming the nesting bound, with its request id"
                         : "other answer: " + f->payload.substr(0, 90),
                   right);
        std::this_thread::sleep_for(20ms);
      }
    }
  });
}

void handshake_holder(const Target& t, Stop& stop, Tally& tally) {
  const char* kAttack = "2 512 handshakes from one address";
  constexpr int kHeld = 512;
  const auto open_one = [&] {
    raw::Socket s(t.port, Millis(2000), 0, "127.0.0.2");
    if (s.is_open()) s.send("GET / HTTP/1.1\r\n", Millis(500));
    return s;
  };
  std::vector<raw::Socket> held;
  for (int i = 0; i < kHeld && !stop; ++i) held.push_back(open_one());
  while (!stop) {
    for (auto& s : held) {
      if (stop) break;
      s.receive_some(Millis(0));
      if (!s.is_open() || s.ended()) {
        s = open_one();
        tally.note(kAttack, "a held handshake dropped by the server, reopened", true);
      }
    }
    std::this_thread::sleep_for(10ms);
  }
}

void handshake_probe(const Target& t, Stop& stop, Tally& tally) {
  const char* kAttack = "2 what the holder must not stop";
  while (!stop) {
    const bool in = greeted(t.port, "127.0.0.3").is_open();
    tally.note(kAttack, in ? "a fresh connection from another address got in" : "one did NOT", in);
    const bool other = raw::http_get(t.port, "/healthz", Millis(3000), "127.0.0.3").first == 200;
    tally.note(kAttack, other ? "/healthz from another address answered 200" : "it did NOT", other);
    const bool own = raw::http_get(t.port, "/healthz", Millis(3000), "127.0.0.2").first == 200;
    tally.note(kAttack, own ? "/healthz from the holder's address answered 200" : "it did NOT",
               own);
    std::this_thread::sleep_for(100ms);
  }
}

void observer_churn(const Target& t, Stop& stop, Tally& tally) {
  const char* kAttack = "3 observers joining and leaving";
  std::mutex mu;
  std::set<std::string> seen;  // every seat id handed out
  on_threads(40, [&](int) {
    raw::Socket s = greeted(t.port, "127.0.0.4");
    if (!s.is_open()) return tally.note(kAttack, "could not connect", false);
    std::uint64_t rid = 1;
    auto tick = Clock::now();
    while (!stop) {
      const auto joined = ask(s, join(++rid, t.watched_room));
      if (joined && joined->has_seated()) {
        bool fresh = false;
        {
          std::lock_guard lock(mu);
          fresh = seen.insert(joined->seated().seat_id()).second;
        }
        v1::ClientMessage leave;
        leave.set_request_id(++rid);
        leave.mutable_leave();
        const auto left = ask(s, leave);
        const bool ok = fresh && left && left->has_left();
        tally.note(kAttack,
                   ok      ? "joined as an observer and left"
                   : fresh ? "leave: " + said(left)
                           : "a seat id handed out twice",
                   ok);
      } else {
        const bool bound = refused_naming(joined, v1::RESOURCE_EXHAUSTED, "--observers-per");
        tally.note(kAttack, bound ? "refused at an observer bound" : "join: " + said(joined),
                   bound);
      }
      tick += 45ms;
      std::this_thread::sleep_until(tick);
    }
  });
}

void observer_hoard(const Target& t, Stop& stop, Tally& tally) {
  const char* kAttack = "3 observers who never leave";
  // On until the phase ends and the bound has been met once, however slow the machine (a server
  // with no bound is left after 1,000 seats).
  std::atomic<bool> refused{false};
  std::atomic<int> tries{0};
  on_threads(8, [&](int) {
    std::uint64_t rid = 1;
    while ((!stop || !refused) && ++tries <= 1000) {
      raw::Socket s = greeted(t.port, "127.0.0.6");
      if (!s.is_open()) {
        tally.note(kAttack, "could not connect", false);
        std::this_thread::sleep_for(100ms);
        continue;
      }
      const auto joined = ask(s, join(++rid, t.hoarded_room));
      if (joined && joined->has_seated()) {
        tally.note(kAttack, "seated, then gone without leaving", true);
        std::this_thread::sleep_for(50ms);
        continue;
      }
      const bool bound = refused_naming(joined, v1::RESOURCE_EXHAUSTED, "--observers-per");
      tally.note(kAttack, bound ? "refused at an observer bound" : "join: " + said(joined), bound);
      refused = true;
      std::this_thread::sleep_for(500ms);
    }
  });
}

void chat_hoard(const Target& t, Stop& stop, Tally& tally) {
  const char* kAttack = "4 one address filling its chat";
  raw::Socket creator = greeted(t.port, "127.0.0.7");
  const auto room = ask(creator, create(2));
  if (!room || !room->has_room()) return tally.note(kAttack, "create: " + said(room), false);
  const std::string invite = room->room().invite_code();
  std::atomic<bool> refused{false};
  constexpr int kSeats = 16;
  on_threads(kSeats + 1, [&](int i) {
    const bool other = i == kSeats;  // another address, chatting meanwhile
    raw::Socket s = greeted(t.port, other ? "127.0.0.8" : "127.0.0.7");
    std::uint64_t rid = 1;
    const auto seated = ask(s, join(++rid, invite));
    if (!seated || !seated->has_seated())
      return tally.note(kAttack, "join: " + said(seated), false);
    const std::string text(other ? 100 : 1000, 'x');
    // The address chats until refused, however slow the machine (a server without the bound
    // refuses it at --chat-per-seat); the other address while the phase lasts.
    while (other ? !stop : !refused) {
      const auto answer = ask(s, chat(++rid, text));
      if (answer && answer->has_command_result()) {
        tally.note(kAttack, other ? "another address's chat taken" : "1,000 bytes of chat taken",
                   true);
      } else if (!other &&
                 refused_naming(answer, v1::RESOURCE_EXHAUSTED, "--chat-bytes-per-address")) {
        refused = true;
        tally.note(kAttack, "refused at the address's total (--chat-bytes-per-address)", true);
      } else {
        tally.note(kAttack, (other ? "another address's chat: " : "chat: ") + said(answer), false);
        if (!other) refused = true;
      }
      std::this_thread::sleep_for(other ? 100ms : 6ms);  // under --rate 200
    }
  });
}

namespace {

// Each of `addresses` (named in X-Forwarded-For) creates `each` rooms on a connection of its own,
// however long the phase; outcomes under `attack`, refusals expected when they name `flag`.
void create_from(const Target& t, Tally& tally, const char* attack,
                 const std::vector<std::string>& addresses, int each, const std::string& flag) {
  on_threads(static_cast<int>(addresses.size()), [&](int i) {
    raw::Socket s = greeted(t.port, "", addresses[static_cast<std::size_t>(i)]);
    if (!s.is_open()) return tally.note(attack, "could not connect", false);
    for (int n = 0; n < each; ++n) {
      const auto answer = ask(s, create(static_cast<std::uint64_t>(n) + 2));
      if (answer && answer->has_room()) {
        tally.note(attack, "created a room", true);
      } else {
        const bool bound = refused_naming(answer, v1::RESOURCE_EXHAUSTED, flag);
        tally.note(attack, bound ? "refused naming " + flag : "create: " + said(answer), bound);
      }
    }
  });
}

}  // namespace

void ipv6_rooms(const Target& t, Stop&, Tally& tally) {
  std::vector<std::string> addresses;
  for (int i = 1; i <= 20; ++i) addresses.push_back("2001:db8:42:7::" + std::to_string(i));
  create_from(t, tally, "5 rooms from one IPv6 /64", addresses, 10, "--rooms-per-address");
}

void range_rooms(const Target& t, Stop&, Tally& tally) {
  std::vector<std::string> addresses;
  for (int i = 1; i <= 12; ++i) addresses.push_back("10.9.8." + std::to_string(i));
  create_from(t, tally, "5 rooms from one IPv4 /24", addresses, 20, "--range-share");
  raw::Socket other = greeted(t.port, "", "192.0.2.77");
  const auto answer = ask(other, create(2));
  const bool made = answer && answer->has_room();
  tally.note("5 rooms from another range", made ? "created a room" : "create: " + said(answer),
             made);
}

void archive_pages(const Target& t, Stop& stop, Tally& tally) {
  const char* kAttack = "6 pages of an archived game";
  on_threads(2, [&](int i) {
    raw::Socket s = greeted(t.port, "127.0.0.9");
    std::mt19937_64 random(static_cast<std::uint64_t>(i) + 1);
    std::uint64_t rid = 1;
    auto tick = Clock::now();
    while (!stop && s.is_open()) {
      v1::ClientMessage m;
      m.set_request_id(++rid);
      m.mutable_get_events()->set_game_id(t.archived_game);
      m.mutable_get_events()->set_from_seq(1 + random() % t.archived_events);
      const auto answer = ask(s, m, Millis(30'000));
      const bool page =
          answer && answer->has_event_list() && answer->event_list().events_size() > 0;
      tally.note(kAttack, page ? "a page of events" : "get_events: " + said(answer), page);
      tick += 40ms;
      std::this_thread::sleep_until(tick);
    }
  });
}

}  // namespace grognard::f5
