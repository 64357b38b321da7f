// What a loader accepts: the integrity an artifact was opened with (trust/integrity.hpp)
// and its signature, weighed against the caller's policy before any byte reaches the
// CUDA driver. Every loader (wrp-run, the C API, load_modules, plan_load, wrp-build's
// input) asks require_trusted.
#pragma once
#include <vector>

#include "wrpkit/trust/ed25519.hpp"

namespace wrp {

struct Artifact;

// What a loader accepts. Secure by default: an artifact without a wrpkit manifest (a raw
// Warp capture: nothing vouches for its bytes, and the CUDA driver crashes on some damaged
// images) is refused unless the caller opts in with allow_unverified; opted-in input has
// its module images loaded first in a child process (replay/module_probe.hpp) unless
// isolate_unverified is off. Trusted keys (non-empty) refuse any artifact not signed by one.
struct TrustPolicy {
  bool allow_unverified = false;
  bool isolate_unverified = true;
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
// own digest, an unverified artifact unless allowed, a missing, bad or
// untrusted signature under trusted keys. Otherwise says how far it is vouched for.
Verification require_trusted(const Artifact& a, const TrustPolicy& policy);

}  // namespace wrp
