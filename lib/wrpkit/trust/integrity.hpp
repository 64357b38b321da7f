// Is this artifact what wrp-build wrote? open_artifact compares every section and
// every module file it reads with the manifest (manifest.hpp) and records what
// differs here, as data; a loader then refuses on it (require_trusted) before any
// byte reaches the CUDA driver, and wrp-inspect reports it (hazards, --verify).
#pragma once
#include <future>
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

// The memory section's SHA-256 being computed on the background thread (background.hpp)
// while a load goes on (check_sections with DigestTiming::memory_deferred): the loader
// reads module files and loads their verified code meanwhile, and calls
// finish_deferred_digest before any byte of the section is used. Its problem, if any,
// goes where the section's would have gone among the others.
struct DeferredDigest {
  std::string file;
  uint64_t file_offset = 0;
  size_t manifest_index = 0;  // the section's line in the manifest
  ManifestSection got, want;  // got: the section's type, flags and size; its SHA-256 comes from `sha256`
  size_t problem_index = 0;   // where its problem goes among the others
  std::shared_future<std::string> sha256;
};

struct Integrity {
  std::optional<Manifest> manifest;
  std::optional<SignatureRecord> signature;
  std::vector<IntegrityProblem> problems;
  std::vector<std::string> files_checked;   // module-folder files compared with the manifest
  std::vector<std::string> files_not_read;  // listed, but the reader did not have them
  std::optional<DeferredDigest> deferred;   // a digest not compared yet (finish_deferred_digest)
  // Every byte read matches a manifest: the artifact is as wrp-build wrote it.
  bool verified() const { return manifest && problems.empty() && !deferred; }
};

// Whether check_sections may leave the memory section's digest to the background thread:
// a loader's choice (the section's bytes are used last, after the modules are loaded).
// Stays on the calling thread for a small section, or where WRPKIT_SERIAL_LOAD is set
// (emulators that cannot start a thread: qemu-user 7.2 spins forever in the attempt).
enum class DigestTiming { now, memory_deferred };

// The header and sections against the manifest section, if there is one. `memory_read`:
// where the memory section's bytes are still being read (read_file_staged), the digest
// waits for them.
Integrity check_sections(const std::string& file, const Container& c, DigestTiming timing = DigestTiming::now,
                         const std::shared_future<void>& memory_read = {});
// Waits for the deferred digest, if any, and records its problem: after it, `problems`
// is what check_sections would have found with DigestTiming::now.
void finish_deferred_digest(Integrity& in);
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
