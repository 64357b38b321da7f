#include "wrpkit/driver/cuda_api.hpp"

#include <fmt/format.h>

#include <mutex>

#include "wrpkit/base/error.hpp"

namespace wrp {

namespace {

// Binds `name` or fails naming it. Where the driver exports several versions of a
// call, the _v2 names are bound (the unversioned ones keep the old 32-bit ABI).
template <class F>
void bind(const DynLib& lib, F& fn, const char* name) {
  if (!lib.get(fn, name)) fail(Exit::toolchain, fmt::format("{}: has no {} (driver too old?)", lib.path(), name));
}

CudaApi load_api() {
  static DynLib lib;  // never closed: the driver keeps threads
  if (!lib.open("libcuda.so.1") && !lib.open("libcuda.so"))
    fail(Exit::toolchain, fmt::format("no NVIDIA driver: libcuda.so.1 cannot be loaded ({})", lib.error()));
  CudaApi a{};
  bind(lib, a.cuInit, "cuInit");
  bind(lib, a.cuDeviceGetCount, "cuDeviceGetCount");
  bind(lib, a.cuDeviceGet, "cuDeviceGet");
  bind(lib, a.cuDeviceGetAttribute, "cuDeviceGetAttribute");
  bind(lib, a.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
  bind(lib, a.cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2");
  bind(lib, a.cuCtxSetCurrent, "cuCtxSetCurrent");
  bind(lib, a.cuModuleLoadData, "cuModuleLoadData");
  bind(lib, a.cuModuleUnload, "cuModuleUnload");
  bind(lib, a.cuModuleGetFunction, "cuModuleGetFunction");
  bind(lib, a.cuFuncSetAttribute, "cuFuncSetAttribute");
  bind(lib, a.cuMemAlloc, "cuMemAlloc_v2");
  bind(lib, a.cuMemFree, "cuMemFree_v2");
  bind(lib, a.cuMemcpyHtoD, "cuMemcpyHtoD_v2");
  bind(lib, a.cuMemcpyDtoH, "cuMemcpyDtoH_v2");
  bind(lib, a.cuStreamCreate, "cuStreamCreate");
  bind(lib, a.cuStreamDestroy, "cuStreamDestroy_v2");
  bind(lib, a.cuStreamSynchronize, "cuStreamSynchronize");
  bind(lib, a.cuDriverGetVersion, "cuDriverGetVersion");
  bind(lib, a.cuGraphCreate, "cuGraphCreate");
  // The unversioned names take the v1 parameter blocks (cuda.h maps its macros to _v2).
  bind(lib, a.cuGraphAddKernelNode, "cuGraphAddKernelNode");
  bind(lib, a.cuGraphAddMemcpyNode, "cuGraphAddMemcpyNode");
  bind(lib, a.cuGraphAddMemsetNode, "cuGraphAddMemsetNode");
  lib.get(a.cuGraphAddNode, "cuGraphAddNode");
  lib.get(a.cuGraphConditionalHandleCreate, "cuGraphConditionalHandleCreate");
  bind(lib, a.cuGraphInstantiateWithFlags, "cuGraphInstantiateWithFlags");
  bind(lib, a.cuGraphLaunch, "cuGraphLaunch");
  bind(lib, a.cuGraphExecDestroy, "cuGraphExecDestroy");
  bind(lib, a.cuGraphDestroy, "cuGraphDestroy");
  bind(lib, a.cuGetErrorName, "cuGetErrorName");
  bind(lib, a.cuGetErrorString, "cuGetErrorString");
  a.check(a.cuInit(0), "cuInit (no usable GPU, or the driver and its kernel module disagree)");
  return a;
}

}  // namespace

void CudaApi::check(CUresult rc, const std::string& what) const {
  if (rc == 0) return;
  const char *name = nullptr, *text = nullptr;
  cuGetErrorName(rc, &name);
  cuGetErrorString(rc, &text);
  fail(Exit::toolchain, fmt::format("{}: {}: {}", what, name ? name : fmt::format("error {}", rc), text ? text : "?"));
}

const CudaApi& cuda_api() {
  static std::once_flag once;
  static CudaApi api;
  static std::string error;
  static Exit code = Exit::ok;
  std::call_once(once, [] {
    try {
      api = load_api();
    } catch (const Error& e) {
      error = e.what();
      code = e.code();
    }
  });
  if (!error.empty()) fail(code, error);
  return api;
}

}  // namespace wrp
