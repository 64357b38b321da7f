// SHA-256 (through OpenSSL's libcrypto) for provenance and the build cache.
#pragma once
#include <string>

#include "wrpkit/base/bytes.hpp"

namespace wrp {

std::string sha256_hex(ByteView data);
std::string sha256_hex(std::string_view text);

}  // namespace wrp
