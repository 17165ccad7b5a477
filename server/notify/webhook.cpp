#include "notify/webhook.h"

#include <curl/curl.h>
#include <netdb.h>
#include <sodium.h>
#include <sys/socket.h>

#include <algorithm>
#include <charconv>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace grognard::notify {
namespace {

constexpr std::size_t kMaxUrlBytes = 2000;
constexpr const char* kClause = "notify.webhook";
constexpr const char* kAccepted =
    "a webhook URL is https://HOST[:PORT][/PATH][?QUERY], at most 2000 bytes of printable "
    "ASCII without spaces";

engine::Error url_error(const std::string& what) {
  return engine::Error{engine::ErrorCode::kInvalidArgument, kClause,
                       "the webhook URL " + what + "; " + kAccepted};
}

engine::Error refused(std::string message) {
  return engine::Error{engine::ErrorCode::kPermissionDenied, kClause, std::move(message)};
}

engine::Error failed(std::string message) {
  return engine::Error{engine::ErrorCode::kFailedPrecondition, kClause, std::move(message)};
}

// A checked URL and its parts.
struct Target {
  std::string url;  // as it will be used
  bool https = true;
  std::string host;                  // lower case; an IPv6 address without its brackets
  std::string shown;                 // the host as messages name it: "[::1]" for IPv6
  std::optional<IpAddress> literal;  // the host, when it is an address
  std::uint16_t port = 443;
};

engine::Result<Target> parse_target(std::string_view url, const AllowList& allow) {
  if (url.empty()) return url_error("is empty");
  if (url.size() > kMaxUrlBytes) {
    return url_error("is " + std::to_string(url.size()) + " bytes long");
  }
  for (std::size_t i = 0; i < url.size(); ++i) {
    const auto c = static_cast<unsigned char>(url[i]);
    if (c <= 0x20 || c >= 0x7f) {
      return url_error(
          "holds a space, a control character or a character that is not ASCII "
          "(at byte " +
          std::to_string(i + 1) + ")");
    }
  }
  if (url.find('\\') != std::string_view::npos) return url_error("holds a backslash");
  if (url.find('#') != std::string_view::npos) {
    return url_error("has a fragment (#...), which is never sent");
  }
  Target t;
  const auto colon_slashes = url.find("://");
  const std::string scheme =
      ascii_lower(url.substr(0, colon_slashes == std::string_view::npos ? 0 : colon_slashes));
  if (scheme == "http") {
    t.https = false;
    t.port = 80;
  } else if (scheme != "https") {
    return url_error("does not begin with https://");
  }
  const std::string_view rest = url.substr(colon_slashes + 3);
  const auto authority_end = rest.find_first_of("/?");
  const std::string_view authority = rest.substr(0, authority_end);
  const std::string_view path =
      authority_end == std::string_view::npos ? std::string_view() : rest.substr(authority_end);
  if (authority.find('@') != std::string_view::npos) {
    return url_error("holds a user name or a password (user:password@), which is never sent");
  }
  std::string_view host = authority;
  std::optional<std::string_view> port;
  if (authority.starts_with('[')) {
    const auto close = authority.find(']');
    if (close == std::string_view::npos) return url_error("has a '[' without its ']'");
    host = authority.substr(1, close - 1);
    const std::string_view after = authority.substr(close + 1);
    if (!after.empty()) {
      if (!after.starts_with(':')) return url_error("has something between ']' and the port");
      port = after.substr(1);
    }
    t.literal = IpAddress::parse(host);
    if (!t.literal || !t.literal->v6) {
      return url_error("has a host in brackets that is not an IPv6 address");
    }
  } else {
    const auto colon = authority.find(':');
    if (colon != std::string_view::npos) {
      host = authority.substr(0, colon);
      port = authority.substr(colon + 1);
    }
    if (host.empty()) return url_error("has no host");
    t.literal = IpAddress::parse(host);
    if (!t.literal && !is_host_name(host)) {
      return url_error(
          "has a host that is neither a name (hooks.example.org) nor an address "
          "written as four decimal numbers (203.0.113.7) or in brackets ([2001:db8::7])");
    }
  }
  if (port) {
    int n = 0;
    const auto [end, ec] = std::from_chars(port->data(), port->data() + port->size(), n);
    if (port->empty() || port->size() > 5 || ec != std::errc() ||
        end != port->data() + port->size() || n < 1 || n > 65535) {
      return url_error("has a port that is not a number from 1 to 65535");
    }
    t.port = static_cast<std::uint16_t>(n);
  }
  t.host = t.literal ? t.literal->to_string() : ascii_lower(host);
  // "hooks.example.org." is "hooks.example.org": one spelling, so that the pinned addresses are
  // the ones libcurl finds for the name it connects to.
  if (t.host.ends_with('.')) t.host.pop_back();
  t.shown = t.literal && t.literal->v6 ? "[" + t.host + "]" : t.host;
  if (!t.https && !allow.names(t.host) && !(t.literal && allow.holds(*t.literal))) {
    return url_error(
        "uses http://, which only the hosts the server's operator allows may use: "
        "use https://");
  }
  t.url = scheme + "://" + t.shown + (port ? ":" + std::to_string(t.port) : "") + std::string(path);
  return t;
}

// Whether libcurl reads the same host in `t.url` as parse_target() did: the addresses checked
// are those of the host libcurl connects to and names in its request.
bool curl_agrees(const Target& t) {
  std::unique_ptr<CURLU, decltype(&curl_url_cleanup)> u(curl_url(), curl_url_cleanup);
  if (!u || curl_url_set(u.get(), CURLUPART_URL, t.url.c_str(), 0) != CURLUE_OK) return false;
  char* host = nullptr;
  if (curl_url_get(u.get(), CURLUPART_HOST, &host, 0) != CURLUE_OK) return false;
  const bool same = ascii_lower(host) == t.shown;
  curl_free(host);
  return same;
}

// "10 s", "1.5 s", "0.25 s".
std::string seconds(std::chrono::milliseconds d) {
  if (d.count() % 1000 == 0) return std::to_string(d.count() / 1000) + " s";
  char out[32];
  std::snprintf(out, sizeof out, "%g s", static_cast<double>(d.count()) / 1000.0);
  return out;
}

// "64 KiB", "1000 bytes".
std::string size_text(std::size_t bytes) {
  if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes / 1024) + " KiB";
  return std::to_string(bytes) + " bytes";
}

