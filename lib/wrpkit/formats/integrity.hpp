// Is this artifact what wrp-build wrote? open_artifact compares every section and
// every module file it reads with the manifest (manifest.hpp) and records what
// differs here, as data; a loader then refuses on it (require_trusted) before any
// byte reaches the CUDA driver, and wrp-inspect reports it (hazards, --verify).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/ed25519.hpp"
#include "wrpkit/formats/manifest.hpp"
#include "wrpkit/formats/signature.hpp"

namespace wrp {

struct Artifact;
struct Container;

struct IntegrityProblem {
  // section_digest_mismatch (the header or a section), module_digest_mismatch (a module
  // file, or one the manifest does not list), manifest_invalid, manifest_missing,
  // signature_invalid
  std::string code;
  std::string file;  // the module file's name; empty for the .wrp itself
  std::string message;
};

struct Integrity {
  std::optional<Manifest> manifest;
  std::optional<SignatureRecord> signature;
  std::vector<IntegrityProblem> problems;
  std::vector<std::string> files_checked;   // module-folder files compared with the manifest
  std::vector<std::string> files_not_read;  // listed, but the reader did not have them
  // Every byte read matches a manifest: the artifact is as wrp-build wrote it.
  bool verified() const { return manifest && problems.empty(); }
};

// The header and sections against the manifest section, if there is one.
Integrity check_sections(const std::string& file, const Container& c);
// One module-folder file (its size and SHA-256, hashed once by the caller, whose
// format-18 digests compare the same one) against the manifest: false (and a problem
// recorded) when it differs or is not listed. A no-op without a manifest.
bool check_module_file(Integrity& in, const std::string& path, const std::string& name, uint64_t size,
                       const std::string& sha256);
// The problem a loader refuses with, as its one-line message (with a count of the rest).
std::string integrity_error(const Integrity& in);

// What a loader accepts: require_verified refuses artifacts without a manifest;
// trusted keys (non-empty) refuse any artifact not signed by one of them.
struct TrustPolicy {
  bool require_verified = false;
  std::vector<PublicKey> trusted;
};

enum class Verification { unverified, verified, signed_by_trusted_key };
const char* verification_name(Verification v);

// Where the signature stands against `trusted`: none (unsigned), not_checked (no
// keys given), trusted, untrusted (a key not given), bad (does not verify).
enum class SignatureCheck { none, not_checked, trusted, untrusted, bad };
const char* signature_check_name(SignatureCheck s);
SignatureCheck check_signature(const Artifact& a, const std::vector<PublicKey>& trusted);

// Throws Error(bad_input) naming the file and what differs when a loader must
// refuse: an integrity problem, a format-18 module whose file does not match Warp's
// own digest, an unverified artifact under require_verified, a missing, bad or
// untrusted signature under trusted keys. Otherwise says how far it is vouched for.
Verification require_trusted(const Artifact& a, const TrustPolicy& policy);

}  // namespace wrp
