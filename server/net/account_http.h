#pragma once
// Internal to net/ (http.cpp, session.cpp): accounts over HTTP (docs/accounts.md, "In the
// browser"). The browser logs in with a POST and gets its session as a cookie that scripts
// cannot read (HttpOnly, SameSite=Strict, Secure behind TLS); the WebSocket upgrade that
// carries it is logged in by it. A page of another site must not act with that cookie: a
// request that carries it, or that logs in or out, from a page whose Origin is not this
// server's, is refused.

#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/awaitable.hpp>

#include "net/http.h"

namespace grognard::net {

inline constexpr std::string_view kSessionCookie = "grognard_session";

// The session token in the request's Cookie header; empty when none.
std::string session_cookie(const HttpRequest& request);

// Why a request from a browser page is not this server's own: its Origin is not this server's
// origin, the scheme (https when `https`: a trusted proxy's X-Forwarded-Proto), the Host and its
// port. nullopt: the same origin, or no Origin (not from a page).
std::optional<std::string> foreign_origin(const HttpRequest& request, bool https);

// /account and /account/… (the only paths answered here), but GET /account/reset: the web
// client's page.
bool account_path(const HttpRequest& request);
// GET /account; POST /account/register, /account/login, /account/logout, /account/email,
// /account/reset-request, /account/reset; GET /account/confirm (confirm_page). `https`: the
// request reached a proxy over TLS (the cookie is then Secure).
boost::asio::awaitable<HttpResponse> account_response(const HttpRequest& request, Hub& hub,
                                                      const ClientAddress& client);
// GET /account/confirm?token=…, where a confirmation mail's link lands: the address confirmed,
// or why not, as a small HTML page (net/account_page.cpp).
boost::asio::awaitable<HttpResponse> confirm_page(const HttpRequest& request, Hub& hub,
                                                  const ClientAddress& client);

}  // namespace grognard::net
