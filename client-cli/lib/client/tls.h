#pragma once
// TLS for wss:// and https:// (TlsOptions in client/url.h), shared by the client's two Beast
// translation units (websocket.cpp, http.cpp) and included by no other: the context that trusts
// the system's CA store and a private CA file, the setup of one connection (SNI and the host
// name check), and a failed handshake in words.

#include <string>

#include <boost/asio/ssl.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl.hpp>

#include "client/result.h"
#include "client/url.h"

namespace grognard::client::tls {

namespace ssl = boost::asio::ssl;
using Stream = boost::beast::ssl_stream<boost::beast::tcp_stream>;

// A TLS client context that verifies servers against the system's CA store and
// `options.ca_file`; a kTls failure when that file cannot be read as PEM certificates.
Result<ssl::context> client_context(const TlsOptions& options);

// Sets `stream` up for the server reached as `host`: SNI (for a name, not an address), and
// verification of the chain and of the host name (ssl::host_name_verification).
Status expect_host(Stream& stream, const std::string& host);

// A failed handshake of `stream` with `host`: kTls when TLS itself refused ("certificate verify
// failed: self-signed certificate"), which no retry mends; kIo when the connection broke.
Failure handshake_failure(const boost::system::error_code& ec, Stream& stream,
                          const std::string& host);

}  // namespace grognard::client::tls
