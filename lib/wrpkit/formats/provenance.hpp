// wrpkit's own section (type kSectionWrpkit): a TOML document recording how an
// artifact was built (inputs, targets, images, toolchain). Stock Warp skips it.
// Read once (open_artifact) into this typed record; wrp-build writes it from one.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/base/bytes.hpp"

namespace wrp {

// A string field that is empty was not recorded (or not a string: the section is
// untrusted input, so a key of the wrong type reads as absent, never as a crash).
struct ProvenanceImage {
  std::string kind, arch, from, sha256;  // "sass" | "ptx"; "sm_90"; "ptx" | "source" | "binary"
  std::string compiler;                  // the CUDA release that made it ("12.9")
  std::string ptx_isa, min_driver;       // PTX images: their ISA and the first driver that JITs it
  std::optional<int64_t> size;
};

struct ProvenanceModule {
  std::string file, source, from;     // the output file, the capture's file, what it was built from
  std::string source_sha256, sha256;  // of the capture's module file and of the fatbin written
  std::string recipe, cuda_source;    // source builds: Warp's NVRTC recipe; the .cu copied along
  std::optional<int64_t> kernels_built, kernels_in_source;
  std::vector<ProvenanceImage> images;
};

struct ProvenanceHelpers {
  std::vector<std::string> images;  // "sm_90", "compute_75"
  std::optional<int64_t> size;
  std::string sha256;
};

struct Provenance {
  std::string wrpkit_version;
  std::vector<std::string> targets;    // "sm_75"; an entry that is not a string reads as "?"
  std::string ptx, compress, kernels;  // "lowest" | "none"; none | default | size; "launched" | "all"
  std::optional<int64_t> target_arch;
  std::string min_driver, min_driver_from, capture_cuda;
  std::string input_wrp, input_wrp_sha256;
  std::string tools, options;             // the toolchain used and its options
  std::vector<ProvenanceModule> modules;  // a module entry that is not a table is skipped
  std::optional<ProvenanceHelpers> replay_helpers;
  // "manifest": the build wrote a manifest section (manifest.hpp), so an artifact
  // with this record and none has lost it. Empty from wrpkit before 0.9.
  std::string integrity;
};

Bytes serialize_provenance(const Provenance& p);
// Malformed provenance (not TOML) is reported as bad input naming the file and offset.
Provenance parse_provenance(const std::string& file, ByteView data, uint64_t origin);

}  // namespace wrp
