#include "wrpkit/replay/meshes.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/format_version.hpp"
#include "wrpkit/replay/algorithms.hpp"
#include "wrpkit/replay/helper_kernels.hpp"
#include "wrpkit/replay/mesh_bvh.hpp"
#include "wrpkit/replay/mesh_releases.hpp"

namespace wrp {

namespace {

// Before format 18 a handle location names no count: its slots run to the region's end
// (Warp 1.18's loader: while offset + 8 <= size); none where the first is already past it.
uint64_t slots_to_region_end(const PtrLocation& loc, uint64_t region_size) {
  if (loc.offset > region_size || region_size - loc.offset < 8) return 0;
  return loc.stride ? (region_size - loc.offset - 8) / loc.stride + 1 : 1;
}

// The helper kernels' block (replay_mesh.cu's edge-length sum holds one slot per thread).
constexpr unsigned kBlock = kAlgoBlock;
static_assert(kBlock == 256, "kernels/replay_mesh.cu sums in a block of 256 threads");

// One mesh's device arrays, laid out in one allocation in this order.
struct MeshMemory {
  CUdeviceptr descriptor = 0, lowers = 0, uppers = 0, solid_angles = 0, node_lowers = 0, node_uppers = 0, parents = 0,
              counts = 0, primitives = 0, root = 0;
  uint64_t size = 0;

  MeshMemory(uint64_t tris, bool winding, uint64_t descriptor_bytes, uint64_t solid_angle_bytes) {
    uint64_t nodes = 2 * tris - 1;
    auto part = [&](CUdeviceptr& at, uint64_t bytes) {
      at = size;
      size += scratch_slot(bytes);  // each array 256-aligned, as cuMemAlloc gives
    };
    part(descriptor, descriptor_bytes);
    part(lowers, tris * 12);
    part(uppers, tris * 12);
    if (winding) part(solid_angles, 2 * tris * solid_angle_bytes);  // as Warp allocates them
    part(node_lowers, nodes * 16);
    part(node_uppers, nodes * 16);
    part(parents, nodes * 4);
    part(counts, nodes * 4);
    part(primitives, tris * 4);
    part(root, 4);
  }
  void place(CUdeviceptr base) {
    for (auto* p : {&descriptor, &lowers, &uppers, &node_lowers, &node_uppers, &parents, &counts, &primitives, &root})
      *p += base;
    if (solid_angles) solid_angles += base;
  }
};

class MeshBuilder {
 public:
  MeshBuilder(const CudaApi& cu, CUmodule module, CUstream stream, int leaf_depth)
      : cu_(cu), module_(module), stream_(stream), leaf_depth_(leaf_depth) {
    CUdeviceptr at = 0;
    size_t bytes = 0;
    cu_.check(cu_.cuModuleGetGlobal(&at, &bytes, module_, kMeshSizes), "wrp-run's mesh kernels: their sizes");
    uint64_t sizes[2] = {0, 0};
    if (bytes != sizeof sizes)
      fail(Exit::bad_input, fmt::format("wrp-run's mesh kernels: {} holds {} bytes, not 16", kMeshSizes, bytes));
    cu_.check(cu_.cuMemcpyDtoH(sizes, at, sizeof sizes), "wrp-run's mesh kernels: their sizes");
    descriptor_bytes_ = sizes[0];
    solid_angle_bytes_ = sizes[1];
  }

