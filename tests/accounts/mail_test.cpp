// The mail module (server/mail/): the message SMTP carries, and the queue that sends on a thread
// of its own, bounded, counting each result.

#include <catch2/catch.hpp>

#include <atomic>
#include <condition_variable>

#include "fake_mailer.h"
#include "mail/mail_queue.h"
#include "mail/smtp_mailer.h"

using namespace grognard;
using namespace grognard::mail;

namespace {

// A mailer that waits until it is let go, then fails or succeeds.
struct GatedMailer final : Mailer {
  engine::Status send(const Mail&) override {
    std::unique_lock lock(mu);
    open.wait(lock, [this] { return released; });
    ++calls;
    if (fail) return engine::invalid("refused");
    return engine::ok_status();
  }
  void release() {
    std::lock_guard lock(mu);
    released = true;
    open.notify_all();
  }
  std::mutex mu;
  std::condition_variable open;
  bool released = false;
  bool fail = false;
  int calls = 0;
};

}  // namespace

TEST_CASE("the SMTP message has its headers, a blank line and CRLF lines", "[mail]") {
  const Mail m{"anna@example.org", "Confirm", "line one\nline two\n"};
  auto text = smtp_message(m, "Grognard <games@example.org>", "Mon, 07 Dec 2026 21:00:00 +0000");
  REQUIRE(text.ok());
  CHECK(text->find("From: Grognard <games@example.org>\r\n") != std::string::npos);
  CHECK(text->find("To: <anna@example.org>\r\n") != std::string::npos);
  CHECK(text->find("Subject: Confirm\r\n") != std::string::npos);
  CHECK(text->ends_with("\r\n\r\nline one\r\nline two\r\n"));
  CHECK(envelope_address("Grognard <games@example.org>") == "games@example.org");
  CHECK(envelope_address("games@example.org") == "games@example.org");
  // A header that would start another header is refused.
  CHECK_FALSE(smtp_message({"a@b\r\nBcc: x@y", "s", "b"}, "g@example.org", "d").ok());
  CHECK_FALSE(smtp_message({"a@b", "s\nBcc: x@y", "b"}, "g@example.org", "d").ok());
}

TEST_CASE("the SMTP options say what is wrong with them", "[mail]") {
  SmtpOptions o;
  o.url = "http://mail.example.org";
  o.from = "games@example.org";
  auto st = check_smtp_options(o);
  REQUIRE_FALSE(st.ok());
  CHECK(st.error().message.find("smtp://") != std::string::npos);
  o.url = "smtps://mail.example.org:465";
  CHECK(check_smtp_options(o).ok());
  o.from = "no address";
  CHECK(check_smtp_options(o).error().message.find("--smtp-from") != std::string::npos);
}

TEST_CASE("the mail queue sends on its own thread, refuses past its bound, counts each result",
          "[mail]") {
  GatedMailer out;
  std::mutex mu;
  std::vector<std::string> results;
  {
    MailQueue queue(out, 2, [&](std::string_view r) {
      std::lock_guard lock(mu);
      results.emplace_back(r);
    });
    // The first is taken by the thread (which waits at the gate), two more wait in the queue;
    // send() never waits for the relay.
    REQUIRE(queue.send({"a@example.org", "1", "x"}).ok());
    for (int i = 0; i < 200 && out.calls == 0; ++i) {
      std::lock_guard lock(mu);  // give the thread its turn
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    REQUIRE(queue.send({"b@example.org", "2", "x"}).ok());
    REQUIRE(queue.send({"c@example.org", "3", "x"}).ok());
    auto full = queue.send({"d@example.org", "4", "x"});
    REQUIRE_FALSE(full.ok());
    CHECK(full.error().clause == "mail.queue-full");
    out.release();
    queue.drain();
  }
  CHECK(out.calls == 3);
  std::lock_guard lock(mu);
  CHECK(std::count(results.begin(), results.end(), "sent") == 3);
  CHECK(std::count(results.begin(), results.end(), "dropped") == 1);
}

TEST_CASE("a mail the relay refuses is counted failed", "[mail]") {
  GatedMailer out;
  out.fail = true;
  out.release();
  std::atomic<int> failed{0};
  MailQueue queue(out, 4, [&](std::string_view r) { failed += r == "failed"; });
  REQUIRE(queue.send({"a@example.org", "1", "x"}).ok());
  queue.drain();
  CHECK(failed == 1);
}