// One look-up on a thread of its own, so that the caller can stop waiting for it at its
// deadline: getaddrinfo() itself cannot be bounded. A look-up given up on ends by itself.
struct Lookup {
  std::mutex mu;
  std::condition_variable done_cv;
  bool done = false;
  int rc = 0;
  std::vector<IpAddress> addresses;
};

engine::Result<std::vector<IpAddress>> look_up(const Target& t,
                                               std::chrono::steady_clock::time_point deadline,
                                               std::chrono::milliseconds bound) {
  auto lookup = std::make_shared<Lookup>();
  try {
    std::thread([lookup, host = t.host, port = std::to_string(t.port)] {
      addrinfo hints{};
      hints.ai_family = AF_UNSPEC;
      hints.ai_socktype = SOCK_STREAM;
      addrinfo* found = nullptr;
      const int rc = getaddrinfo(host.c_str(), port.c_str(), &hints, &found);
      std::vector<IpAddress> addresses;
      for (const addrinfo* a = found; rc == 0 && a != nullptr; a = a->ai_next) {
        const auto address = IpAddress::from_sockaddr(a->ai_addr);
        if (address && std::find(addresses.begin(), addresses.end(), *address) == addresses.end()) {
          addresses.push_back(*address);
        }
      }
      if (found != nullptr) freeaddrinfo(found);
      std::lock_guard lock(lookup->mu);
      lookup->rc = rc;
      lookup->addresses = std::move(addresses);
      lookup->done = true;
      lookup->done_cv.notify_all();
    }).detach();
  } catch (const std::system_error&) {
    return failed(t.shown + " could not be looked up: the server has no thread to spare");
  }
  std::unique_lock lock(lookup->mu);
  if (!lookup->done_cv.wait_until(lock, deadline, [&] { return lookup->done; })) {
    return failed("no answer from the name servers for " + t.shown + " within " + seconds(bound));
  }
  if (lookup->rc == EAI_NONAME || lookup->rc == EAI_NODATA) {
    return failed(t.shown + " is not a known host name");
  }
  if (lookup->rc != 0) {
    return failed(t.shown + " could not be looked up: " + gai_strerror(lookup->rc));
  }
  if (lookup->addresses.empty()) return failed(t.shown + " has no IPv4 or IPv6 address");
  return std::move(lookup->addresses);
}

// The connection's addresses as libcurl's CURLOPT_RESOLVE takes them: "host:port:a,[b]".
std::string pinned(const Target& t, const std::vector<IpAddress>& addresses) {
  std::string out = t.host + ":" + std::to_string(t.port) + ":";
  for (std::size_t i = 0; i < addresses.size(); ++i) {
    if (i > 0) out += ',';
    out += addresses[i].v6 ? "[" + addresses[i].to_string() + "]" : addresses[i].to_string();
  }
  return out;
}

