// The CUDA driver entry points a replay needs (wrp-run), bound from libcuda at
// run time: the runtime links nothing of CUDA. Each call is checked through
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
// (tests/unit/test_cuda_abi.cpp compares them with cuda.h where it is found).
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
  int type;                 // CU_GRAPH_COND_TYPE_IF = 0, _WHILE = 1
  unsigned size;            // number of bodies
  CUgraph* phGraph_out;     // the bodies, owned by the node
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

struct CudaApi {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDeviceGetCount)(int*);
  CUresult (*cuDeviceGet)(CUdevice*, int);
  CUresult (*cuDeviceGetAttribute)(int*, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext*, CUdevice);
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuModuleLoadData)(CUmodule*, const void*);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction*, CUmodule, const char*);
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
  CUresult (*cuMemAlloc)(CUdeviceptr*, size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void*, size_t);
  CUresult (*cuMemcpyDtoH)(void*, CUdeviceptr, size_t);
  CUresult (*cuStreamCreate)(CUstream*, unsigned);
  CUresult (*cuStreamDestroy)(CUstream);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuDriverGetVersion)(int*);
  CUresult (*cuGraphCreate)(CUgraph*, unsigned);
  CUresult (*cuGraphAddKernelNode)(CUgraphNode*, CUgraph, const CUgraphNode*, size_t, const CuKernelNodeParams*);
  CUresult (*cuGraphAddMemcpyNode)(CUgraphNode*, CUgraph, const CUgraphNode*, size_t, const CuMemcpy3D*, CUcontext);
  CUresult (*cuGraphAddMemsetNode)(CUgraphNode*, CUgraph, const CUgraphNode*, size_t, const CuMemsetNodeParams*,
                                   CUcontext);
  // Conditional nodes (CUDA 12.3+ drivers); null where the driver lacks them.
  CUresult (*cuGraphAddNode)(CUgraphNode*, CUgraph, const CUgraphNode*, size_t, CuGraphNodeParams*);
  CUresult (*cuGraphConditionalHandleCreate)(CUgraphConditionalHandle*, CUgraph, CUcontext, unsigned, unsigned);
  CUresult (*cuGraphInstantiateWithFlags)(CUgraphExec*, CUgraph, unsigned long long);
  CUresult (*cuGraphLaunch)(CUgraphExec, CUstream);
  CUresult (*cuGraphExecDestroy)(CUgraphExec);
  CUresult (*cuGraphDestroy)(CUgraph);
  CUresult (*cuGetErrorName)(CUresult, const char**);
  CUresult (*cuGetErrorString)(CUresult, const char**);

  // Throws wrp::Error(Exit::toolchain) "what: CUDA_ERROR_X: text" when rc != 0.
  void check(CUresult rc, const std::string& what) const;
};

// libcuda's entry points, bound once per process; throws wrp::Error(Exit::toolchain)
// when there is no driver or it lacks one of them.
const CudaApi& cuda_api();

}  // namespace wrp
