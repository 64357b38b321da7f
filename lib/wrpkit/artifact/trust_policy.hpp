// What a loader accepts: the integrity an artifact was opened with (trust/integrity.hpp)
// and its signature, weighed against the caller's policy before any byte reaches the
// CUDA driver. Every loader (wrp-run, the C API, load_modules, plan_load, wrp-build's
// input) asks require_trusted.
#pragma once
#include <vector>

#include "wrpkit/trust/ed25519.hpp"

namespace wrp {

struct Artifact;

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
