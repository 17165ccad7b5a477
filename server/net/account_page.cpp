// GET /account/confirm?token=… (net/account_http.h): where a confirmation mail's link lands.
// The token is the desk's ConfirmEmail; the answer a small page that needs no script.
#include <cctype>

#include "grognard/v1/protocol.pb.h"
#include "net/account_http.h"
#include "net/account_http_peer.h"
#include "net/hub.h"
#include "site/pages.h"

namespace grognard::net {

namespace {

namespace http = boost::beast::http;

// The value of `name` in the request's query string, as it is (a token is base64url: nothing
// to decode); empty when absent.
std::string query_value(const HttpRequest& request, std::string_view name) {
  std::string_view target(request.target().data(), request.target().size());
  const auto q = target.find('?');
  if (q == std::string_view::npos) return {};
  std::string_view rest = target.substr(q + 1);
  while (!rest.empty()) {
    const auto amp = rest.find('&');
    const std::string_view pair = rest.substr(0, amp);
    if (pair.size() > name.size() && pair.starts_with(name) && pair[name.size()] == '=') {
      return std::string(pair.substr(name.size() + 1));
    }
    if (amp == std::string_view::npos) break;
    rest.remove_prefix(amp + 1);
  }
  return {};
}

HttpResponse page(const HttpRequest& request, http::status status, std::string_view title,
                  std::string_view text) {
  const std::string body =
      "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, "
      "initial-scale=1\">\n<title>Grognard: " +
      site::escape_html(title) +
      "</title>\n<link rel=\"stylesheet\" href=\"/style.css\">\n</head>\n<body>\n<main "
      "id=\"app\">\n<section class=\"page-msg\" id=\"email-confirm\">\n<h1>" +
      site::escape_html(title) + "</h1>\n<p>" + site::escape_html(text) +
      "</p>\n<p><a href=\"/\">Go to the lobby</a>.</p>\n</section>\n</main>\n</body>\n</html>\n";
  HttpResponse r = text_response(request, status, body, "text/html; charset=utf-8");
  // The token is in this page's address: no referrer, no cache.
  for (const auto& [name, value] : site::security_headers("default-src 'self'")) {
    r.set(name, value);
  }
  r.set(http::field::cache_control, "no-store");
  return r;
}

}  // namespace

boost::asio::awaitable<HttpResponse> confirm_page(const HttpRequest& request, Hub& hub,
                                                  const ClientAddress& client) {
  v1::ClientMessage message;
  message.mutable_confirm_email()->set_token(query_value(request, "token"));
  auto peer = std::make_shared<detail::HttpPeer>(client, session_cookie(request));
  AccountDesk& desk = hub.desk;
  const std::function<bool(accounts::Accounts&)> work = [&desk, peer,
                                                         message](accounts::Accounts& accounts) {
    desk.answer(peer, message, accounts);
    return true;
  };
  const std::optional<bool> answered = co_await detail::on_desk<bool>(desk, work);
  const auto answer = peer->answer();
  if (!answered || !answer) {
    co_return page(request, http::status::service_unavailable, "Try again",
                   desk.enabled() ? "The server is busy: open the link again in a moment."
                                  : "This server keeps no accounts.");
  }
  if (answer->has_error()) {
    std::string why = answer->error().message();
    if (!why.empty()) why[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(why[0])));
    co_return page(request, http::status::bad_request, "Not confirmed", why + ".");
  }
  co_return page(request, http::status::ok, "Address confirmed",
                 "Thank you: " + answer->account_notice().text() + ".");
}

}  // namespace grognard::net
