// Is this artifact what wrp-build wrote? open_artifact compares every section and
// every module file it reads with the manifest (manifest.hpp) and records what
// differs here, as data; a loader then refuses on it (require_trusted) before any
// byte reaches the CUDA driver, and wrp-inspect reports it (hazards, --verify).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/base/bytes.hpp"
#include "wrpkit/trust/ed25519.hpp"
#include "wrpkit/trust/manifest.hpp"
#include "wrpkit/trust/signature.hpp"

namespace wrp {

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
// What every message about changed bytes ends with: what to do about them.
inline constexpr const char* kDamaged =
    "the artifact was damaged or changed after wrp-build wrote it: copy it again from "
    "its source, or rebuild it";
// A SHA-256 in a message: its first 16 hex digits.
inline std::string short_digest(const std::string& sha256) { return sha256.substr(0, 16); }

// The problem a loader refuses with, as its one-line message (with a count of the rest).
std::string integrity_error(const Integrity& in);

}  // namespace wrp
