#include "wrpkit/driver/cuda_driver.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <cstring>

#include "wrpkit/base/error.hpp"

namespace wrp {

std::string GpuInfo::driver_str() const {
  return fmt::format("{}.{}", driver_version / 1000, (driver_version % 1000) / 10);
}

std::unique_ptr<CudaDriver> CudaDriver::open(std::string& why) {
  const CudaApi* cu = nullptr;
  try {
    cu = &cuda_api();
  } catch (const Error& e) {
    why = e.what();
    return nullptr;
  }
  std::unique_ptr<CudaDriver> d(new CudaDriver(*cu));
  if (cu->cuDeviceGetCount(&d->count_) != 0 || d->count_ == 0) {
    why = "the NVIDIA driver reports no GPU";
    return nullptr;
  }
  return d;
}

GpuInfo CudaDriver::device(int ordinal) const {
  GpuInfo g;
  g.ordinal = ordinal;
  CUdevice dev = 0;
  int major = 0, minor = 0;
  cu_.check(cu_.cuDeviceGet(&dev, ordinal), fmt::format("cuDeviceGet({})", ordinal));
  char name[256] = {};
  cu_.check(cu_.cuDeviceGetName(name, sizeof name - 1, dev), "cuDeviceGetName");
  g.name = name;
  cu_.check(cu_.cuDeviceGetAttribute(&major, kCuAttrComputeCapabilityMajor, dev), "cuDeviceGetAttribute");
  cu_.check(cu_.cuDeviceGetAttribute(&minor, kCuAttrComputeCapabilityMinor, dev), "cuDeviceGetAttribute");
  g.arch = Arch{major, minor, Variant::plain, false};
  cu_.check(cu_.cuDriverGetVersion(&g.driver_version), "cuDriverGetVersion");
  const char* jit = std::getenv("CUDA_DISABLE_PTX_JIT");
  g.jit_disabled = jit && std::strcmp(jit, "0") != 0 && *jit;
  return g;
}

std::string ModuleLoadResult::loaded_image() const {
  if (!binary_version) return "an unknown image";
  // The PTX version is the virtual arch the SASS was compiled from, offline or by
  // the JIT alike: the two cannot be told apart here, so both are reported.
  if (ptx_version && ptx_version != binary_version)
    return fmt::format("sm_{} SASS (compiled from compute_{})", binary_version, ptx_version);
  return fmt::format("sm_{} SASS", binary_version);
}

namespace {
std::string error_text(const CudaApi& cu, CUresult rc) {
  const char *name = nullptr, *text = nullptr;
  cu.cuGetErrorName(rc, &name);
  cu.cuGetErrorString(rc, &text);
  return fmt::format("error {} {}: {}", rc, name ? name : "?", text ? text : "?");
}
}  // namespace

ModuleLoadResult CudaDriver::load(int ordinal, ByteView image, const std::vector<std::string>& entries) const {
  ModuleLoadResult r;
  CUdevice dev = 0;
  CUcontext ctx = nullptr;
  CUresult rc = cu_.cuDeviceGet(&dev, ordinal);
  if (rc == 0) rc = cu_.cuDevicePrimaryCtxRetain(&ctx, dev);
  if (rc != 0) {
    r.error_code = rc;
    r.error = "cannot create a context: " + error_text(cu_, rc);
    return r;
  }
  cu_.cuCtxSetCurrent(ctx);
  // PTX must be NUL-terminated for the driver; a copy with one NUL serves all kinds.
  Bytes data(image.begin(), image.end());
  data.push_back(0);
  std::string log(8192, '\0');
  int opts[] = {kCuJitErrorLogBuffer, kCuJitErrorLogBufferSize};
  void* vals[] = {log.data(), reinterpret_cast<void*>(uintptr_t(log.size()))};
  CUmodule mod = nullptr;
  rc = cu_.cuModuleLoadDataEx(&mod, data.data(), 2, opts, vals);
  if (rc != 0) {
    r.error_code = rc;
    r.error = error_text(cu_, rc);
    log.resize(strnlen(log.c_str(), log.size()));
    if (!log.empty()) r.error += "; JIT log: " + log;
  } else {
    for (auto& e : entries) {
      CUfunction fn = nullptr;
      if (cu_.cuModuleGetFunction(&fn, mod, e.c_str()) != 0) {
        r.missing.push_back(e);
      } else if (!r.binary_version) {
        cu_.cuFuncGetAttribute(&r.binary_version, kCuFuncAttrBinaryVersion, fn);
        cu_.cuFuncGetAttribute(&r.ptx_version, kCuFuncAttrPtxVersion, fn);
      }
    }
    cu_.cuModuleUnload(mod);
    r.ok = r.missing.empty();
    if (!r.ok) r.error = fmt::format("{} kernel entr{} missing", r.missing.size(), r.missing.size() == 1 ? "y" : "ies");
  }
  cu_.cuDevicePrimaryCtxRelease(dev);
  return r;
}

}  // namespace wrp
