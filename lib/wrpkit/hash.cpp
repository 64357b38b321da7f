#include "wrpkit/hash.hpp"

#include <openssl/evp.h>

#include <fmt/format.h>

namespace wrp {

std::string sha256_hex(ByteView data) {
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  EVP_Digest(data.data(), data.size(), md, &n, EVP_sha256(), nullptr);
  std::string out;
  out.reserve(2 * n);
  for (unsigned i = 0; i < n; ++i) out += fmt::format("{:02x}", md[i]);
  return out;
}

std::string sha256_hex(std::string_view text) {
  return sha256_hex(ByteView(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
}

}  // namespace wrp