  // The mesh's descriptor address; `memory` gets the allocation to free.
  CUdeviceptr build(const MeshRecord& m, CUdeviceptr points, CUdeviceptr indices, CUdeviceptr velocities,
                    std::vector<CUdeviceptr>& memory, const std::string& where) {
    int32_t n = m.num_tris;
    bool winding = m.winding != 0;
    MeshMemory mm(uint64_t(n), winding, descriptor_bytes_, solid_angle_bytes_);
    CUdeviceptr base = 0;
    cu_.check(cu_.cuMemAlloc(&base, mm.size), fmt::format("{}: cuMemAlloc of {} bytes", where, mm.size));
    memory.push_back(base);
    mm.place(base);
    launch(kMeshBounds, grid_stride_blocks(uint64_t(n)), where, n, points, indices, mm.lowers, mm.uppers);
    auto constructor = BvhConstructor(m.bvh_constructor);
    auto bvh = host_tree(mm, n, m.bvh_leaf_size, constructor, where);
    upload(mm, bvh, where);
    launch(kMeshInit, 1, where, mm.descriptor, points, velocities, indices, m.num_points, n, mm.lowers, mm.uppers,
           mm.solid_angles, mm.node_lowers, mm.node_uppers, mm.parents, mm.counts, mm.primitives, mm.root,
           bvh.max_depth, bvh.max_nodes, bvh.num_nodes, bvh.num_leaf_nodes, bvh.leaf_size, int(constructor));
    launch(kMeshEdgeLength, 1, where, n, points, indices, mm.descriptor);
    if (winding)
      launch(kMeshSolidAngles, unsigned((uint64_t(bvh.num_leaf_nodes) + kBlock - 1) / kBlock), where,
             bvh.num_leaf_nodes, mm.parents, mm.counts, mm.node_lowers, mm.node_uppers, points, indices, mm.primitives,
             mm.solid_angles);
    cu_.check(cu_.cuStreamSynchronize(stream_), where + ": building the mesh");
    return mm.descriptor;
  }

 private:
  // As Warp: the bounds come back from the GPU, the tree is built on the host.
  HostBvh host_tree(const MeshMemory& mm, int32_t n, int leaf_size, BvhConstructor constructor,
                    const std::string& where) const {
    std::vector<Vec3f> lo(static_cast<size_t>(n)), hi(static_cast<size_t>(n));
    cu_.check(cu_.cuStreamSynchronize(stream_), where + ": triangle bounds");
    cu_.check(cu_.cuMemcpyDtoH(lo.data(), mm.lowers, lo.size() * 12), where + ": triangle bounds");
    cu_.check(cu_.cuMemcpyDtoH(hi.data(), mm.uppers, hi.size() * 12), where + ": triangle bounds");
    auto bvh = build_top_down_bvh(lo, hi, leaf_size, constructor, leaf_depth_);
    reorder_leaves_first(bvh);
    return bvh;
  }

  void upload(const MeshMemory& mm, const HostBvh& bvh, const std::string& where) {
    auto put = [&](CUdeviceptr to, const void* from, size_t bytes) {
      cu_.check(cu_.cuMemcpyHtoD(to, from, bytes), where + ": the BVH");
    };
    size_t nodes = size_t(bvh.max_nodes);
    std::vector<int32_t> zeros(nodes, 0);
    put(mm.node_lowers, bvh.lowers.data(), nodes * 16);
    put(mm.node_uppers, bvh.uppers.data(), nodes * 16);
    put(mm.parents, bvh.parents.data(), nodes * 4);
    put(mm.counts, zeros.data(), nodes * 4);  // the solid-angle pass counts finished children
    put(mm.primitives, bvh.primitive_indices.data(), bvh.primitive_indices.size() * 4);
    put(mm.root, &bvh.root, 4);
  }

  template <class... Args>
  void launch(const char* entry, unsigned grid, const std::string& where, Args... args) {
    CUfunction f = nullptr;
    cu_.check(cu_.cuModuleGetFunction(&f, module_, entry), fmt::format("{}: wrp-run's mesh kernel {}", where, entry));
    void* params[] = {&args...};
    cu_.check(cu_.cuLaunchKernel(f, grid, 1, 1, kBlock, 1, 1, 0, stream_, params, nullptr),
              fmt::format("{}: {}", where, entry));
  }

