#include "wrpkit/formats/launch_args.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "wrpkit/base/error.hpp"

namespace wrp {

namespace {

constexpr int kMaxDims = 4;
constexpr unsigned kMaxClusterDim = 16;  // Warp's own limit (Hopper's non-portable cluster size)

size_t align8(size_t n) { return (n + 7) & ~size_t(7); }

int bounded_ndim(const LaunchOp& l) { return std::clamp(l.ndim, 1, kMaxDims); }

template <class T>
void put(Bytes& b, size_t at, T v) {
  std::memcpy(b.data() + at, &v, sizeof v);
}

void no_whole_clusters(const std::string& where, uint64_t blocks, unsigned cluster) {
  fail_damaged(
      fmt::format("{}: a clustered launch of {} blocks does not make whole clusters of {} (Warp refuses "
                  "it as well)",
                  where, blocks, cluster));
}

// Grid-stride kernels: one row of blocks; a cap by max_blocks rounds down to whole clusters.
uint32_t grid_stride_x(const LaunchOp& l, uint64_t blocks, unsigned cluster, const std::string& where) {
  uint64_t cap = l.max_blocks > 0 ? uint64_t(l.max_blocks) : 2147483647u;
  uint64_t x = std::min(blocks, cap);
  if (cluster > 1 && x > 0) {
    if (x == blocks && blocks % cluster) no_whole_clusters(where, blocks, cluster);
    x = x / cluster * cluster;
    if (x == 0)
      fail_damaged(fmt::format("{}: max_blocks {} holds no whole cluster of {} blocks", where, l.max_blocks, cluster));
  }
  return uint32_t(std::max<uint64_t>(1, x));
}

// wp.tid() coordinates are signed 32-bit: the leading one counts up to its extent - 1, the
// others are rebuilt from launch_bounds_t's `int shape[]`, where 2^31 itself wraps. Warp
// refuses larger extents at launch since PR #1902; a replay of one would compute wrong
// coordinates, so the plan refuses it before anything reaches the GPU.
void check_extents(const LaunchOp& l, const std::string& where) {
  for (int d = 0; d < bounded_ndim(l); ++d) {
    uint64_t limit = d == 0 ? uint64_t(1) << 31 : (uint64_t(1) << 31) - 1;
    if (l.shape[d] > limit)
      fail_damaged(
          fmt::format("{}: launch extent {} in dimension {} is beyond {}: Warp's thread coordinates "
                      "(wp.tid()) are 32-bit and would wrap (Warp refuses such a launch)",
                      where, l.shape[d], d, limit));
  }
}

}  // namespace

LaunchGrid launch_grid(const LaunchOp& l, const std::string& where, bool clusters) {
  LaunchGrid g;
  g.block = l.block_dim > 0 ? uint32_t(l.block_dim) : 256;  // Warp's own default for a missing block size
  g.empty = l.dim == 0;
  if (l.cluster_dim > kMaxClusterDim)
    fail_damaged(
        fmt::format("{}: cluster_dim {} is beyond Warp's limit of {} blocks", where, l.cluster_dim, kMaxClusterDim));
  check_extents(l, where);
  unsigned cluster = clusters && l.cluster_dim > 1 ? l.cluster_dim : 1;
  uint64_t blocks = (l.dim + g.block - 1) / g.block;
  if (l.grid_stride) {
    g.x = grid_stride_x(l, blocks, cluster, where);
    return g;
  }
  if (blocks % cluster) no_whole_clusters(where, blocks, cluster);
  // Lean kernels index with 32-bit math on x: keep gridDim.x * blockDim.x within 2^24 threads'
  // worth of blocks, and spill the rest over y and z (65535 each).
  uint64_t max_x = (uint64_t(1) << 24) / g.block / cluster * cluster;
  if (max_x == 0) max_x = cluster;
  uint64_t x = std::max<uint64_t>(1, std::min(blocks, max_x));
  uint64_t rest = (blocks + x - 1) / x;
  uint64_t y = std::max<uint64_t>(1, std::min<uint64_t>(rest, 65535));
  uint64_t z = std::clamp<uint64_t>((rest + y - 1) / y, 1, 65535);
  g.x = uint32_t(x), g.y = uint32_t(y), g.z = uint32_t(z);
  return g;
}

Bytes launch_bounds_bytes(const LaunchOp& l) {
  int nd = bounded_ndim(l);
  size_t size_at = align8(size_t(nd) * 4), mult_at = size_at + 8;
  Bytes b(align8(mult_at + 8), 0);
  uint64_t shape_size = 1;
  for (int d = 0; d < nd; ++d) {
    put<uint32_t>(b, size_t(d) * 4, l.shape[d]);
    shape_size *= l.shape[d];
  }
  put<uint64_t>(b, size_at, l.size);
  // Threads that share one coordinate tuple (tile launches run block_dim threads per tuple).
  uint64_t coord_mult = shape_size > 0 && l.size > shape_size ? l.size / shape_size : 1;
  put<uint64_t>(b, mult_at, coord_mult);
  return b;
}

std::vector<Bytes> pack_launch_args(const LaunchOp& l, const RegionResolver& resolve, const std::string& where,
                                    const HandleResolver& handle) {
  std::vector<Bytes> args;
  args.reserve(1 + l.params.size() + l.adjoint_params.size());
  args.push_back(launch_bounds_bytes(l));
  for (auto* list : {&l.params, &l.adjoint_params})
    for (auto& p : *list) {
      Bytes v(std::max<uint32_t>(p.value_size, 1), 0);
      std::memcpy(v.data(), l.value_data.data() + p.value_offset, p.value_size);
      for (auto& r : p.relocs) {
        uint64_t patched = 0;
        if (r.kind == kRelocDataPtr) {
          patched = resolve(r.region_id, r.region_offset);
          if (!patched)
            fail(Exit::bad_input,
                 fmt::format("{}: parameter {} points {} bytes into region {}, which the memory section does not hold",
                             where, p.index, r.region_offset, r.region_id));
        } else if (r.kind == kRelocHandle) {
          patched = handle ? handle(r.region_offset) : r.region_offset;  // a mesh id: the mesh built at load
        }
        put<uint64_t>(v, r.value_byte_offset, patched);
      }
      args.push_back(std::move(v));
    }
  return args;
}

}  // namespace wrp
