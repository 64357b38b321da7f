// Test keys (made for these tests with openssl genpkey; they sign nothing real) and
// sealed copies of real captures: what wrp-build's emit pass writes around the
// modules, without compiling, so integrity tests need no CUDA.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/artifact/output_commit.hpp"
#include "wrpkit/formats/container.hpp"
#include "wrpkit/trust/seal.hpp"

namespace sealed {

namespace fs = std::filesystem;

inline const std::string kKey1 =
    "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIAu8HEzl7KL1c3BktVSMAlvuIK1ACy6W69JNbgD9E6Mw\n-----END PRIVATE "
    "KEY-----\n";
inline const std::string kPub1 =
    "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAQqpsEKnXEUc4mI1lnuJeo+qPFBrXkvM/HAa1Cgf8FZQ=\n-----END PUBLIC "
    "KEY-----\n";
inline const std::string kKey2 =
    "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIHjbXY0KhXV74RqRRYpOcymuQ0VR8kPPLsV0ABN5DcqY\n-----END PRIVATE "
    "KEY-----\n";
inline const std::string kPub2 =
    "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAWoG5jMl9kWKvWm6U+qSQm9YJs2Xvemz8rPNUdvlmaAU=\n-----END PUBLIC "
    "KEY-----\n";
// A P-256 key: PEM, but not Ed25519.
inline const std::string kEcKey =
    "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgBeTgwvbencD0XE/p\n"
    "BCwCu7asYbtkiBOs+xX3KMircSmhRANCAAQQO/Dw9sKVB0lmauXOuJksrpEBrdlm\n"
    "tXPHYpFyVV72iBQ8z9QJkdB9/YzIxlbEB9UX0FT99Da+DQt26yvN0qnc\n-----END PRIVATE KEY-----\n";

inline wrp::SigningKey key1() { return {kKey1, "key1.pem", wrp::sign_ed25519(kKey1, "key1.pem", {}).key}; }

// `src` (a real capture) copied to dir/NAME.wrp with a manifest of its sections and
// module files, signed when `key` is given; the provenance flag wrp-build writes
// (integrity = "manifest") is left to the caller's container edits.
inline fs::path sealed_copy(const fs::path& src, const fs::path& dir, const wrp::SigningKey* key = nullptr) {
  auto a = wrp::open_artifact(src);
  fs::create_directories(dir);
  std::vector<wrp::SealedFile> sealed;
  std::vector<wrp::OutputFile> files;
  for (size_t m = 0; m < a.modules.size(); ++m) {
    sealed.push_back({a.meta.modules[m].binary_filename, a.modules[m].bytes, true});
    files.push_back({a.meta.modules[m].binary_filename, a.modules[m].bytes});
    if (a.modules[m].has_source()) {
      sealed.push_back({a.meta.modules[m].source_filename, a.modules[m].source, false});
      files.push_back({a.meta.modules[m].source_filename, a.modules[m].source});
    }
  }
  auto c = a.container;
  wrp::seal_container(c, sealed, key);
  auto out = dir / src.filename();
  wrp::commit_artifact(out, wrp::serialize_container(c), files);
  return out;
}

}  // namespace sealed
