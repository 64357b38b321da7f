// A replay's meshes, built at load as the artifact's own Warp loader builds them (1.15 to
// 1.19: mesh_releases.hpp; apic_create_meshes): for each mesh record, the triangles'
// bounds on the GPU, Warp's SAH or median tree over them on the host (mesh_bvh.hpp), then
// the descriptor, the average edge length and, for winding numbers, the tree's solid-angle
// data, all by wrp-run's mesh kernels (compiled by wrp-build from Warp's headers:
// helper_kernels.hpp). The
// descriptor's address is the mesh's new id: launches' handle arguments and the handle
// slots Warp saved in memory (ptr_locations) that held the captured id get it.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <vector>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/driver/cuda_api.hpp"

namespace wrp {

class LoadedMeshes {
 public:
  using RegionAddress = std::function<CUdeviceptr(uint32_t region)>;

  // Builds every mesh of `a` with the kernels of `module` (the wrpkit-mesh section, loaded)
  // on `stream`, then patches the saved handle slots of the regions (already uploaded).
  // Throws wrp::Error naming the mesh for a driver failure or a slot outside its region.
  void build(const CudaApi& cu, const Artifact& a, CUmodule module, CUstream stream, const RegionAddress& region);
  // The new id of a captured mesh id; any other handle unchanged (as Warp remaps).
  uint64_t remap(uint64_t captured) const;
  void release(const CudaApi& cu);

 private:
  void patch_saved_handles(const CudaApi& cu, const Artifact& a, const RegionAddress& region);

  std::map<uint64_t, uint64_t> ids_;  // captured id -> descriptor address
  std::vector<CUdeviceptr> memory_;   // one allocation per mesh
};

}  // namespace wrp
