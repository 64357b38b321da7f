// The metadata section (every format version wrpkit reads, 13..18): modules,
// kernels, named bindings, mesh records and pointer locations, plus what 18
// adds (producer version; per module digests, retained source, binary kind,
// fallback reason, compile recipe). parse -> serialize is exact.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "wrpkit/base/bytes.hpp"

namespace wrp {

// Format 18's binary kind and fallback reason codes.
enum BinaryKind : uint8_t { kBinaryNone = 0, kBinaryPtx = 1, kBinaryCubin = 2 };
enum FallbackReason : uint8_t { kSourceAvailable = 0, kSourceUnavailable = 1 };
const char* binary_kind_name(uint8_t kind);

struct ModuleRecord {
  std::string hash, name, binary_filename;
  uint32_t target_arch = 0;
  // Format 18 only (empty / zero before): SHA-256 hex digests of the files.
  std::string binary_digest, source_filename, source_digest;
  uint8_t binary_kind = kBinaryNone, fallback_reason = kSourceUnavailable;
  std::array<uint8_t, 16> recipe{};  // raw; recipe.hpp interprets it

  bool retains_source() const { return !source_filename.empty(); }
  // Makes this a format-18 binary-only record: what Warp writes without source_fallback.
  void make_binary_only();
};

struct KernelRecord {
  std::string key, module_hash, forward_name, backward_name;
  uint32_t forward_smem_bytes = 0, backward_smem_bytes = 0, block_dim = 0;
};

// Warp 1.19 writes this region id for a binding whose array it did not track while
// capturing (a BSR matrix's arrays, reallocated by bsr_set_from_triplets, for one): its
// loader accepts the file; setting or reading that binding fails there.
inline constexpr uint32_t kUntrackedRegion = 0xFFFFFFFF;

struct BindingRecord {
  std::string name;
  uint32_t region_id = 0;
};

struct MeshRecord {
  int32_t num_points = 0, num_tris = 0;
  uint8_t winding = 0, bvh_constructor = 0;
  uint16_t bvh_leaf_size = 0;
  uint32_t points_region = 0, indices_region = 0, velocities_region = 0;
  uint64_t original_id = 0;
};

struct PtrLocation {
  uint32_t region_id = 0;
  uint64_t offset = 0, stride = 0;
  uint64_t count = 0;  // format 18; before it, "every stride bytes to the region's end"
};

struct Metadata {
  uint32_t version = 0, target_arch = 0;
  std::string producer_version;  // format 18: the Warp release that wrote it, "1.19.0"
  std::vector<ModuleRecord> modules;
  std::vector<KernelRecord> kernels;
  std::vector<BindingRecord> bindings;
  std::vector<MeshRecord> meshes;
  std::vector<PtrLocation> ptr_locations;

  const ModuleRecord* module_by_hash(const std::string& hash) const;
  const KernelRecord* kernel(const std::string& module_hash, const std::string& key) const;
  // Every kernel entry symbol (forward and backward) the metadata names for a module, once each.
  std::vector<std::string> entries_of(const std::string& module_hash) const;
};

// `origin` is the section's file offset, for error messages. The layout follows
// the section's own version field (format_version.hpp).
Metadata parse_metadata(const std::string& file, ByteView data, uint64_t origin);
Bytes serialize_metadata(const Metadata& m);

// A module file name must be a bare name inside NAME_modules/: no folders, no "..", no
// control characters.
bool is_safe_module_filename(const std::string& name);

}  // namespace wrp