  const CudaApi& cu_;
  CUmodule module_;
  CUstream stream_;
  int leaf_depth_;  // the loader's tree builder's (mesh_releases.hpp)
  uint64_t descriptor_bytes_ = 0, solid_angle_bytes_ = 0;
};

}  // namespace

void LoadedMeshes::build(const CudaApi& cu, const Artifact& a, CUmodule module, CUstream stream,
                         const RegionAddress& region) {
  auto rules = mesh_rules(a.meta);
  if (!rules.why_not.empty()) fail(Exit::target, fmt::format("{}: its meshes: {}", a.name(), rules.why_not));
  MeshBuilder builder(cu, module, stream, rules.leaf_depth);
  for (size_t i = 0; i < a.meta.meshes.size(); ++i) {
    auto& m = a.meta.meshes[i];
    auto where = fmt::format("{}: mesh {}", a.name(), i);
    CUdeviceptr velocities = m.velocities_region ? region(m.velocities_region) : 0;
    ids_[m.original_id] =
        builder.build(m, region(m.points_region), region(m.indices_region), velocities, memory_, where);
  }
  patch_saved_handles(cu, a, region);
}

// Warp saved where memory holds handles (a struct array of mesh ids, say); each slot that
// held a captured id gets the new one, as the artifact's loader does it. Warp 1.19 (format
// 18: a count per location, checked against the region) reads every slot from the saved
// data; up to 1.18 a location's slots run every `stride` bytes to the region's end, a slot
// past it is skipped, and each is patched in place, so a slot two locations name is looked
// up again with its new value. A region with a new id is uploaded whole, once.
void LoadedMeshes::patch_saved_handles(const CudaApi& cu, const Artifact& a, const RegionAddress& region) {
  auto& mem = a.container.require(kSectionMemory, a.name());
  bool counted = ptr_location_has_count(a.meta.version);
  std::map<uint32_t, Bytes> patched;  // region -> its saved data with the new ids (from its first one)
  for (size_t i = 0; i < a.meta.ptr_locations.size(); ++i) {
    auto& loc = a.meta.ptr_locations[i];
    auto* r = find_region(a.regions, loc.region_id);
    uint64_t count = counted ? loc.count : slots_to_region_end(loc, r ? r->size : 0);
    if (!count) continue;
    if (!r || loc.offset > r->size || r->size - loc.offset < 8 || (!loc.stride && count != 1) ||
        (loc.stride && count - 1 > (r->size - loc.offset - 8) / loc.stride))
      fail(Exit::bad_input, fmt::format("{}: metadata.ptr_locations[{}]: {} handle slot(s) every {} bytes from offset "
                                        "{} lie outside region {}; the capture is damaged: re-save it",
                                        a.name(), i, count, loc.stride, loc.offset, loc.region_id));
    if (!r->has_initial_data) continue;
    auto saved = initial_data(*r, mem.data, mem.file_offset, r->size);
    auto copy = patched.find(loc.region_id);
    for (uint64_t k = 0, at = loc.offset; k < count; ++k, at += loc.stride) {
      uint64_t id = 0;
      bool in_place = !counted && copy != patched.end();
      std::memcpy(&id, (in_place ? copy->second.data() : saved.data()) + at, 8);
      auto to = ids_.find(id);
      if (to == ids_.end()) continue;
      if (copy == patched.end()) copy = patched.emplace(loc.region_id, Bytes(saved.begin(), saved.end())).first;
      std::memcpy(copy->second.data() + at, &to->second, 8);
    }
  }
  for (auto& [id, bytes] : patched)
    cu.check(cu.cuMemcpyHtoD(region(id), bytes.data(), bytes.size()),
             fmt::format("{}: region {}'s mesh handles", a.name(), id));
}

uint64_t LoadedMeshes::remap(uint64_t captured) const {
  auto it = ids_.find(captured);
  return it == ids_.end() ? captured : it->second;
}

void LoadedMeshes::release(const CudaApi& cu) {
  for (auto p : memory_) cu.cuMemFree(p);
  memory_.clear();
  ids_.clear();
}

}  // namespace wrp
