// The op stream as a CUDA graph, built node by node with the driver API (no
// stream capture): each op a node depending on the one before it, if/while as
// conditional nodes (CUDA 12.4+) whose bodies are built the same way, their
// conditions set by wrp-run's helper kernels as stock Warp's replay sets them,
// scan, sorts, run-length encode and reduction as chains of the helpers'
// algorithm kernels (replay_algorithms.hpp).
#pragma once
#include <string>
#include <vector>

#include "wrpkit/base/bytes.hpp"
#include "wrpkit/driver/cuda_api.hpp"
#include "wrpkit/formats/ops.hpp"

namespace wrp {

// What the graph builder takes from a loaded replay (replay.cpp).
class ReplayResources {
 public:
  virtual ~ReplayResources() = default;
  // The address of `size` bytes at `offset` of region `id`; 0 when they lie outside every region.
  virtual CUdeviceptr address(int32_t id, uint64_t offset, uint64_t size) const = 0;
  virtual CUfunction kernel(const LaunchOp& l, const std::string& where) = 0;
  // An entry of the artifact's helper kernels (replay_helpers.hpp).
  virtual CUfunction helper(const char* entry, const std::string& where) = 0;
  // Device memory holding `bytes` for the replay's lifetime (memcpy sources, fill values).
  virtual CUdeviceptr constant(ByteView bytes, const std::string& where) = 0;
  // Device scratch of at least `size` bytes for an algorithm op's chain (graph_scratch_size
  // of the ops: the chains run one after another, so they share it).
  virtual CUdeviceptr scratch(uint64_t size, const std::string& where) = 0;
};

// Device bytes build_graph asks `constant` for (memcpy sources, fill values), each
// rounded up to kConstantAlign: the size of one upload area allocated before building.
constexpr uint64_t kConstantAlign = 256;
// `n` bytes rounded up to kConstantAlign (0 when n is within kConstantAlign of 2^64: callers check).
constexpr uint64_t constant_slot(uint64_t n) { return (n + kConstantAlign - 1) / kConstantAlign * kConstantAlign; }
uint64_t graph_constants_size(const std::vector<Op>& ops);

// Appends `ops` to `graph` as one chain; `where` prefixes messages ("FILE: operations").
void build_graph(const CudaApi& cu, CUcontext ctx, ReplayResources& res, CUgraph graph, const std::vector<Op>& ops,
                 const std::string& where);

}  // namespace wrp
