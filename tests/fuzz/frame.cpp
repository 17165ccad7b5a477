// Fuzzing the frame decoder (server/net/codec.h), binary and JSON.
#include <google/protobuf/util/field_comparator.h>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>

#include "grognard/v1/protocol.pb.h"
#include "net/codec.h"
#include "room/protocol.h"
#include "targets.h"

namespace grognard::fuzz {
namespace {

bool same(const v1::ClientMessage& a, const v1::ClientMessage& b) {
  google::protobuf::util::DefaultFieldComparator comparator;
  comparator.set_treat_nan_as_equal(true);
  google::protobuf::util::MessageDifferencer d;
  d.set_field_comparator(&comparator);
  return d.Compare(a, b);
}

// What the server sends back for a frame it refuses: an Error carrying the decoder's sentence,
// written in both forms as a session would.
void answer_refusal(const net::DecodeError& e) {
  v1::ServerMessage reply;
  reply.set_request_id(e.request_id);
  reply.mutable_error()->set_code(v1::INVALID_ARGUMENT);
  reply.mutable_error()->set_message(e.message);
  (void)net::encode(reply, net::Format::kBinary);
  if (net::encode(reply, net::Format::kJson).empty()) fail("an error reply encodes to nothing");
}

// A message that decoded must decode the same from the server's own writing of it.
void round_trip(const v1::ClientMessage& decoded) {
  v1::ClientMessage again;
  if (auto e = net::decode(decoded.SerializeAsString(), net::Format::kBinary, again)) {
    fail("a decoded frame, written again, does not decode: " + e->message);
  }
  if (!same(decoded, again)) fail("a decoded frame, written again, decodes to another message");

  // protobuf prints an Any of an unknown type when it holds nothing, and one whose type URL is
  // not of the form type.googleapis.com/<type>, but cannot read either back.
  auto unknown = [](const google::protobuf::Any& a) {
    const std::string& url = a.type_url();
    return url.rfind("type.googleapis.com/", 0) != 0 ||
           google::protobuf::DescriptorPool::generated_pool()->FindMessageTypeByName(
               url.substr(url.rfind('/') + 1)) == nullptr;
  };
  if ((decoded.has_command() && unknown(decoded.command().command())) ||
      (decoded.has_preview() && unknown(decoded.preview().command()))) {
    return;
  }
  v1::ClientMessage known = decoded;
  known.DiscardUnknownFields();
  // A command's bytes as its parsed message's own (protobuf's printer streams an Any's bytes:
  // two members of a oneof in them print both, and do not read back; room::canonical_any).
  if (known.has_command() &&
      !room::canonical_any(*known.mutable_command()->mutable_command()).ok()) {
    return;
  }
  if (known.has_preview() &&
      !room::canonical_any(*known.mutable_preview()->mutable_command()).ok()) {
    return;
  }
  std::string json;
  if (!google::protobuf::util::MessageToJsonString(known, &json).ok()) return;  // an unknown Any
  if (auto e = net::decode(json, net::Format::kJson, again)) {
    fail("a decoded frame, written as JSON, does not decode: " + e->message + "\n" + json);
  }
  // Compared as JSON: the bytes of a command's Any may differ (a binary client's own encoding of
  // the same command; docs/protocol.md, "Play"), what they say may not.
  std::string json_again;
  if (!google::protobuf::util::MessageToJsonString(again, &json_again).ok() || json_again != json) {
    fail("a decoded frame, written as JSON, decodes otherwise: " + json + " then " + json_again);
  }
}

}  // namespace

int frame(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  for (net::Format format : {net::Format::kBinary, net::Format::kJson}) {
    v1::ClientMessage out;
    if (auto e = net::decode(bytes, format, out)) {
      answer_refusal(*e);
    } else {
      if (out.body_case() == v1::ClientMessage::BODY_NOT_SET) fail("decoded a frame with no body");
      round_trip(out);
    }
  }
  return 0;
}

}  // namespace grognard::fuzz
