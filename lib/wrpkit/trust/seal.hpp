// Writing what integrity.hpp checks: wrp-build's emit pass seals every artifact it
// writes (a manifest section over the header, the other sections and the modules
// folder's files) and signs it with --sign; --sign-only signs an artifact already
// sealed, without rebuilding it.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "wrpkit/base/bytes.hpp"
#include "wrpkit/trust/ed25519.hpp"

namespace wrp {

struct Container;

struct SigningKey {
  std::string pem;   // the private key, PEM
  std::string path;  // where it was read from (named in errors)
  PublicKey key;     // its public half
};

// Reads and checks the key (and that libcrypto signs with it) before any build
// work: errors are usage (unreadable, not an Ed25519 PEM key) or toolchain (no libcrypto).
SigningKey read_signing_key(const std::filesystem::path& pem_file);

struct SealedFile {
  std::string name;  // a bare name in the modules folder
  ByteView bytes;
  bool module_binary = false;  // a module's PTX/CUBIN/fatbin: its images are listed too
};

// Replaces c's manifest with one over its other sections and `files`, then signs it
// with `key` when given (any older signature is dropped: it signed other bytes).
void seal_container(Container& c, const std::vector<SealedFile>& files, const SigningKey* key);
// Signs c's manifest as it is (replacing any signature); the manifest must be there.
void sign_container(Container& c, const SigningKey& key);

}  // namespace wrp
