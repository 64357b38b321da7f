// Ed25519 signatures through OpenSSL's libcrypto, loaded at run time (dlopen) and
// only when a signature is made or checked: the replay runtime links libcrypto's
// SHA-256 alone (hash.cpp) to stay small, and EVP's provider machinery that Ed25519
// needs would add ~3 MB to it. libcrypto.so.3 or .so.1.1 (Ed25519 since 1.1.1) is on
// every current Linux, JetPack included. No cryptography is written here.
#pragma once
#include <string>

#include "wrpkit/base/bytes.hpp"

namespace wrp {

constexpr size_t kEd25519KeySize = 32, kEd25519SignatureSize = 64;

// A raw Ed25519 public key (32 bytes).
struct PublicKey {
  Bytes raw;
  // The SHA-256 of the raw key, hex: how a signature names its key.
  std::string id() const;
};

// A PEM public key (`openssl pkey -pubout`); `what` names it in errors (a file).
// Errors: usage (not PEM, not Ed25519), toolchain (no libcrypto).
PublicKey read_public_key_pem(std::string_view pem, const std::string& what);

// Signs `message` with the PEM private key (`openssl genpkey -algorithm ed25519`).
// Ed25519 is deterministic: the same key and message give the same signature.
struct Signed {
  PublicKey key;
  Bytes signature;
};
Signed sign_ed25519(std::string_view private_pem, const std::string& what, ByteView message);

bool verify_ed25519(const PublicKey& key, ByteView message, ByteView signature);

}  // namespace wrp
