// Fuzzing the frame decoder (proto/grognard/codec.h), binary and JSON.
#include <google/protobuf/util/field_comparator.h>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/message_differencer.h>

#include "grognard/codec.h"
#include "grognard/v1/protocol.pb.h"
#include "record/proto.h"
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
void answer_refusal(const proto::DecodeError& e) {
  v1::ServerMessage reply;
  reply.set_request_id(e.request_id);
  reply.mutable_error()->set_code(v1::INVALID_ARGUMENT);
  reply.mutable_error()->set_message(e.message);
  (void)proto::encode(reply, proto::Format::kBinary);
  if (proto::encode(reply, proto::Format::kJson).empty()) fail("an error reply encodes to nothing");
}

// A message that decoded must decode the same from the server's own writing of it.
void round_trip(const v1::ClientMessage& decoded) {
  v1::ClientMessage again;
  if (auto e = proto::decode(decoded.SerializeAsString(), proto::Format::kBinary, again)) {
    fail("a decoded frame, written again, does not decode: " + e->message);
  }
  if (!same(decoded, again)) fail("a decoded frame, written again, decodes to another message");

  // A command's Any as its parsed message's own bytes and URL (record::canonical_any): protobuf
  // prints an Any's bytes as they are (two members of a oneof print both), and an unknown type
  // or another URL prefix in a form it cannot read back. One it cannot parse is not printed.
  v1::ClientMessage known = decoded;
  known.DiscardUnknownFields();
  google::protobuf::Any* any = known.has_command()   ? known.mutable_command()->mutable_command()
                               : known.has_preview() ? known.mutable_preview()->mutable_command()
                                                     : nullptr;
  if (any != nullptr && !record::canonical_any(*any).ok()) return;
  std::string json;
  if (!google::protobuf::util::MessageToJsonString(known, &json).ok()) return;  // an unknown Any
  if (auto e = proto::decode(json, proto::Format::kJson, again)) {
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
  for (proto::Format format : {proto::Format::kBinary, proto::Format::kJson}) {
    v1::ClientMessage out;
    if (auto e = proto::decode(bytes, format, out)) {
      answer_refusal(*e);
    } else {
      if (out.body_case() == v1::ClientMessage::BODY_NOT_SET) fail("decoded a frame with no body");
      round_trip(out);
    }
  }
  return 0;
}

}  // namespace grognard::fuzz
