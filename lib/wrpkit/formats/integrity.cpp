#include "wrpkit/formats/integrity.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "wrpkit/base/error.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/formats/artifact.hpp"
#include "wrpkit/formats/container.hpp"

namespace wrp {

namespace {

constexpr const char* kDamaged = "the artifact was damaged or changed after wrp-build wrote it: copy it again from "
                                 "its source, or rebuild it";

std::string short_digest(const std::string& d) { return d.substr(0, 16); }

std::string section_label(uint32_t type) { return fmt::format("section {} (type 0x{:x})", section_name(type), type); }

void compare_header(Integrity& in, const std::string& file, const ManifestHeader& got, const ManifestHeader& want) {
  auto field = [&](const char* name, auto g, auto w) {
    if (g != w)
      in.problems.push_back({"section_digest_mismatch", "",
                             fmt::format("{}: header.{} is {} but the wrpkit manifest records {}; {}", file, name, g, w,
                                         kDamaged)});
  };
  field("version", got.version, want.version);
  field("flags", got.flags, want.flags);
  field("device_type", got.device, want.device);
  field("target_arch", got.target_arch, want.target_arch);
  field("reserved", got.reserved, want.reserved);
}

void compare_sections(Integrity& in, const std::string& file, const Container& c, const Manifest& m) {
  std::vector<const Section*> sections;
  for (auto& s : c.sections)
    if (covered_by_manifest(s.type)) sections.push_back(&s);
  for (size_t i = 0; i < std::max(sections.size(), m.sections.size()); ++i) {
    if (i >= m.sections.size()) {
      in.problems.push_back({"section_digest_mismatch", "",
                             fmt::format("{}: {} at byte {} is not in the wrpkit manifest; {}", file,
                                         section_label(sections[i]->type), hex_offset(sections[i]->file_offset), kDamaged)});
      continue;
    }
    auto& want = m.sections[i];
    if (i >= sections.size()) {
      in.problems.push_back({"section_digest_mismatch", "",
                             fmt::format("{}: the wrpkit manifest lists {} ({} bytes), which the file lacks; {}", file,
                                         section_label(want.type), want.size, kDamaged)});
      continue;
    }
    auto& s = *sections[i];
    auto got = manifest_section(s.type, s.flags, s.data);
    if (got == want) continue;
    std::string what;
    if (got.type != want.type)
      what = fmt::format("is table entry {} where the wrpkit manifest lists {}", i, section_label(want.type));
    else if (got.flags != want.flags)
      what = fmt::format("has flags {} where the wrpkit manifest records {}", got.flags, want.flags);
    else
      what = fmt::format("differs from the wrpkit manifest: {} bytes with SHA-256 {}... where it records {} bytes with {}...",
                         got.size, short_digest(got.sha256), want.size, short_digest(want.sha256));
    in.problems.push_back({"section_digest_mismatch", "",
                           fmt::format("{}: {} at byte {} {}; {}", file, section_label(s.type), hex_offset(s.file_offset),
                                       what, kDamaged)});
  }
}

}  // namespace

Integrity check_sections(const std::string& file, const Container& c) {
  Integrity in;
  auto* ms = c.find(kSectionWrpkitManifest);
  auto* ss = c.find(kSectionWrpkitSignature);
  if (ms) {
    try {
      in.manifest = parse_manifest(file, ms->data, ms->file_offset);
    } catch (const Error& e) {
      in.problems.push_back({"manifest_invalid", "", e.what()});
    }
  }
  if (ss) {
    try {
      in.signature = parse_signature(file, ss->data, ss->file_offset);
    } catch (const Error& e) {
      in.problems.push_back({"signature_invalid", "", e.what()});
    }
    if (!ms)
      in.problems.push_back({"manifest_missing", "",
                             fmt::format("{}: a wrpkit signature but no manifest for it to sign; {}", file, kDamaged)});
  }
  if (!in.manifest) return in;
  compare_header(in, file, manifest_header(c), in.manifest->header);
  compare_sections(in, file, c, *in.manifest);
  return in;
}

bool check_module_file(Integrity& in, const std::string& path, const std::string& name, uint64_t size,
                       const std::string& digest) {
  if (!in.manifest) return true;
  in.files_checked.push_back(name);
  auto* want = in.manifest->file(name);
  if (!want) {
    in.problems.push_back({"module_digest_mismatch", name,
                           fmt::format("{}: the file is not in the wrpkit manifest, so nothing vouches for it; {}", path,
                                       kDamaged)});
    return false;
  }
  if (size == want->size && digest == want->sha256) return true;
  in.problems.push_back({"module_digest_mismatch", name,
                         fmt::format("{}: differs from the wrpkit manifest: {} bytes with SHA-256 {}... where it records "
                                     "{} bytes with {}...; {}",
                                     path, size, short_digest(digest), want->size, short_digest(want->sha256),
                                     kDamaged)});
  return false;
}

std::string integrity_error(const Integrity& in) {
  if (in.problems.empty()) return {};
  auto& first = in.problems.front().message;
  if (in.problems.size() == 1) return first;
  return fmt::format("{} (and {} more problem{}: wrp-inspect --verify lists them)", first, in.problems.size() - 1,
                     in.problems.size() == 2 ? "" : "s");
}

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
      fail(Exit::bad_input, fmt::format("{}: does not match the binary digest its .wrp records; the file was damaged or "
                                        "changed: copy the artifact again, or re-save the capture",
                                        m.path.string()));
  if (!in.manifest) {
    if (policy.require_verified || !policy.trusted.empty())
      fail(Exit::bad_input, fmt::format("{}: has no wrpkit manifest, so nothing vouches for its bytes, and {} refuses "
                                        "such artifacts; build it with wrp-build{}",
                                        a.name(), policy.trusted.empty() ? "--require-verified" : "--trust",
                                        policy.trusted.empty() ? "" : " --sign KEY.pem"));
    return Verification::unverified;
  }
  if (policy.trusted.empty()) return Verification::verified;
  switch (check_signature(a, policy.trusted)) {
    case SignatureCheck::trusted: return Verification::signed_by_trusted_key;
    case SignatureCheck::none:
      fail(Exit::bad_input, fmt::format("{}: is not signed, and --trust accepts only artifacts signed by a trusted key; "
                                        "sign it with wrp-build --sign-only --sign KEY.pem",
                                        a.name()));
    case SignatureCheck::untrusted:
      fail(Exit::bad_input, fmt::format("{}: is signed by key {}..., which is not among the {} trusted key{}; trust its "
                                        "public key, or re-sign the artifact with a trusted one",
                                        a.name(), short_digest(in.signature->key_id), policy.trusted.size(),
                                        policy.trusted.size() == 1 ? "" : "s"));
    default:
      fail(Exit::bad_input, fmt::format("{}: its signature by key {}... does not verify: the manifest was changed after "
                                        "it was signed; {}",
                                        a.name(), short_digest(in.signature->key_id), kDamaged));
  }
}

}  // namespace wrp
