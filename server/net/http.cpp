// The small HTTP side of the port (net/http.h): /healthz, /metrics, the web client, battle
// reports, the admin API, and the WebSocket upgrade that hands a connection over to a session
// (net/session.h) once it passes the connection caps (net/admission.h).

#include "net/http.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include <spdlog/spdlog.h>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/async_result.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

#include "net/account_http.h"
#include "net/gate.h"
#include "net/session.h"
#include "site/admin.h"

namespace grognard::net {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;

constexpr auto kHttpTimeout = 30s;  // a request's body (its header: Options::handshake_timeout)
constexpr std::uint32_t kHttpHeaderLimit = 8 * 1024;

// The client's address: the socket's peer, or the last X-Forwarded-For entry when the peer is
// a trusted reverse proxy (Options::trusted_proxies).
ClientAddress client_address(const beast::tcp_stream& stream, const HttpRequest& request,
                             const Options& options) {
  beast::error_code ec;
  const auto endpoint = stream.socket().remote_endpoint(ec);
  if (ec) return ClientAddress{"?", "?", "?", "?"};
  ClientAddress out;
  const auto keyed = [&options](ClientAddress a) {
    a.key = room::address_key(a.address, options.prefixes);
    a.range = room::address_range(a.address, options.prefixes);
    return a;
  };
  out.address = endpoint.address().to_string();
  out.name = (endpoint.address().is_v6() ? "[" + out.address + "]" : out.address) + ":" +
             std::to_string(endpoint.port());
  const auto& trusted = options.trusted_proxies;
  if (std::find(trusted.begin(), trusted.end(), out.address) == trusted.end()) return keyed(out);
  std::string_view forwarded = request["X-Forwarded-For"];
  forwarded = forwarded.substr(forwarded.empty() ? 0 : forwarded.rfind(',') + 1);
  while (!forwarded.empty() && forwarded.front() == ' ') forwarded.remove_prefix(1);
  while (!forwarded.empty() && forwarded.back() == ' ') forwarded.remove_suffix(1);
  if (forwarded.empty() || forwarded.size() > 64) return keyed(out);
  out.address = std::string(forwarded);
  out.name = out.address;  // the proxy's own port says nothing about the client
  out.https = request["X-Forwarded-Proto"] == "https";
  return keyed(out);
}

// An /admin request, answered by site/admin.h (which may finish on another thread: closing a
// room waits for its commit), resumed on this connection's strand.
asio::awaitable<HttpResponse> admin_response(const HttpRequest& request, Hub& hub,
                                             const ClientAddress& client) {
  std::string_view target(request.target().data(), request.target().size());
  site::AdminRequest req{
      std::string(request.method_string()), std::string(target.substr(0, target.find('?'))),
      std::string(request[http::field::authorization]), request.body(), client.name};
  const site::AdminAnswer answer =
      co_await asio::async_initiate<decltype(asio::use_awaitable), void(site::AdminAnswer)>(
          [&hub, &req](auto handler) {
            auto shared = std::make_shared<decltype(handler)>(std::move(handler));
            site::handle_admin(hub.admin_tools(), std::move(req), [shared](site::AdminAnswer a) {
              auto ex = asio::get_associated_executor(*shared);
              asio::post(ex, [shared, a = std::move(a)]() mutable { (*shared)(std::move(a)); });
            });
          },
          asio::use_awaitable);
  HttpResponse response = text_response(request, static_cast<http::status>(answer.status),
                                        answer.json, "application/json");
  if (answer.challenge) response.set(http::field::www_authenticate, "Bearer");
  if (!answer.allow.empty()) response.set(http::field::allow, answer.allow);
  response.set(http::field::cache_control, "no-store");
  co_return response;
}

// The request's path, without its query.
std::string_view request_path(const HttpRequest& request) {
  std::string_view target(request.target().data(), request.target().size());
  return target.substr(0, target.find('?'));
}

HttpResponse web_response(const HttpRequest& request, site::WebReply reply) {
  HttpResponse response = text_response(request, static_cast<http::status>(reply.status),
                                        std::move(reply.body), reply.content_type);
  for (auto& [name, value] : reply.headers) response.set(name, value);
  return response;
}

// The battle report of ended game `game_id` (site/pages.h, room/report.h), or why there is none.
site::WebReply make_report(Hub& hub, const std::string& game_id) {
  auto report = hub.lobby.battle_report(game_id);
  if (report.ok()) return hub.web.report(report->json, report->title);
  const engine::Error& e = report.error();
  site::WebReply refusal;
  refusal.content_type = "text/plain; charset=utf-8";
  refusal.status = e.code == engine::ErrorCode::kNotFound ? 404 : 409;
  refusal.body = (e.code == engine::ErrorCode::kPermissionDenied  // waiting or running
                      ? "game " + game_id + " has not ended: its battle report is made when it ends"
                      : e.message) +
                 "\n";
  return refusal;
}

// GET /games/ID/report: made on the hub's report thread, answered on this connection's strand.
asio::awaitable<HttpResponse> report_response(const HttpRequest& request, Hub& hub,
                                              std::string game_id) {
  if (hub.reports_pending.fetch_add(1) >= Hub::kMaxPendingReports) {
    hub.reports_pending.fetch_sub(1);
    HttpResponse busy =
        text_response(request, http::status::service_unavailable,
                      "the server is busy making battle reports: ask again in a minute\n");
    busy.set(http::field::retry_after, "60");
    co_return busy;
  }
  site::WebReply reply =
      co_await asio::async_initiate<decltype(asio::use_awaitable), void(site::WebReply)>(
          [&hub, &game_id](auto handler) {
            auto shared = std::make_shared<decltype(handler)>(std::move(handler));
            asio::post(hub.report_thread, [&hub, game_id, shared] {
              site::WebReply made = make_report(hub, game_id);
              auto ex = asio::get_associated_executor(*shared);
              asio::post(
                  ex, [shared, made = std::move(made)]() mutable { (*shared)(std::move(made)); });
            });
          },
          asio::use_awaitable);
  hub.reports_pending.fetch_sub(1);
  co_return web_response(request, std::move(reply));
}

// /healthz while serving. Rooms stopped by a storage error (room/room_storage.cpp), or loaded
// stopped (a game that no longer folds): the server still serves every other room, so it stays
// in rotation (200), and says so for the operator's monitoring.
std::string health(const room::Lobby::Standing& rooms) {
  const auto count = [](std::size_t n) {
    return std::to_string(n) + (n == 1 ? " room" : " rooms");
  };
  std::string degraded;
  if (rooms.stopped_by_storage > 0) {
    degraded = count(rooms.stopped_by_storage) + " stopped by storage errors";
  }
  if (rooms.stopped_otherwise > 0) {
    degraded += (degraded.empty() ? "" : ", ") + count(rooms.stopped_otherwise) +
                " stopped: a game no longer folds (close it)";
  }
  return degraded.empty() ? "ok\n" : "degraded: " + degraded + "\n";
}

HttpResponse respond(const HttpRequest& request, Hub& hub) {
  const std::string_view target = request_path(request);
  std::optional<site::WebReply> page;  // the reports' GET is answered before (report_response)
  if (target != "/healthz" && target != "/metrics" && !site::report_game_id(target)) {
    const auto etag = request[http::field::if_none_match];
    page = hub.web.get(target, std::string_view(etag.data(), etag.size()));
    if (!page) return text_response(request, http::status::not_found, "not found\n");
  }
  if (request.method() != http::verb::get) {
    HttpResponse response =
        text_response(request, http::status::method_not_allowed, "method not allowed\n");
    response.set(http::field::allow, "GET");
    return response;
  }
  if (page) return web_response(request, std::move(*page));
  if (target == "/healthz") {
    if (hub.shutting_down()) {
      return text_response(request, http::status::service_unavailable, "shutting down\n");
    }
    return text_response(request, http::status::ok, health(hub.lobby.standing()));
  }
  const room::Lobby::Standing rooms = hub.lobby.standing();
  hub.metrics.standing(rooms.stopped_by_storage, rooms.stopped_otherwise, rooms.held,
                       hub.lobby.creation_pause().paused);
  hub.metrics.last_backup(hub.desk.last_backup_ms());
  return text_response(request, http::status::ok, hub.metrics.render(),
                       "text/plain; version=0.0.4; charset=utf-8");
}

// The answer to a WebSocket upgrade refused at a connection cap (net/admission.h).
HttpResponse refused_upgrade(const HttpRequest& request, const Options& options,
                             const ClientAddress& client, const char* refusal) {
  const std::string_view why(refusal);
  const std::string body =
      why == Admission::kTotal
          ? "too many connections: the server takes at most " +
                std::to_string(options.max_connections) + " (--max-connections)\n"
      : why == Admission::kPerAddress
          ? "too many connections from your address (" + client.key + "): at most " +
                std::to_string(options.max_connections_per_address) +
                " (--max-connections-per-address)\n"
          : "too many connections from your range of addresses (" + client.range + "): at most " +
                std::to_string(room::share_of(options.max_connections, options.range_share)) +
                ", its share of the server's (--range-share " +
                std::to_string(options.range_share) + " % of --max-connections " +
                std::to_string(options.max_connections) + ")\n";
  HttpResponse response = text_response(request, http::status::service_unavailable, body);
  response.set(http::field::retry_after, "10");
  return response;
}

}  // namespace

