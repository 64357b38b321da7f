// A whole artifact: NAME.wrp parsed and checked, plus the module binaries in
// NAME_modules/ that its metadata names.
#pragma once
#include <filesystem>
#include <functional>
#include <future>
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/artifact/trust_policy.hpp"
#include "wrpkit/formats/container.hpp"
#include "wrpkit/formats/fatbin.hpp"
#include "wrpkit/formats/memory.hpp"
#include "wrpkit/formats/metadata.hpp"
#include "wrpkit/formats/module_binary.hpp"
#include "wrpkit/formats/ops.hpp"
#include "wrpkit/formats/provenance.hpp"
#include "wrpkit/trust/integrity.hpp"

namespace wrp {

namespace fs = std::filesystem;

// How a file compares with the SHA-256 its format-18 record gives.
enum class Digest { none, match, mismatch, missing };  // none: no digest recorded
const char* digest_name(Digest d);

struct ModuleFile {
  fs::path path;
  SharedBytes bytes;
  ModuleBinary binary;
  Digest binary_digest = Digest::none;
  // Format 18 with source_fallback: the retained CUDA source, read and checked.
  fs::path source_path;
  SharedBytes source;
  Digest source_digest = Digest::none;
  bool has_source() const { return source_digest == Digest::match || source_digest == Digest::mismatch; }
};

struct Artifact {
  fs::path wrp_path;
  fs::path modules_dir;
  Container container;
  Metadata meta;
  std::vector<Region> regions;
  OpSummary ops;
  std::vector<ModuleFile> modules;  // parallel to meta.modules
  // wrp-run's helper kernels (wrpkit-helpers section, helpers_section.hpp): their images; empty when absent.
  std::vector<Image> replay_helpers;
  // wrp-run's mesh kernels (wrpkit-mesh section): their images; empty when absent.
  std::vector<Image> mesh_helpers;
  // How wrp-build made it (the wrpkit section), read once here; nullopt for a capture,
  // and for a loader's open of an artifact with a manifest (ProvenanceRead).
  // A section that is not TOML leaves the error (one line) in provenance_error instead:
  // wrp-inspect refuses it, a loader goes on without it.
  std::optional<Provenance> provenance;
  std::string provenance_error;
  // The header, sections and module files read, against wrp-build's manifest (integrity.hpp).
  Integrity integrity;

  bool is_cpu() const { return container.device == kDeviceCpu; }
  std::string name() const { return wrp_path.string(); }
};

// How much opening checks a module file that matches its manifest digest. wrp-inspect
// also compares the manifest's per-image lines with the file's images (hashing each a
// second time) to tell a damaged manifest; a loader needs only the file's digest: its
// bytes are the ones the manifest vouches for. A file that differs has its images
// compared either way, to name the ones that changed.
enum class ImageLines { checked, when_file_differs };

// How much opening reads of the wrpkit section (provenance: how wrp-build made the
// artifact). A loader needs it for one thing only, telling a stripped manifest (the
// section says wrp-build wrote one, the file has none), so it parses the TOML only where
// the manifest is missing: a tenth of a cold load's checking time on a small artifact.
enum class ProvenanceRead { always, without_manifest };

// What opening checks, and when. The defaults check everything at once (wrp-inspect,
// wrp-build's input); for_loading() is what a loader needs before the driver gets bytes.
struct OpenOptions {
  ImageLines image_lines = ImageLines::checked;
  DigestTiming timing = DigestTiming::now;
  ProvenanceRead provenance = ProvenanceRead::always;
  // A staged read's span (read_file_staged), where the memory section's bytes are still
  // being read: opening waits for them once the module files are read.
  std::shared_future<void> memory_read;
  static OpenOptions for_loading(std::shared_future<void> memory_read = {}) {
    return {ImageLines::when_file_differs, DigestTiming::memory_deferred, ProvenanceRead::without_manifest,
            std::move(memory_read)};
  }
};

// Warp's rule: strip ".wrp", append "_modules".
fs::path modules_dir_for(const fs::path& wrp);

// Parses the .wrp and all its sections. With `read_modules`, also reads and
// classifies every module file; a missing or malformed one is an error. A
// retained source (.cu) is read too; a missing one or a digest that does not
// match is recorded (a hazard: Warp 1.19 refuses it), not an error.
Artifact open_artifact(const fs::path& wrp, bool read_modules = true);

// What to do about `a` where its bytes break the format (DamagedInput), appended to the
// reader's message: re-save a capture; copy again or rebuild an artifact wrp-build wrote.
std::string damaged_remedy(const Artifact& a);

// The same checks on an artifact already in memory: `wrp_bytes` is the .wrp and
// `read_module` returns the bytes of a file in its modules folder (nullopt when
// there is none). Used for fuzzing and by callers that hold the files themselves.
// A loader passes OpenOptions::for_loading(): the memory section is hashed on the
// background thread (background.hpp) while the rest opens and the modules load, and
// the loader calls finish_deferred_digest(a.integrity) before using the section
// (integrity.hpp). A loader reading the .wrp in two steps (read_file_staged) passes the
// read of its memory section too: for_loading(staged.rest).
using ModuleFileReader = std::function<std::optional<SharedBytes>(const std::string& filename)>;
Artifact open_artifact_bytes(const fs::path& wrp, SharedBytes wrp_bytes, const ModuleFileReader& read_module,
                             const OpenOptions& options = {});
// The reader open_artifact uses: the files of a modules folder (read_file_shared).
ModuleFileReader module_files_in(const fs::path& dir);

// Warp 1.19 falls back to a module's retained CUDA source (compiled on the
// target with NVRTC and the installed Warp's headers) where its binary does not load.
bool has_source_fallback(const Artifact& a, size_t module);
// The size of binding `name`'s region; throws wrp::Error(usage) listing the
// artifact's bindings when it has none of that name.
uint64_t binding_size(const Artifact& a, const std::string& name);

// Parses the sections of a container already in memory (no module files).
void parse_sections(Artifact& a, ProvenanceRead provenance = ProvenanceRead::always);

}  // namespace wrp
