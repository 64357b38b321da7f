#include "wrpkit/driver/cuda_driver.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <cstring>

namespace wrp {

namespace {
constexpr int kAttrCcMajor = 75, kAttrCcMinor = 76;
constexpr int kJitErrorLogBuffer = 5, kJitErrorLogBufferSize = 6;
}  // namespace

std::string GpuInfo::driver_str() const { return fmt::format("{}.{}", driver_version / 1000, (driver_version % 1000) / 10); }

std::unique_ptr<CudaDriver> CudaDriver::open(std::string& why) {
  std::unique_ptr<CudaDriver> d(new CudaDriver());
  if (!d->lib_.open("libcuda.so.1") && !d->lib_.open("libcuda.so")) {
    why = "no NVIDIA driver: libcuda.so.1 cannot be loaded (" + d->lib_.error() + ")";
    return nullptr;
  }
  bool ok = d->lib_.get(d->init_, "cuInit") && d->lib_.get(d->driver_version_, "cuDriverGetVersion") &&
            d->lib_.get(d->device_count_, "cuDeviceGetCount") && d->lib_.get(d->device_get_, "cuDeviceGet") &&
            d->lib_.get(d->device_name_, "cuDeviceGetName") && d->lib_.get(d->device_attr_, "cuDeviceGetAttribute") &&
            d->lib_.get(d->ctx_retain_, "cuDevicePrimaryCtxRetain") &&
            d->lib_.get(d->ctx_release_, "cuDevicePrimaryCtxRelease_v2") &&
            d->lib_.get(d->ctx_set_, "cuCtxSetCurrent") && d->lib_.get(d->load_, "cuModuleLoadDataEx") &&
            d->lib_.get(d->unload_, "cuModuleUnload") && d->lib_.get(d->get_function_, "cuModuleGetFunction") &&
            d->lib_.get(d->error_name_, "cuGetErrorName") && d->lib_.get(d->error_string_, "cuGetErrorString") &&
            d->lib_.get(d->func_attr_, "cuFuncGetAttribute");
  if (!ok) {
    why = "libcuda.so.1 lacks driver API entry points (driver too old?)";
    return nullptr;
  }
  if (int rc = d->init_(0); rc != 0) {
    why = fmt::format("cuInit failed: {} (no usable GPU, or driver and kernel module disagree)", d->error_text(rc));
    return nullptr;
  }
  d->device_count_(&d->count_);
  if (d->count_ == 0) {
    why = "the NVIDIA driver reports no GPU";
    return nullptr;
  }
  return d;
}

std::string CudaDriver::error_text(int rc) const {
  const char *name = nullptr, *text = nullptr;
  if (error_name_) error_name_(rc, &name);
  if (error_string_) error_string_(rc, &text);
  return fmt::format("error {} {}: {}", rc, name ? name : "?", text ? text : "?");
}

GpuInfo CudaDriver::device(int ordinal) const {
  GpuInfo g;
  g.ordinal = ordinal;
  int dev = 0, major = 0, minor = 0;
  device_get_(&dev, ordinal);
  char name[256] = {};
  device_name_(name, sizeof name - 1, dev);
  g.name = name;
  device_attr_(&major, kAttrCcMajor, dev);
  device_attr_(&minor, kAttrCcMinor, dev);
  g.arch = Arch{major, minor, Variant::plain, false};
  driver_version_(&g.driver_version);
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

ModuleLoadResult CudaDriver::load(int ordinal, ByteView image, const std::vector<std::string>& entries) const {
  ModuleLoadResult r;
  int dev = 0;
  device_get_(&dev, ordinal);
  void* ctx = nullptr;
  if (int rc = ctx_retain_(&ctx, dev); rc != 0) {
    r.error_code = rc;
    r.error = "cannot create a context: " + error_text(rc);
    return r;
  }
  ctx_set_(ctx);
  // PTX must be NUL-terminated for the driver; a copy with one NUL serves all kinds.
  Bytes data(image.begin(), image.end());
  data.push_back(0);
  std::string log(8192, '\0');
  int opts[] = {kJitErrorLogBuffer, kJitErrorLogBufferSize};
  void* vals[] = {log.data(), reinterpret_cast<void*>(uintptr_t(log.size()))};
  void* mod = nullptr;
  int rc = load_(&mod, data.data(), 2, opts, vals);
  if (rc != 0) {
    r.error_code = rc;
    r.error = error_text(rc);
    log.resize(strnlen(log.c_str(), log.size()));
    if (!log.empty()) r.error += "; JIT log: " + log;
  } else {
    constexpr int kPtxVersion = 5, kBinaryVersion = 6;  // CU_FUNC_ATTRIBUTE_*
    for (auto& e : entries) {
      void* fn = nullptr;
      if (get_function_(&fn, mod, e.c_str()) != 0) {
        r.missing.push_back(e);
      } else if (!r.binary_version) {
        func_attr_(&r.binary_version, kBinaryVersion, fn);
        func_attr_(&r.ptx_version, kPtxVersion, fn);
      }
    }
    unload_(mod);
    r.ok = r.missing.empty();
    if (!r.ok) r.error = fmt::format("{} kernel entr{} missing", r.missing.size(), r.missing.size() == 1 ? "y" : "ies");
  }
  ctx_release_(dev);
  return r;
}

}  // namespace wrp
