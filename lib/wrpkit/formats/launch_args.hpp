// How a launch record becomes a kernel launch, as stock Warp's replay does it
// (Warp 1.17 to 1.19 agree; wrp-run reproduces it without Warp):
//   args[0]  launch_bounds_t<ndim>: u32 shape[ndim], padded to 8, u64 size, u64 coord_mult
//   args[1..] each param's value bytes, pointers patched by its relocations
//             (forward params, then a backward launch's adjoint params)
//   grid     grid-stride kernels: one row of ceil(dim / block) blocks, capped by max_blocks;
//            others: ceil(dim / block) blocks spread over x (at most 2^24 / block of them), then y, z.
//   clusters (cluster_dim > 1, Warp 1.19) the kernel carries __cluster_dims__(cluster_dim, 1, 1)
//            where it was compiled for sm_90 or newer, so a plain launch makes clusters; the grid's
//            x must then hold whole clusters: an uncapped grid must already (else Warp refuses the
//            launch), a grid capped by max_blocks is rounded down to whole clusters, and a lean
//            grid's x limit is rounded down too. Below compute capability 9.0 Warp compiles the
//            kernel without clusters and ignores cluster_dim.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "wrpkit/base/bytes.hpp"
#include "wrpkit/formats/ops.hpp"

namespace wrp {

struct LaunchGrid {
  uint32_t x = 1, y = 1, z = 1;
  uint32_t block = 256;
  bool empty = false;  // dim 0: nothing to launch
};

// The grid on a GPU that launches thread-block clusters (`clusters`: compute capability
// 9.0 and newer, as Warp decides) or one that does not. Throws wrp::Error(bad_input)
// naming `where` for a clustered launch whose blocks do not make whole clusters.
LaunchGrid launch_grid(const LaunchOp& l, const std::string& where, bool clusters);

Bytes launch_bounds_bytes(const LaunchOp& l);

// The device address of `offset` bytes into region `region`, or 0 when the region is
// unknown or the offset lies outside it.
using RegionResolver = std::function<uint64_t(int32_t region, uint64_t offset)>;

// The value a handle argument (a mesh id) takes in the replay, from the one captured.
using HandleResolver = std::function<uint64_t(uint64_t captured)>;

// args[0] and every param's bytes, patched (handles by `handle`; unchanged without one).
// Throws wrp::Error(bad_input) naming `where` for a data pointer that resolves to no region.
std::vector<Bytes> pack_launch_args(const LaunchOp& l, const RegionResolver& resolve, const std::string& where,
                                    const HandleResolver& handle = {});

}  // namespace wrp
