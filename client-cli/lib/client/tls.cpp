#include "client/tls.h"

#include <openssl/ssl.h>
#include <openssl/x509_vfy.h>

#include <boost/asio/ip/address.hpp>

namespace grognard::client::tls {

Result<ssl::context> client_context(const TlsOptions& options) {
  ssl::context context(ssl::context::tls_client);
  boost::system::error_code ec;
  context.set_default_verify_paths(ec);
  if (ec) return failure(FailureKind::kTls, "no CA store: " + ec.message());
  if (!options.ca_file.empty()) {
    context.load_verify_file(options.ca_file, ec);
    if (ec) {
      return failure(FailureKind::kTls,
                     "cannot read the CA file " + options.ca_file + ": " + ec.message());
    }
  }
  context.set_verify_mode(ssl::verify_peer);
  return context;
}

Status expect_host(Stream& stream, const std::string& host) {
  boost::system::error_code not_address;
  (void)boost::asio::ip::make_address(host, not_address);
  // SNI names a host; RFC 6066 forbids an address there.
  if (not_address && SSL_set_tlsext_host_name(stream.native_handle(), host.c_str()) != 1) {
    return failure(FailureKind::kTls, "cannot set the TLS server name " + host);
  }
  // host_name_verification refuses a certificate for another host without saying why; the
  // error set here is what handshake_failure() reports.
  stream.set_verify_callback(
      [check = ssl::host_name_verification(host)](bool preverified, ssl::verify_context& v) {
        if (check(preverified, v)) return true;
        if (preverified) X509_STORE_CTX_set_error(v.native_handle(), X509_V_ERR_HOSTNAME_MISMATCH);
        return false;
      });
  return ok_status();
}

Failure handshake_failure(const boost::system::error_code& ec, Stream& stream,
                          const std::string& host) {
  const long verified = SSL_get_verify_result(stream.native_handle());
  if (ec.category() != boost::asio::error::get_ssl_category()) {
    return failure(FailureKind::kIo, "TLS handshake failed: " + ec.message());
  }
  if (verified == X509_V_ERR_HOSTNAME_MISMATCH) {
    const std::string why = "hostname mismatch (the certificate is not for " + host + ")";
    return failure(FailureKind::kTls, "certificate verify failed: " + why);
  }
  if (verified != X509_V_OK) {
    return failure(FailureKind::kTls, std::string("certificate verify failed: ") +
                                          X509_verify_cert_error_string(verified));
  }
  return failure(FailureKind::kTls, "TLS handshake failed: " + ec.message());
}

}  // namespace grognard::client::tls
