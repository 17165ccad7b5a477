#pragma once
// Webhooks (docs/accounts.md, "Webhooks"): a player gives a URL and a secret, and the server
// POSTs JSON notifications to it, signed with that secret. A webhook must not be a way into the
// operator's network: the URL is https:// to a host whose every address is public, unless the
// operator allows the host by name or its addresses by range (--webhook-allow,
// docs/operations.md "Webhooks"); the host is looked up once and the connection pinned to the
// addresses checked (no second look-up, so no DNS rebinding); redirects are not followed; no
// proxy is used; the whole call and the answer's size are bounded.
//
// Errors: INVALID_ARGUMENT (clause "notify.webhook") for a URL or an allow-list that is not
// accepted, PERMISSION_DENIED for an address refused, FAILED_PRECONDITION for a receiver that
// could not be reached or did not answer 2xx in time. Every message names the URL's host.
//
// Thread-safety: the functions are pure but for their use of libcurl and libsodium, which they
// initialise once; WebhookSender::post() may be called from several threads at once (each call
// has its own handle) and blocks for up to the policy's timeout, so it runs on a thread of its
// own, never on a network thread.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"
#include "notify/address_policy.h"

namespace grognard::notify {

struct WebhookPolicy {
  std::vector<std::string> allow;              // the operator's allow-list (address_policy.h)
  std::chrono::milliseconds timeout{10'000};   // the whole call: resolve, connect, send, answer
  std::size_t max_response_bytes = 64 * 1024;  // more is cut off and the call fails
};

// Parses the allow-list entries; an error names the bad entry.
engine::Status check_policy(const WebhookPolicy& policy);

// Checks a URL a player gave before it is stored (no DNS lookup): https:// (or http:// only when
// its host is named in the allow-list, or is an address a listed range holds), a host, an
// optional port, no user:password@, no fragment, at most 2000 bytes, printable ASCII. An error
// (INVALID_ARGUMENT, clause "notify.webhook") says what is wrong and what is accepted. Returns
// the URL as it will be used (scheme and host in lower case).
engine::Result<std::string> check_webhook_url(std::string_view url, const WebhookPolicy& policy);

// The signature header's value: "sha256=" + lowercase hex HMAC-SHA256(secret,
// to_string(timestamp_s) + "." + body).
std::string webhook_signature(std::string_view secret, std::int64_t timestamp_s,
                              std::string_view body);

struct WebhookCall {
  std::string url;
  std::string secret;
  std::string key;           // the idempotency key: same notification, same key, every attempt
  std::string body;          // JSON
  std::int64_t timestamp_s;  // when this attempt is made
};

class WebhookPoster {  // what the dispatcher calls; tests fake it
 public:
  virtual ~WebhookPoster() = default;
  // Ok: the receiver answered 2xx. Else an error whose message a player can read, naming the
  // URL's host and what went wrong ("hooks.example.org answered 500", "hooks.example.org
  // resolves to 10.0.0.7, a private address: refused", "no answer from hooks.example.org within
  // 10 s").
  virtual engine::Status post(const WebhookCall& call) = 0;
};

class WebhookSender final : public WebhookPoster {
 public:
  // When check_policy(policy) fails, every post() fails with its error.
  explicit WebhookSender(WebhookPolicy policy);
  // Checks the URL again, looks its host up once, refuses unless every address is public or
  // allowed, and POSTs to the addresses checked, with the headers Content-Type,
  // User-Agent: Grognard, Idempotency-Key, X-Grognard-Timestamp and X-Grognard-Signature.
  engine::Status post(const WebhookCall& call) override;  // thread-safe

 private:
  const WebhookPolicy policy_;
  const engine::Result<AllowList> allow_;
};

}  // namespace grognard::notify
