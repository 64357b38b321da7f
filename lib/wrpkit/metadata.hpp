// The metadata section (format versions 13..15): modules, kernels, named
// bindings, mesh records and pointer locations. parse -> serialize is exact.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "wrpkit/bytes.hpp"

namespace wrp {

struct ModuleRecord {
  std::string hash, name, binary_filename;
  uint32_t target_arch = 0;
};

struct KernelRecord {
  std::string key, module_hash, forward_name, backward_name;
  uint32_t forward_smem_bytes = 0, backward_smem_bytes = 0, block_dim = 0;
};

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
};

struct Metadata {
  uint32_t version = 0, target_arch = 0;
  std::vector<ModuleRecord> modules;
  std::vector<KernelRecord> kernels;
  std::vector<BindingRecord> bindings;
  std::vector<MeshRecord> meshes;
  std::vector<PtrLocation> ptr_locations;

  const ModuleRecord* module_by_hash(const std::string& hash) const;
  const KernelRecord* kernel(const std::string& module_hash, const std::string& key) const;
};

// `origin` is the section's file offset, for error messages.
Metadata parse_metadata(const std::string& file, ByteView data, uint64_t origin);
Bytes serialize_metadata(const Metadata& m);

// A module file name must be a bare name inside NAME_modules/: no folders, no "..".
bool is_safe_module_filename(const std::string& name);

}  // namespace wrp
