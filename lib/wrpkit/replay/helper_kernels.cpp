#include "wrpkit/replay/helper_kernels.hpp"

#include "wrpkit/replay/algorithms.hpp"
#include "wrpkit/replay/sparse.hpp"

namespace wrp {

std::vector<std::string> replay_helper_entries() {
  std::vector<std::string> out{kHelperSetCondition, kHelperSetIfElse, kHelperMemtile};
  for (auto& e : algorithm_kernel_entries()) out.push_back(e);
  for (auto& e : bsr_kernel_entries()) out.push_back(e);
  return out;
}

std::vector<std::string> mesh_kernel_entries() { return {kMeshBounds, kMeshInit, kMeshEdgeLength, kMeshSolidAngles}; }

}  // namespace wrp
