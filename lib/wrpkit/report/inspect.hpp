// The report wrp-inspect prints: what an artifact holds and where it loads, as
// data (inspect), printed by one text and one JSON printer (inspect_print.hpp; the
// JSON schema is docs/inspect-json.md). Copies, not references: a report outlives
// the artifact it was made from.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/cuda_version.hpp"
#include "wrpkit/formats/metadata.hpp"
#include "wrpkit/formats/module_binary.hpp"
#include "wrpkit/formats/ops.hpp"
#include "wrpkit/formats/provenance.hpp"
#include "wrpkit/report/hazards.hpp"
#include "wrpkit/trust/ed25519.hpp"

namespace wrp {

struct Artifact;

struct InspectSection {
  uint32_t type = 0;
  std::string name;
  uint64_t size = 0;
};

struct InspectImage {
  Image image;
  std::optional<CudaVersion> min_driver;  // the oldest driver that loads it (image_min_driver)
};

// A format-16+ module record: how Warp 1.19 would treat the module.
struct InspectRecord {
  std::string binary_kind;
  int64_t fallback_reason = 0;
  bool source_retained = false;
  std::string binary_digest, source_digest;  // digest_name: match, mismatch, missing, none
  std::string source_file;                   // with retained source
  std::string recipe;                        // with retained source: Warp's NVRTC options, or "unknown recipe bytes"
};

struct InspectKernel {
  std::string key, forward, backward;
  uint64_t launches = 0;
  int64_t block_dim = 0;
};

struct InspectModule {
  std::string file, name, hash;
  int64_t target_arch = 0;
  std::string kind = "missing";  // module_kind_name, or "missing": its file was not read
  bool present = false;          // the module file was read: size and images are known
  uint64_t size = 0;
  std::vector<InspectImage> images;
  std::optional<InspectRecord> record;
  std::vector<InspectKernel> kernels;
};

struct InspectBinding {
  std::string name;
  int64_t region = 0;
  uint64_t bytes = 0;
  std::string dtype;  // "<f4[3]" from the kernel that reads it (artifact/binding_type.hpp); "" when unknown
};

struct InspectOps {
  uint64_t count = 0, top_level = 0;
  std::map<std::string, uint64_t> by_type;
  int max_depth = 0;
  bool all_launches_resolved = true;
  std::vector<std::pair<uint32_t, BsrOp>> bsr;  // each BSR op (type, record), nested ones included
};

// The load matrix for the GPUs asked about (wrp-inspect --arch), under a driver when given.
struct LoadMatrix {
  std::vector<Arch> archs;
  std::optional<CudaVersion> driver;
  std::vector<std::string> name_column;             // every module file (sets the column width)
  std::vector<std::string> files;                   // the modules read, a row each
  std::vector<std::vector<LoadPath>> modules;       // [row][arch]
  std::optional<std::vector<LoadPath>> conditions;  // [arch]: up to format 16, if/while condition kernels
  std::vector<LoadPath> artifact;                   // [arch]: the artifact as a whole
};

// Whether the artifact is as wrp-build wrote it (integrity.hpp); the problems are hazards.
struct InspectIntegrity {
  std::string state = "unverified";         // verified | unverified (no manifest) | damaged
  std::string signature = "none";           // signature_check_name: none, not_checked, trusted, untrusted, bad
  std::string key_id;                       // the signing key's id (SHA-256 of its public key); empty when unsigned
  uint64_t sections = 0, files = 0;         // what the manifest covers
  std::vector<std::string> files_not_read;  // listed in the manifest, not in the modules folder
};

// wrp-inspect --verify: why the artifact is not vouched for; empty: it is.
struct VerifyResult {
  bool trust_given = false;
  std::vector<std::string> problems;
};

struct InspectReport {
  std::string file;
  uint32_t format_version = 0;
  bool cpu = false;
  int64_t target_arch = 0, header_target_arch = 0;
  bool exact_warp = false;       // format 18: only the Warp that wrote it loads it
  std::string producer_version;  // with exact_warp
  std::string loads_in;          // "Warp 1.16 to 1.18", "Warp 1.19.0 only"
  std::vector<InspectSection> sections;
  std::optional<CudaVersion> min_driver;  // the SASS floor (sass_floor)
  std::vector<InspectModule> modules;
  std::vector<InspectBinding> bindings;
  uint64_t meshes = 0, regions = 0;
  std::vector<MeshRecord> mesh_records;  // as the metadata holds them (checked against their regions)
  InspectOps ops;
  std::vector<std::string> replay_blockers;  // wrp-run: why it cannot replay; empty: it does
  std::vector<std::string> helper_archs;     // wrp-run's helper kernels: sm_90, compute_75
  std::vector<Hazard> hazards;
  std::optional<LoadMatrix> load_matrix;
  std::optional<Provenance> provenance;  // built by wrpkit: how
  InspectIntegrity integrity;
  std::optional<VerifyResult> verify;  // with --verify
};

// `archs`: the GPUs for the load matrix (none: no matrix); `driver`: the matrix under
// a driver of that CUDA release (--driver). Throws Error(bad_input) where the
// artifact's wrpkit section is not readable.
InspectReport inspect(const Artifact& a, const std::vector<Arch>& archs,
                      std::optional<CudaVersion> driver = std::nullopt);

// wrp-inspect --verify [--trust]: fills r.verify from the artifact: every byte matches
// its manifest, every listed file is there, Warp's own digests (format 18) match, and
// with `trusted` keys the manifest is signed by one of them.
void verify(InspectReport& r, const Artifact& a, const std::vector<PublicKey>& trusted);

// wrp-inspect --arch as a yes/no check: 0 when the artifact loads as SASS on every GPU
// of the matrix (and with no matrix), 1 when some needs a JIT (PTX, or retained
// source), 2 when some cannot load it (artifact_load_path).
int load_matrix_exit_code(const InspectReport& r);
// That, and 2 when --verify found a problem.
int inspect_exit_code(const InspectReport& r);

}  // namespace wrp
