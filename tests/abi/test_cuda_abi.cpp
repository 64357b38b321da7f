// wrpkit declares the driver's parameter blocks itself (cuda_api.hpp) so the
// runtime builds without a CUDA toolkit. This compiles them against the real
// cuda.h (the pinned nvidia-cuda-runtime wheel's), field by field: a mistake is
// a build error here, not a wrong graph at run time.
// cuda.h maps unversioned names to their newest version (cuGraphAddNode ->
// cuGraphAddNode_v2) unless this is defined: the table binds the names it spells.
#define __CUDA_API_VERSION_INTERNAL 1
#include <cuda.h>

#include <cstddef>

#include "wrpkit/driver/cuda_api.hpp"

#define SAME(ours, theirs, field) \
  static_assert(offsetof(ours, field) == offsetof(theirs, field), #ours "." #field " is not where cuda.h has it")
#define SAME_SIZE(ours, theirs) static_assert(sizeof(ours) == sizeof(theirs), #ours " differs in size from " #theirs)

using wrp::CuKernelNodeParams, wrp::CuMemsetNodeParams, wrp::CuMemcpy3D, wrp::CuConditionalNodeParams,
    wrp::CuGraphNodeParams;

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
                  CU_MEMORYTYPE_DEVICE == 2,
              "enum values the graph builder uses");

// The entry points bound by name take these exact signatures.
static_assert(sizeof(::CUgraphConditionalHandle) == sizeof(wrp::CUgraphConditionalHandle));
static_assert(sizeof(::CUdeviceptr) == sizeof(wrp::CUdeviceptr));
static_assert(sizeof(::CUgraphEdgeData) == wrp::kCuGraphEdgeDataBytes && CU_GRAPH_DEPENDENCY_TYPE_DEFAULT == 0);

// Every entry of the one table (WRPKIT_CUDA_ENTRIES) against cuda.h's declaration of
// the symbol it binds: the same number of parameters, each of the same size, and the
// same result size. (Pointer types differ in name only: cuda.h's are opaque structs.)
template <class RA, class... A, class RB, class... B>
constexpr bool same_shape(RA (*)(A...), RB (*)(B...)) {
  if constexpr (sizeof...(A) != sizeof...(B))
    return false;
  else
    return sizeof(RA) == sizeof(RB) && ((sizeof(A) == sizeof(B)) && ...);
}
#define WRPKIT_CUDA_SAME_SHAPE(member, symbol, required, params) \
  static_assert(same_shape(wrp::CudaApi{}.member, &::symbol), #member " is not shaped as cuda.h declares " #symbol);
WRPKIT_CUDA_ENTRIES(WRPKIT_CUDA_SAME_SHAPE)

static_assert(wrp::kCuAttrComputeCapabilityMajor == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR &&
                  wrp::kCuAttrComputeCapabilityMinor == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR &&
                  wrp::kCuFuncAttrPtxVersion == CU_FUNC_ATTRIBUTE_PTX_VERSION &&
                  wrp::kCuFuncAttrBinaryVersion == CU_FUNC_ATTRIBUTE_BINARY_VERSION &&
                  wrp::kCuJitErrorLogBuffer == CU_JIT_ERROR_LOG_BUFFER &&
                  wrp::kCuJitErrorLogBufferSize == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES &&
                  wrp::kCuFuncAttrMaxDynamicSharedBytes == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES &&
                  wrp::kCuFuncAttrRequiredClusterWidth == CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH &&
                  wrp::kCuFuncAttrNonPortableClusters == CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED &&
                  wrp::kCuAttrClusterLaunch == CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH &&
                  wrp::kCuStreamNonBlocking == CU_STREAM_NON_BLOCKING &&
                  wrp::kCuErrorNotFound == CUDA_ERROR_NOT_FOUND &&
                  wrp::kCuErrorOutOfMemory == CUDA_ERROR_OUT_OF_MEMORY &&
                  wrp::kCuGraphNodeConditional == CU_GRAPH_NODE_TYPE_CONDITIONAL &&
                  wrp::kCuCondIf == CU_GRAPH_COND_TYPE_IF && wrp::kCuCondWhile == CU_GRAPH_COND_TYPE_WHILE &&
                  wrp::kCuMemoryTypeDevice == CU_MEMORYTYPE_DEVICE &&
                  wrp::kCuCaptureActive == CU_STREAM_CAPTURE_STATUS_ACTIVE &&
                  wrp::kCuSetCaptureDependencies == CU_STREAM_SET_CAPTURE_DEPENDENCIES,
              "the CUDA constants wrpkit passes (driver/cuda_api.hpp)");

int main() { return 0; }
