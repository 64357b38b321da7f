// The one binding of libcuda (the CUDA driver API), bound at run time: nothing of
// wrpkit links CUDA. The replay (runtime/) and the loader (driver/cuda_driver.hpp)
// both call through this table. Each call is checked through
// `check`, which turns a failure into a one-line wrp::Error naming the call.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "wrpkit/base/dynlib.hpp"

namespace wrp {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = void*;
using CUmodule = void*;
using CUfunction = void*;
using CUstream = void*;
using CUgraph = void*;
using CUgraphExec = void*;
using CUgraphNode = void*;
using CUgraphConditionalHandle = unsigned long long;

// Parameter blocks the driver reads, laid out exactly as cuda.h declares them
// (tests/abi/test_cuda_abi.cpp compares them with cuda.h where it is found).
struct CuKernelNodeParams {  // CUDA_KERNEL_NODE_PARAMS_v1
  CUfunction func;
  unsigned gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes;
  void** kernelParams;
  void** extra;
};
struct CuMemsetNodeParams {  // CUDA_MEMSET_NODE_PARAMS (v1)
  CUdeviceptr dst;
  size_t pitch;
  unsigned value, elementSize;
  size_t width, height;
};
struct CuMemcpy3D {  // CUDA_MEMCPY3D
  size_t srcXInBytes, srcY, srcZ, srcLOD;
  int srcMemoryType;
  const void* srcHost;
  CUdeviceptr srcDevice;
  void* srcArray;
  void* reserved0;
  size_t srcPitch, srcHeight;
  size_t dstXInBytes, dstY, dstZ, dstLOD;
  int dstMemoryType;
  void* dstHost;
  CUdeviceptr dstDevice;
  void* dstArray;
  void* reserved1;
  size_t dstPitch, dstHeight;
  size_t WidthInBytes, Height, Depth;
};
struct CuConditionalNodeParams {  // CUDA_CONDITIONAL_NODE_PARAMS
  CUgraphConditionalHandle handle;
  int type;              // CU_GRAPH_COND_TYPE_IF = 0, _WHILE = 1
  unsigned size;         // number of bodies
  CUgraph* phGraph_out;  // the bodies, owned by the node
  CUcontext ctx;
};
struct CuGraphNodeParams {  // CUgraphNodeParams (256 bytes), only its conditional member used
  int type;                 // CU_GRAPH_NODE_TYPE_CONDITIONAL = 13
  int reserved0[3];
  union {
    long long reserved1[29];
    CuConditionalNodeParams conditional;
  };
  long long reserved2;
};

// Every libcuda entry point wrpkit calls, once: X(member, symbol, required, (params)).
// The struct, the dlsym loop and tests/abi's check against cuda.h are generated from
// it. Where the driver exports several versions of a call, the symbol names the one
// whose parameters are given (the _v2 names take 64-bit sizes; the unversioned graph
// calls take the v1 parameter blocks above).
#define WRPKIT_CUDA_ENTRIES(X)                                                                                      \
  X(cuInit, cuInit, true, (unsigned))                                                                               \
  X(cuDriverGetVersion, cuDriverGetVersion, true, (int*))                                                           \
  X(cuDeviceGetCount, cuDeviceGetCount, true, (int*))                                                               \
  X(cuDeviceGet, cuDeviceGet, true, (CUdevice*, int))                                                               \
  X(cuDeviceGetName, cuDeviceGetName, true, (char*, int, CUdevice))                                                 \
  X(cuDeviceGetAttribute, cuDeviceGetAttribute, true, (int*, int, CUdevice))                                        \
  X(cuDevicePrimaryCtxRetain, cuDevicePrimaryCtxRetain, true, (CUcontext*, CUdevice))                               \
  X(cuDevicePrimaryCtxRelease, cuDevicePrimaryCtxRelease_v2, true, (CUdevice))                                      \
  X(cuCtxSetCurrent, cuCtxSetCurrent, true, (CUcontext))                                                            \
  X(cuModuleLoadData, cuModuleLoadData, true, (CUmodule*, const void*))                                             \
  X(cuModuleLoadDataEx, cuModuleLoadDataEx, true, (CUmodule*, const void*, unsigned, int*, void**))                 \
  X(cuModuleUnload, cuModuleUnload, true, (CUmodule))                                                               \
  X(cuModuleGetFunction, cuModuleGetFunction, true, (CUfunction*, CUmodule, const char*))                           \
  X(cuModuleGetGlobal, cuModuleGetGlobal_v2, true, (CUdeviceptr*, size_t*, CUmodule, const char*))                  \
  X(cuLaunchKernel, cuLaunchKernel, true,                                                                           \
    (CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream, void**, void**))   \
  X(cuFuncSetAttribute, cuFuncSetAttribute, true, (CUfunction, int, int))                                           \
  X(cuFuncGetAttribute, cuFuncGetAttribute, true, (int*, int, CUfunction))                                          \
  X(cuMemAlloc, cuMemAlloc_v2, true, (CUdeviceptr*, size_t))                                                        \
  X(cuMemFree, cuMemFree_v2, true, (CUdeviceptr))                                                                   \
  X(cuMemGetInfo, cuMemGetInfo_v2, true, (size_t*, size_t*))                                                        \
  X(cuMemcpyHtoD, cuMemcpyHtoD_v2, true, (CUdeviceptr, const void*, size_t))                                        \
  X(cuMemcpyDtoH, cuMemcpyDtoH_v2, true, (void*, CUdeviceptr, size_t))                                              \
  X(cuStreamCreate, cuStreamCreate, true, (CUstream*, unsigned))                                                    \
  X(cuStreamDestroy, cuStreamDestroy_v2, true, (CUstream))                                                          \
  X(cuStreamSynchronize, cuStreamSynchronize, true, (CUstream))                                                     \
  X(cuGraphCreate, cuGraphCreate, true, (CUgraph*, unsigned))                                                       \
  X(cuGraphAddKernelNode, cuGraphAddKernelNode, true,                                                               \
    (CUgraphNode*, CUgraph, const CUgraphNode*, size_t, const CuKernelNodeParams*))                                 \
  X(cuGraphAddMemcpyNode, cuGraphAddMemcpyNode, true,                                                               \
    (CUgraphNode*, CUgraph, const CUgraphNode*, size_t, const CuMemcpy3D*, CUcontext))                              \
  X(cuGraphAddMemsetNode, cuGraphAddMemsetNode, true,                                                               \
    (CUgraphNode*, CUgraph, const CUgraphNode*, size_t, const CuMemsetNodeParams*, CUcontext))                      \
  /* Conditional nodes: CUDA 12.3+ drivers; null where the driver lacks them. */                                    \
  X(cuGraphAddNode, cuGraphAddNode, false, (CUgraphNode*, CUgraph, const CUgraphNode*, size_t, CuGraphNodeParams*)) \
  X(cuGraphConditionalHandleCreate, cuGraphConditionalHandleCreate, false,                                          \
    (CUgraphConditionalHandle*, CUgraph, CUcontext, unsigned, unsigned))                                            \
  X(cuGraphInstantiateWithFlags, cuGraphInstantiateWithFlags, true, (CUgraphExec*, CUgraph, unsigned long long))    \
  X(cuStreamGetCaptureInfo, cuStreamGetCaptureInfo_v3, false,                                                       \
    (CUstream, int*, unsigned long long*, CUgraph*, const CUgraphNode**, const void**, size_t*))                    \
  X(cuStreamUpdateCaptureDependencies, cuStreamUpdateCaptureDependencies_v2, false,                                 \
    (CUstream, CUgraphNode*, const void*, size_t, unsigned))                                                        \
  X(cuGraphLaunch, cuGraphLaunch, true, (CUgraphExec, CUstream))                                                    \
  X(cuGraphExecDestroy, cuGraphExecDestroy, true, (CUgraphExec))                                                    \
  X(cuGraphDestroy, cuGraphDestroy, true, (CUgraph))                                                                \
  X(cuGetErrorName, cuGetErrorName, true, (CUresult, const char**))                                                 \
  X(cuGetErrorString, cuGetErrorString, true, (CUresult, const char**))

// CUDA constants wrpkit passes (cuda.h's values; tests/abi compares them).
inline constexpr int kCuAttrComputeCapabilityMajor = 75;    // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR
inline constexpr int kCuAttrComputeCapabilityMinor = 76;    // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR
inline constexpr int kCuFuncAttrPtxVersion = 5;             // CU_FUNC_ATTRIBUTE_PTX_VERSION
inline constexpr int kCuFuncAttrBinaryVersion = 6;          // CU_FUNC_ATTRIBUTE_BINARY_VERSION
inline constexpr int kCuJitErrorLogBuffer = 5;              // CU_JIT_ERROR_LOG_BUFFER
inline constexpr int kCuJitErrorLogBufferSize = 6;          // CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES
inline constexpr int kCuFuncAttrMaxDynamicSharedBytes = 8;  // CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
inline constexpr int kCuFuncAttrRequiredClusterWidth = 11;  // CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH
inline constexpr int kCuFuncAttrNonPortableClusters = 14;   // CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED
inline constexpr int kCuAttrClusterLaunch = 120;            // CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH
inline constexpr unsigned kCuStreamNonBlocking = 1;         // CU_STREAM_NON_BLOCKING
inline constexpr int kCuErrorNotFound = 500;                // CUDA_ERROR_NOT_FOUND
inline constexpr int kCuErrorOutOfMemory = 2;               // CUDA_ERROR_OUT_OF_MEMORY
inline constexpr int kCuGraphNodeConditional = 13;          // CU_GRAPH_NODE_TYPE_CONDITIONAL
inline constexpr int kCuCondIf = 0, kCuCondWhile = 1;       // CU_GRAPH_COND_TYPE_IF, _WHILE
inline constexpr int kCuMemoryTypeDevice = 2;               // CU_MEMORYTYPE_DEVICE
inline constexpr int kCuCaptureActive = 1;                  // CU_STREAM_CAPTURE_STATUS_ACTIVE
inline constexpr unsigned kCuSetCaptureDependencies = 1;    // CU_STREAM_SET_CAPTURE_DEPENDENCIES
inline constexpr size_t kCuGraphEdgeDataBytes = 8;          // sizeof(CUgraphEdgeData): all zero, a plain edge

struct CudaApi {
#define WRPKIT_CUDA_MEMBER(member, symbol, required, params) CUresult(*member) params = nullptr;
  WRPKIT_CUDA_ENTRIES(WRPKIT_CUDA_MEMBER)
#undef WRPKIT_CUDA_MEMBER

  // Throws wrp::Error(Exit::toolchain) "what: CUDA_ERROR_X: text" when rc != 0.
  void check(CUresult rc, const std::string& what) const;
};

// libcuda's entry points, bound and cuInit'ed once per process; throws
// wrp::Error(Exit::toolchain) when there is no driver, no usable GPU, or the driver
// lacks a required entry.
const CudaApi& cuda_api();

// Tests: cuda_api() returns `api` (a fake driver, tests/unit/fakes.hpp) until called
// again with nullptr, so the runtime's loads are checked without CUDA.
void use_cuda_api_for_tests(const CudaApi* api);

}  // namespace wrp
