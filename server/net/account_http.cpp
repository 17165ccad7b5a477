// Accounts over HTTP (net/account_http.h): the browser's log-in, its session cookie, the
// Origin check, and the WebSocket session logged in by that cookie.
#include "net/account_http.h"

#include <algorithm>
#include <cctype>

#include <google/protobuf/util/json_util.h>
#include <spdlog/spdlog.h>
#include <boost/asio/async_result.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "engine/utf8.h"
#include "grognard/v1/protocol.pb.h"
#include "net/account_http_peer.h"
#include "net/session_impl.h"
#include "room/messages.h"

namespace grognard::net {

namespace {

namespace asio = boost::asio;
namespace http = boost::beast::http;
using detail::HttpPeer;
using detail::on_desk;

// What a browser keeps the cookie for; the session itself lasts until it is logged out.
constexpr int kCookieSeconds = 180 * 24 * 3600;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

http::status status_of(v1::Code code) {
  switch (code) {
    case v1::UNAUTHENTICATED:
      return http::status::unauthorized;
    case v1::PERMISSION_DENIED:
      return http::status::forbidden;
    case v1::NOT_FOUND:
      return http::status::not_found;
    case v1::RESOURCE_EXHAUSTED:
      return http::status::too_many_requests;
    case v1::UNAVAILABLE:
      return http::status::service_unavailable;
    case v1::FAILED_PRECONDITION:
      return http::status::conflict;
    default:
      return http::status::bad_request;
  }
}

std::string json_of(const google::protobuf::Message& m) {
  google::protobuf::util::JsonPrintOptions options;
  options.always_print_primitive_fields = true;
  std::string out;
  (void)google::protobuf::util::MessageToJsonString(m, &out, options);
  return out + "\n";
}

HttpResponse json_response(const HttpRequest& request, http::status status,
                           const google::protobuf::Message& body) {
  HttpResponse r = text_response(request, status, json_of(body), "application/json");
  r.set(http::field::cache_control, "no-store");
  return r;
}

// The protocol's answer (AccountState or Error) as HTTP: 200, or the error's status.
HttpResponse answer_response(const HttpRequest& request, const v1::ServerMessage& answer) {
  if (answer.has_error()) {
    return json_response(request, status_of(answer.error().code()), answer.error());
  }
  if (answer.has_account_notice()) {
    return json_response(request, http::status::ok, answer.account_notice());
  }
  return json_response(request, http::status::ok, answer.account());
}

std::string cookie_header(const std::string& token, bool https) {
  std::string c = std::string(kSessionCookie) + "=" + token +
                  "; Path=/; HttpOnly; SameSite=Strict; Max-Age=" +
                  (token.empty() ? "0" : std::to_string(kCookieSeconds));
  return https ? c + "; Secure" : c;
}

// The ClientMessage a POST's JSON body makes, or why not.
std::optional<std::string> parse_body(std::string_view path, const std::string& body,
                                      v1::ClientMessage* out) {
  google::protobuf::Message* m = out->mutable_log_out();
  if (path == "/account/register") m = out->mutable_register_account();
  if (path == "/account/login") m = out->mutable_log_in();
  if (path == "/account/email") m = out->mutable_set_email();
  if (path == "/account/reset-request") m = out->mutable_request_password_reset();
  if (path == "/account/reset") m = out->mutable_reset_password();
  if (body.empty() && path == "/account/logout") return std::nullopt;
  const auto st = google::protobuf::util::JsonStringToMessage(body, m);
  if (!st.ok()) return "the body is not the JSON of a " + m->GetTypeName() + ": " + st.ToString();
  if (path == "/account/login" && !out->log_in().session_token().empty()) {
    return "the browser logs in by name and password; its session is a cookie";
  }
  return std::nullopt;
}

}  // namespace

std::string session_cookie(const HttpRequest& request) {
  std::string_view header = request[http::field::cookie];
  const std::string name = std::string(kSessionCookie) + "=";
  while (!header.empty()) {
    const auto semi = header.find(';');
    std::string_view pair = header.substr(0, semi);
    while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
    if (pair.starts_with(name)) return std::string(pair.substr(name.size()));
    if (semi == std::string_view::npos) break;
    header.remove_prefix(semi + 1);
  }
  return {};
}

std::optional<std::string> foreign_origin(const HttpRequest& request, bool https) {
  const std::string_view origin = request[http::field::origin];
  if (origin.empty()) return std::nullopt;
  // The whole origin: scheme, host and port. A page on another port of the same host, or on
  // plain http beside https, is another origin (and may be the same "site" for SameSite).
  const std::string own = std::string(https ? "https://" : "http://") +
                          lower(std::string_view(request[http::field::host]));
  if (!own.ends_with("://") && lower(origin) == own) return std::nullopt;
  return "a page of another origin (Origin " + engine::shown(origin) +
         ") may not act with this server's session cookie (this server is " + engine::shown(own) +
         ")";
}

bool account_path(const HttpRequest& request) {
  std::string_view path(request.target().data(), request.target().size());
  path = path.substr(0, path.find('?'));
  // GET /account/reset is the web client's page where a reset link lands.
  if (path == "/account/reset" && request.method() == http::verb::get) return false;
  return path == "/account" || path.starts_with("/account/");
}

asio::awaitable<HttpResponse> account_response(const HttpRequest& request, Hub& hub,
                                               const ClientAddress& client) {
  std::string_view path(request.target().data(), request.target().size());
  path = path.substr(0, path.find('?'));
  if (path == "/account/confirm" && request.method() == http::verb::get) {
    co_return co_await confirm_page(request, hub, client);
  }
  const bool get = path == "/account";
  const bool post = path == "/account/register" || path == "/account/login" ||
                    path == "/account/logout" || path == "/account/email" ||
                    path == "/account/reset-request" || path == "/account/reset";
  if (!get && !post) co_return text_response(request, http::status::not_found, "not found\n");
  if ((get && request.method() != http::verb::get) ||
      (post && request.method() != http::verb::post)) {
    HttpResponse r =
        text_response(request, http::status::method_not_allowed, "method not allowed\n");
    r.set(http::field::allow, get ? "GET" : "POST");
    co_return r;
  }
  v1::ClientMessage message;
  if (get) message.mutable_who_am_i();
  if (auto why = post ? parse_body(path, request.body(), &message) : std::nullopt) {
    co_return json_response(request, http::status::bad_request,
                            room::error_message(0, v1::INVALID_ARGUMENT, "", *why)->error());
  }
  if (auto why = foreign_origin(request, client.https)) {
    hub.metrics.connection_refused("cross_origin");
    hub.refusals.note("cross-origin", client.address, std::string(path) + ": " + *why);
    co_return json_response(
        request, http::status::forbidden,
        room::error_message(0, v1::PERMISSION_DENIED, "accounts.origin", *why)->error());
  }
  const std::string before = session_cookie(request);
  auto peer = std::make_shared<HttpPeer>(client, before);
  AccountDesk& desk = hub.desk;
  const std::function<bool(accounts::Accounts&)> work =
      [&desk, peer, message, before,
       logout = path == "/account/logout"](accounts::Accounts& accounts) {
        // Logging out ends the cookie's session, and logs out the connections it opened.
        if (logout && !before.empty()) {
          if (auto found = accounts.whoami(before, desk.now()); found.ok()) {
            peer->set_account(account_ref(*found), before);
          }
        }
        desk.answer(peer, message, accounts);
        return true;
      };
  const std::optional<bool> answered = co_await on_desk<bool>(desk, work);
  const auto answer = peer->answer();
  if (!answered || !answer) {
    co_return json_response(
        request, http::status::service_unavailable,
        room::error_message(0, v1::UNAVAILABLE, "accounts",
                            desk.enabled() ? "the server is busy logging others in: try again"
                                           : "this server keeps no accounts")
            ->error());
  }
  v1::ServerMessage reply = *answer;
  // The cookie carries the token, never a script.
  if (reply.has_account()) reply.mutable_account()->clear_session_token();
  HttpResponse response = answer_response(request, reply);
  const std::string after = peer->session_token();
  if (after != before && (!after.empty() || !before.empty())) {
    response.set(http::field::set_cookie, cookie_header(after, client.https));
  }
  co_return response;
}

namespace detail {

asio::awaitable<void> Session::log_in_by_cookie(const HttpRequest& request) {
  std::string token = session_cookie(request);
  if (token.empty() || !hub_->desk.enabled()) co_return;
  AccountDesk& desk = hub_->desk;
  // Logged in on the desk's thread, in turn with the sessions ended there: a log-out everywhere
  // queued after this log-in finds it logged in.
  const std::function<engine::Result<accounts::Account>(accounts::Accounts&)> work =
      [token, &desk, self = shared_from_this()](accounts::Accounts& a) {
        auto found = a.whoami(token, desk.now());
        if (found.ok()) self->set_account(account_ref(*found), token);
        return found;
      };
  auto found = co_await on_desk<engine::Result<accounts::Account>>(desk, work);
  if (!found || !found->ok()) {
    spdlog::info("{}: its session cookie opens no session: not logged in", name_);
    co_return;
  }
  spdlog::info("{}: logged in as {} (#{}) by its session cookie", name_, (*found)->name,
               (*found)->id);
}

}  // namespace detail

}  // namespace grognard::net
