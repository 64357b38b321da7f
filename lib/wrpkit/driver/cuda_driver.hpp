// The CUDA driver API (libcuda) loaded at run time, reduced to what the
// loader needs: device facts, and loading a module image to resolve entries.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/dynlib.hpp"

namespace wrp {

struct GpuInfo {
  int ordinal = 0;
  std::string name;
  Arch arch;               // compute capability as sm_XY
  int driver_version = 0;  // CUDA version the driver supports, e.g. 13000
  bool jit_disabled = false;  // CUDA_DISABLE_PTX_JIT=1 in the environment
  std::string driver_str() const;  // "13.0"
};

struct ModuleLoadResult {
  bool ok = false;
  int error_code = 0;
  std::string error;                  // driver's name and text, plus JIT log
  std::vector<std::string> missing;   // entries cuModuleGetFunction did not find
  // What the driver chose from a fatbin, read off the first resolved kernel:
  // its SASS arch (90) and the virtual arch it was compiled from (75).
  int binary_version = 0, ptx_version = 0;
  std::string loaded_image() const;  // "sm_90 SASS (compiled from compute_75)"
};

class CudaDriver {
 public:
  // nullptr with `why` set when libcuda or a GPU is not available.
  static std::unique_ptr<CudaDriver> open(std::string& why);
  int device_count() const { return count_; }
  GpuInfo device(int ordinal) const;
  // Loads `image` (cubin, fatbin or PTX) on the device, resolves `entries`, unloads.
  ModuleLoadResult load(int ordinal, ByteView image, const std::vector<std::string>& entries) const;

 private:
  CudaDriver() = default;
  std::string error_text(int rc) const;
  DynLib lib_;
  int count_ = 0;
  int (*init_)(unsigned) = nullptr;
  int (*driver_version_)(int*) = nullptr;
  int (*device_count_)(int*) = nullptr;
  int (*device_get_)(int*, int) = nullptr;
  int (*device_name_)(char*, int, int) = nullptr;
  int (*device_attr_)(int*, int, int) = nullptr;
  int (*ctx_retain_)(void**, int) = nullptr;
  int (*ctx_release_)(int) = nullptr;
  int (*ctx_set_)(void*) = nullptr;
  int (*load_)(void**, const void*, unsigned, int*, void**) = nullptr;
  int (*unload_)(void*) = nullptr;
  int (*get_function_)(void**, void*, const char*) = nullptr;
  int (*func_attr_)(int*, int, void*) = nullptr;
  int (*error_name_)(int, const char**) = nullptr;
  int (*error_string_)(int, const char**) = nullptr;
};

}  // namespace wrp
