#include "wrpkit/artifact/trust_policy.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/trust/integrity.hpp"

namespace wrp {

const char* verification_name(Verification v) {
  switch (v) {
    case Verification::unverified: return "unverified";
    case Verification::verified: return "verified";
    case Verification::signed_by_trusted_key: return "signed";
  }
  return "?";
}

const char* signature_check_name(SignatureCheck s) {
  switch (s) {
    case SignatureCheck::none: return "none";
    case SignatureCheck::not_checked: return "not_checked";
    case SignatureCheck::trusted: return "trusted";
    case SignatureCheck::untrusted: return "untrusted";
    case SignatureCheck::bad: return "bad";
  }
  return "?";
}

SignatureCheck check_signature(const Artifact& a, const std::vector<PublicKey>& trusted) {
  auto& sig = a.integrity.signature;
  auto* ms = a.container.find(kSectionWrpkitManifest);
  if (!sig || !ms) return SignatureCheck::none;
  if (trusted.empty()) return SignatureCheck::not_checked;
  auto key = std::find_if(trusted.begin(), trusted.end(), [&](const PublicKey& k) { return k.id() == sig->key_id; });
  if (key == trusted.end()) return SignatureCheck::untrusted;
  return verify_ed25519(*key, ms->data, sig->signature) ? SignatureCheck::trusted : SignatureCheck::bad;
}

Verification require_trusted(const Artifact& a, const TrustPolicy& policy) {
  auto& in = a.integrity;
  if (!in.problems.empty()) fail(Exit::bad_input, integrity_error(in));
  // Format 18: Warp's own digest of each packaged binary (Warp 1.19 refuses a mismatch too).
  for (auto& m : a.modules)
    if (m.binary_digest == Digest::mismatch)
      fail(Exit::bad_input,
           fmt::format("{}: does not match the binary digest its .wrp records; the file was damaged or "
                       "changed: copy the artifact again, or re-save the capture",
                       m.path.string()));
  if (!in.manifest) {
    if (!policy.trusted.empty())
      fail(Exit::bad_input, fmt::format("{}: has no wrpkit manifest, so nothing vouches for its bytes, and --trust "
                                        "accepts only signed artifacts; build it with wrp-build --sign KEY.pem",
                                        a.name()));
    if (!policy.allow_unverified)
      fail(Exit::bad_input,
           fmt::format("{}: has no wrpkit manifest, so nothing vouches for its bytes before the CUDA driver gets "
                       "them; pass it through wrp-build once (wrp-build {} -o OUT.wrp), or opt in to unverified "
                       "input (wrp-run --allow-unverified; allow_unverified in the C API and Python)",
                       a.name(), a.name()));
    return Verification::unverified;
  }
  if (policy.trusted.empty()) return Verification::verified;
  switch (check_signature(a, policy.trusted)) {
    case SignatureCheck::trusted: return Verification::signed_by_trusted_key;
    case SignatureCheck::none:
      fail(Exit::bad_input,
           fmt::format("{}: is not signed, and --trust accepts only artifacts signed by a trusted key; "
                       "sign it with wrp-build --sign-only --sign KEY.pem",
                       a.name()));
    case SignatureCheck::untrusted:
      fail(Exit::bad_input,
           fmt::format("{}: is signed by key {}..., which is not among the {} trusted key{}; trust its "
                       "public key, or re-sign the artifact with a trusted one",
                       a.name(), short_digest(in.signature->key_id), policy.trusted.size(),
                       policy.trusted.size() == 1 ? "" : "s"));
    default:
      fail(Exit::bad_input,
           fmt::format("{}: its signature by key {}... does not verify: the manifest was changed after "
                       "it was signed; {}",
                       a.name(), short_digest(in.signature->key_id), kDamaged));
  }
}

}  // namespace wrp