HttpResponse text_response(const HttpRequest& request, http::status status, std::string body,
                           std::string_view content_type) {
  HttpResponse response{status, request.version()};
  response.set(http::field::server, server_version());
  response.set(http::field::content_type, content_type);
  response.keep_alive(request.keep_alive());
  response.body() = std::move(body);
  response.prepare_payload();
  return response;
}

// Serves HTTP requests on one connection until it closes or upgrades to WebSocket. The
// connection holds `handshake` (its handshake slot) until then. `spare`: the connection was
// accepted with the listener's spare descriptor (net/accept_guard.h): it answers HTTP but
// upgrades nothing.
asio::awaitable<void> http_session(beast::tcp_stream stream, std::shared_ptr<Hub> hub,
                                   Admission::Ticket handshake, std::shared_ptr<void> spare) {
  // Its handshake slot taken for a newer connection's (net/admission.h): closed at once.
  handshake.on_evicted([&stream] {
    beast::error_code ignored;
    stream.socket().close(ignored);
  });
  beast::flat_buffer buffer;
  for (bool first = true;; first = false) {
    http::request_parser<http::string_body> parser;
    parser.header_limit(kHttpHeaderLimit);
    // A whole request header within the handshake timeout, however slowly it trickles in.
    stream.expires_after(hub->options.handshake_timeout);
    auto [header_ec, header_n] = co_await http::async_read_header(
        stream, buffer, parser, asio::as_tuple(asio::use_awaitable));
    if (header_ec == beast::error::timeout && (first || buffer.size() > 0)) {
      hub->metrics.disconnect("handshake_timeout");
    }
    if (header_ec) break;  // end of stream, timeout or a malformed request: just close
    stream.expires_after(kHttpTimeout);
    {
      const auto& h = parser.get();
      std::string_view path(h.target().data(), h.target().size());
      path = path.substr(0, path.find('?'));
      parser.body_limit(site::admin_body_limit(std::string(h.method_string()), std::string(path),
                                               std::string(h[http::field::authorization]),
                                               hub->options.admin_token));
    }
    auto [ec, n] =
        co_await http::async_read(stream, buffer, parser, asio::as_tuple(asio::use_awaitable));
    if (ec) break;  // a body over its limit, a timeout or a malformed request: just close
    HttpRequest request = parser.release();
    ClientAddress client = client_address(stream, request, hub->options);
    std::string_view target(request.target().data(), request.target().size());
    // Without a token the admin API does not exist: its paths answer 404 like any other.
    const bool admin =
        !hub->options.admin_token.empty() &&
        (target == "/admin" || target.starts_with("/admin/") || target.starts_with("/admin?"));

    // The operator is never locked out by a ban: an admin request still needs the token.
    const auto ban = admin ? std::nullopt : hub->bans.find(client.address, room::system_clock_ms());
    if (ban) {
      hub->metrics.banned_request();
      hub->refusals.note("banned", client.address, ban->reason.empty() ? "banned" : ban->reason);
    }
    const char* refusal = nullptr;  // a connection cap the upgrade would pass
    // A page of another site would act with the player's session cookie (net/account_http.h).
    const std::optional<std::string> foreign =
        beast::websocket::is_upgrade(request) && !session_cookie(request).empty()
            ? foreign_origin(request, client.https)
            : std::nullopt;
    if (beast::websocket::is_upgrade(request) && !hub->shutting_down() && !ban && !spare &&
        !foreign) {
      Admission::Ticket connection = hub->admission.connection(client.key, client.range, &refusal);
      if (connection) {
        stream.expires_never();  // the WebSocket stream keeps its own timeouts
        start_session(std::move(stream), std::move(request), std::move(hub), std::move(client),
                      std::move(handshake), std::move(connection));
        co_return;
      }
    }
    HttpResponse response;
    if (refusal) {
      response = refused_upgrade(request, hub->options, client, refusal);
      std::string_view why = response.body();
      hub->refusals.note("connection cap", client.address,
                         std::string(why.substr(0, why.find('\n'))));
    } else if (spare && beast::websocket::is_upgrade(request) && !ban) {
      hub->metrics.connection_refused("descriptors");
      hub->refusals.note("descriptors", client.address, "out of file descriptors");
      response = text_response(request, http::status::service_unavailable,
                               "the server is out of file descriptors: try again later\n");
      response.set(http::field::retry_after, "10");
    } else if (ban) {
      response =
          text_response(request, http::status::forbidden,
                        "banned by the server's operator" +
                            (ban->reason.empty() ? std::string() : ": " + ban->reason) + "\n");
    } else if (foreign) {
      hub->metrics.connection_refused("cross_origin");
      hub->refusals.note("cross-origin", client.address, "WebSocket upgrade: " + *foreign);
      response = text_response(request, http::status::forbidden, *foreign + "\n");
    } else if (beast::websocket::is_upgrade(request)) {
      response = text_response(request, http::status::service_unavailable, "shutting down\n");
    } else if (admin) {
      response = co_await admin_response(request, *hub, client);
    } else if (account_path(request)) {
      response = co_await account_response(request, *hub, client);
    } else if (auto game = site::report_game_id(request_path(request));
               game && request.method() == http::verb::get) {
      response = co_await report_response(request, *hub, std::move(*game));
    } else {
      response = respond(request, *hub);
    }
    const bool keep_alive =
        response.keep_alive() && !beast::websocket::is_upgrade(request) && !ban && !spare;
    auto [write_ec, written] =
        co_await http::async_write(stream, response, asio::as_tuple(asio::use_awaitable));
    if (write_ec || !keep_alive) break;
  }
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
}

void log_exception(std::string_view what, const std::exception_ptr& e) {
  if (!e) return;
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& ex) {
    spdlog::error("{}: {}", what, ex.what());
  }
}

}  // namespace grognard::net
