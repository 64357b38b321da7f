// wrpkit's signature section (type kSectionWrpkitSignature): an Ed25519 signature
// of the manifest section's exact bytes (manifest.hpp), and the id of the key that
// made it (the SHA-256 of its raw public key). Two lines of text:
//   wrpkit-signature 1
//   ed25519 KEY_ID SIGNATURE
#pragma once
#include <string>

#include "wrpkit/base/bytes.hpp"

namespace wrp {

struct SignatureRecord {
  std::string key_id;  // 64 hex digits
  Bytes signature;     // 64 bytes
  bool operator==(const SignatureRecord&) const = default;
};

Bytes serialize_signature(const SignatureRecord& s);
// Strict, like parse_manifest: bad input naming the file and the byte.
SignatureRecord parse_signature(const std::string& file, ByteView data, uint64_t origin);

}  // namespace wrp
