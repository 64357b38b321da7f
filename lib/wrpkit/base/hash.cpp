#include "wrpkit/base/hash.hpp"

// The one-shot SHA-256 calls, not EVP: EVP_Digest drags OpenSSL's provider
// machinery (every digest, cipher and curve table, ~3 MB) into a static link,
// which the replay runtime (libwrpkit_runtime.so) is; these pull in SHA-256 alone.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <fmt/format.h>
#include <openssl/sha.h>

namespace wrp {

std::string sha256_hex(ByteView data) {
  unsigned char md[SHA256_DIGEST_LENGTH];
  SHA256_CTX ctx;
  SHA256_Init(&ctx);
  SHA256_Update(&ctx, data.data(), data.size());
  SHA256_Final(md, &ctx);
  std::string out;
  out.reserve(2 * SHA256_DIGEST_LENGTH);
  for (unsigned char b : md) out += fmt::format("{:02x}", b);
  return out;
}

std::string sha256_hex(std::string_view text) {
  return sha256_hex(ByteView(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
}

}  // namespace wrp
