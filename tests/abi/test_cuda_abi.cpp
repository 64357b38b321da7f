// wrpkit declares the driver's parameter blocks itself (cuda_api.hpp) so the
// runtime builds without a CUDA toolkit. This compiles them against the real
// cuda.h (the pinned nvidia-cuda-runtime wheel's), field by field: a mistake is
// a build error here, not a wrong graph at run time.
#include <cuda.h>

#include <cstddef>

#include "wrpkit/driver/cuda_api.hpp"

#define SAME(ours, theirs, field) \
  static_assert(offsetof(ours, field) == offsetof(theirs, field), #ours "." #field " is not where cuda.h has it")
#define SAME_SIZE(ours, theirs) static_assert(sizeof(ours) == sizeof(theirs), #ours " differs in size from " #theirs)

using wrp::CuKernelNodeParams, wrp::CuMemsetNodeParams, wrp::CuMemcpy3D, wrp::CuConditionalNodeParams, wrp::CuGraphNodeParams;

SAME_SIZE(CuKernelNodeParams, CUDA_KERNEL_NODE_PARAMS_v1);
SAME(CuKernelNodeParams, CUDA_KERNEL_NODE_PARAMS_v1, gridDimX);
SAME(CuKernelNodeParams, CUDA_KERNEL_NODE_PARAMS_v1, blockDimZ);
SAME(CuKernelNodeParams, CUDA_KERNEL_NODE_PARAMS_v1, sharedMemBytes);
SAME(CuKernelNodeParams, CUDA_KERNEL_NODE_PARAMS_v1, kernelParams);
SAME(CuKernelNodeParams, CUDA_KERNEL_NODE_PARAMS_v1, extra);

SAME_SIZE(CuMemsetNodeParams, CUDA_MEMSET_NODE_PARAMS_v1);
SAME(CuMemsetNodeParams, CUDA_MEMSET_NODE_PARAMS_v1, pitch);
SAME(CuMemsetNodeParams, CUDA_MEMSET_NODE_PARAMS_v1, value);
SAME(CuMemsetNodeParams, CUDA_MEMSET_NODE_PARAMS_v1, elementSize);
SAME(CuMemsetNodeParams, CUDA_MEMSET_NODE_PARAMS_v1, width);
SAME(CuMemsetNodeParams, CUDA_MEMSET_NODE_PARAMS_v1, height);

SAME_SIZE(CuMemcpy3D, CUDA_MEMCPY3D);
SAME(CuMemcpy3D, CUDA_MEMCPY3D, srcMemoryType);
SAME(CuMemcpy3D, CUDA_MEMCPY3D, srcDevice);
SAME(CuMemcpy3D, CUDA_MEMCPY3D, srcHeight);
SAME(CuMemcpy3D, CUDA_MEMCPY3D, dstMemoryType);
SAME(CuMemcpy3D, CUDA_MEMCPY3D, dstDevice);
SAME(CuMemcpy3D, CUDA_MEMCPY3D, WidthInBytes);
SAME(CuMemcpy3D, CUDA_MEMCPY3D, Depth);

SAME_SIZE(CuConditionalNodeParams, CUDA_CONDITIONAL_NODE_PARAMS);
SAME(CuConditionalNodeParams, CUDA_CONDITIONAL_NODE_PARAMS, type);
SAME(CuConditionalNodeParams, CUDA_CONDITIONAL_NODE_PARAMS, size);
SAME(CuConditionalNodeParams, CUDA_CONDITIONAL_NODE_PARAMS, phGraph_out);
SAME(CuConditionalNodeParams, CUDA_CONDITIONAL_NODE_PARAMS, ctx);

SAME_SIZE(CuGraphNodeParams, CUgraphNodeParams);
SAME(CuGraphNodeParams, CUgraphNodeParams, conditional);
SAME(CuGraphNodeParams, CUgraphNodeParams, reserved2);

static_assert(CU_GRAPH_NODE_TYPE_CONDITIONAL == 13 && CU_GRAPH_COND_TYPE_IF == 0 && CU_GRAPH_COND_TYPE_WHILE == 1 &&
              CU_MEMORYTYPE_DEVICE == 2, "enum values the graph builder uses");

// The entry points bound by name take these exact signatures.
static_assert(sizeof(::CUgraphConditionalHandle) == sizeof(wrp::CUgraphConditionalHandle));
static_assert(sizeof(::CUdeviceptr) == sizeof(wrp::CUdeviceptr));

int main() { return 0; }
