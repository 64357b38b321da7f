// A replay plan (replay/plan.hpp) as a CUDA graph, built node by node
// with the driver API (no stream capture): each node after the one before it,
// if/while as conditional nodes (CUDA 12.4+) whose bodies are built the same way.
// Everything was decided by the plan; this only turns its symbolic operands into
// addresses and its nodes into driver calls.
#pragma once
#include <string>
#include <vector>

#include "wrpkit/driver/cuda_api.hpp"
#include "wrpkit/replay/plan.hpp"

namespace wrp {

// What the graph builder takes from a loaded replay (replay.cpp).
class ReplayResources {
 public:
  virtual ~ReplayResources() = default;
  // The device address of an operand: a region, the constants or the scratch area as
  // placed at load, plus its offset; 0 for Operand::Area::none and for an offset
  // outside its region (a launch argument that points nowhere).
  virtual CUdeviceptr address(const Operand& p) const = 0;
  virtual CUfunction kernel(const LaunchOp& l, const std::string& where) = 0;
  // Whether the GPU launches thread-block clusters (compute capability 9.0 and newer, as
  // Warp decides): a clustered launch's grid is then made of whole clusters.
  virtual bool clusters() const = 0;
  // An entry of the artifact's helper kernels (helper_kernels.hpp).
  virtual CUfunction helper(const char* entry, const std::string& where) = 0;
  // A handle argument as the replay passes it: a captured mesh id becomes the mesh built at load.
  virtual uint64_t handle(uint64_t captured) const { return captured; }
};

// Appends the plan's nodes to `graph` as one chain.
void build_graph(const CudaApi& cu, CUcontext ctx, ReplayResources& res, CUgraph graph, const ReplayPlan& plan);
// The same chain in a graph someone else owns, its first node after `deps` (none: a start
// of that graph); conditional nodes and their handles go into that graph itself. Returns
// the chain's last node (nullptr: the plan has no nodes).
CUgraphNode append_graph(const CudaApi& cu, CUcontext ctx, ReplayResources& res, CUgraph graph, const ReplayPlan& plan,
                         const std::vector<CUgraphNode>& deps);

}  // namespace wrp