// What libcurl's callbacks see of one call.
struct Exchange {
  const std::vector<IpAddress>* checked = nullptr;  // the only addresses it may connect to
  std::optional<IpAddress> stray;                   // one it tried that was not checked
  std::size_t limit = 0;
  std::size_t received = 0;
  bool too_big = false;
};

std::size_t take_answer(char*, std::size_t size, std::size_t count, void* user) {
  auto* x = static_cast<Exchange*>(user);
  x->received += size * count;
  if (x->received > x->limit) {
    x->too_big = true;
    return 0;  // libcurl stops with CURLE_WRITE_ERROR
  }
  return size * count;
}

// Every socket libcurl opens: only to an address that was checked. The pinning makes any other
// impossible; this makes sure of it.
curl_socket_t open_socket(void* user, curlsocktype, curl_sockaddr* address) {
  auto* x = static_cast<Exchange*>(user);
  sockaddr_storage storage{};
  std::memcpy(&storage, &address->addr, std::min<std::size_t>(address->addrlen, sizeof storage));
  const auto to = IpAddress::from_sockaddr(storage);
  if (!to || std::find(x->checked->begin(), x->checked->end(), *to) == x->checked->end()) {
    if (to) x->stray = *to;
    return CURL_SOCKET_BAD;
  }
  return socket(address->family, address->socktype, address->protocol);
}

void start_libraries() {
  static std::once_flag once;
  std::call_once(once, [] {
    curl_global_init(CURL_GLOBAL_DEFAULT);
    if (sodium_init() < 0) std::abort();
  });
}

// A header line, refused when its value could end the line.
engine::Result<std::string> header(const std::string& name, const std::string& value) {
  for (char c : value) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7f) {
      return engine::invalid("the webhook's " + name + " holds a character that is not printable");
    }
  }
  return name + ": " + value;
}

}  // namespace

engine::Status check_policy(const WebhookPolicy& policy) {
  const auto allow = AllowList::parse(policy.allow);
  if (!allow) return allow.error();
  return engine::ok_status();
}

engine::Result<std::string> check_webhook_url(std::string_view url, const WebhookPolicy& policy) {
  const auto allow = AllowList::parse(policy.allow);
  if (!allow) return allow.error();
  auto target = parse_target(url, *allow);
  if (!target) return target.error();
  return std::move(target->url);
}

std::string webhook_signature(std::string_view secret, std::int64_t timestamp_s,
                              std::string_view body) {
  start_libraries();
  static const unsigned char kNothing = 0;
  const auto bytes = [](std::string_view s) {
    return s.empty() ? &kNothing : reinterpret_cast<const unsigned char*>(s.data());
  };
  const std::string signed_prefix = std::to_string(timestamp_s) + ".";
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, bytes(secret), secret.size());
  crypto_auth_hmacsha256_update(&state, bytes(signed_prefix), signed_prefix.size());
  crypto_auth_hmacsha256_update(&state, bytes(body), body.size());
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_final(&state, mac);
  char hex[2 * crypto_auth_hmacsha256_BYTES + 1];
  sodium_bin2hex(hex, sizeof hex, mac, sizeof mac);
  return "sha256=" + std::string(hex);
}

WebhookSender::WebhookSender(WebhookPolicy policy)
    : policy_(std::move(policy)), allow_(AllowList::parse(policy_.allow)) {
  start_libraries();
}

engine::Status WebhookSender::post(const WebhookCall& call) {
  const auto deadline = std::chrono::steady_clock::now() + policy_.timeout;
  if (!allow_) return allow_.error();
  const auto target = parse_target(call.url, *allow_);
  if (!target) return target.error();
  const Target& t = *target;
  if (call.key.empty()) return engine::invalid("the webhook's idempotency key is empty");
  if (!curl_agrees(t)) return url_error("has a host that cannot be read without doubt");

  // Looked up once; every address checked; the connection pinned to them.
  std::vector<IpAddress> addresses;
  if (t.literal) {
    addresses.push_back(*t.literal);
  } else {
    auto found = look_up(t, deadline, policy_.timeout);
    if (!found) return found.error();
    addresses = std::move(*found);
  }
  const bool named = allow_->names(t.host);
  for (const IpAddress& a : addresses) {
    if (named || allow_->holds(a)) continue;
    const std::string what =
        t.literal ? t.shown + " is " : t.shown + " resolves to " + a.to_string() + ", ";
    if (!t.https) {
      return refused(what +
                     "an address the server's operator does not allow: refused "
                     "(http:// only to the hosts allowed)");
    }
    if (const auto why = why_not_public(a)) return refused(what + *why + ": refused");
  }

  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
      deadline - std::chrono::steady_clock::now());
  if (left.count() <= 0) {
    return failed("no answer from " + t.shown + " within " + seconds(policy_.timeout));
  }

  std::vector<std::string> lines;
  for (const auto& h : {header("Content-Type", "application/json"),
                        header("User-Agent", "Grognard"), header("Idempotency-Key", call.key),
                        header("X-Grognard-Timestamp", std::to_string(call.timestamp_s)),
                        header("X-Grognard-Signature",
                               webhook_signature(call.secret, call.timestamp_s, call.body))}) {
    if (!h) return h.error();
    lines.push_back(*h);
  }
  lines.emplace_back("Expect:");  // no wait for "100 Continue" before a larger body

  using Slist = std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)>;
  Slist headers(nullptr, curl_slist_free_all);
  for (const std::string& line : lines) {
    curl_slist* more = curl_slist_append(headers.get(), line.c_str());
    if (more == nullptr) return failed("the server could not prepare the call to " + t.shown);
    headers.release();
    headers.reset(more);
  }
  Slist resolve(nullptr, curl_slist_free_all);
  if (!t.literal) {
    resolve.reset(curl_slist_append(nullptr, pinned(t, addresses).c_str()));
    if (!resolve) return failed("the server could not prepare the call to " + t.shown);
  }
  std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) return failed("the server could not prepare the call to " + t.shown);
  Exchange x;
  x.checked = &addresses;
  x.limit = policy_.max_response_bytes;
  CURL* c = curl.get();
  const char* protocols = t.https ? "https" : "http,https";
  curl_easy_setopt(c, CURLOPT_URL, t.url.c_str());
  curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, protocols);
  curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, protocols);
  curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 0L);
  if (resolve) curl_easy_setopt(c, CURLOPT_RESOLVE, resolve.get());
  curl_easy_setopt(c, CURLOPT_OPENSOCKETFUNCTION, open_socket);
  curl_easy_setopt(c, CURLOPT_OPENSOCKETDATA, &x);
  curl_easy_setopt(c, CURLOPT_NOPROXY, "*");
  curl_easy_setopt(c, CURLOPT_PROXY, "");
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, static_cast<long>(left.count()));
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(left.count()));
  curl_easy_setopt(c, CURLOPT_SSL_VERIFYPEER, 1L);
  curl_easy_setopt(c, CURLOPT_SSL_VERIFYHOST, 2L);
  curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(c, CURLOPT_POST, 1L);
  curl_easy_setopt(c, CURLOPT_POSTFIELDS, call.body.c_str());
  curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(call.body.size()));
  curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, take_answer);
  curl_easy_setopt(c, CURLOPT_WRITEDATA, &x);
  const CURLcode rc = curl_easy_perform(c);
  long status = 0;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &status);

  if (x.stray) {
    return refused("the connection to " + t.shown + " went to " + x.stray->to_string() +
                   ", an address that was not checked: refused");
  }
  if (x.too_big) {
    return failed(t.shown + " answered with more than " + size_text(policy_.max_response_bytes) +
                  ": cut off");
  }
  if (rc == CURLE_OPERATION_TIMEDOUT) {
    return failed("no answer from " + t.shown + " within " + seconds(policy_.timeout));
  }
  if (rc != CURLE_OK && status >= 200 && status < 300) {
    // The answer's status came, then the connection failed: not delivered for sure.
    return failed(t.shown + " answered " + std::to_string(status) +
                  " but the answer was cut: " + curl_easy_strerror(rc));
  }
  if (rc == CURLE_COULDNT_CONNECT) {
    return failed(t.shown + " did not take the connection (port " + std::to_string(t.port) + ")");
  }
  if (rc == CURLE_PEER_FAILED_VERIFICATION) {
    return failed(t.shown + "'s TLS certificate is not valid for it");
  }
  if (rc == CURLE_SSL_CONNECT_ERROR) return failed("TLS with " + t.shown + " failed");
  if (rc == CURLE_GOT_NOTHING) return failed(t.shown + " closed the connection without answering");
  if (rc != CURLE_OK) {
    return failed(t.shown + " could not be reached: " + curl_easy_strerror(rc));
  }
  if (status >= 200 && status < 300) return engine::ok_status();
  if (status >= 300 && status < 400) {
    return failed(t.shown + " answered " + std::to_string(status) +
                  ", a redirect: redirects are not followed");
  }
  return failed(t.shown + " answered " + std::to_string(status));
}

}  // namespace grognard::notify
