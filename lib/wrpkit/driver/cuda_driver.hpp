// What the loader asks of the CUDA driver: device facts, and loading a module image
// to resolve its entries. Calls go through the one libcuda binding (cuda_api.hpp).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/driver/cuda_api.hpp"

namespace wrp {

struct GpuInfo {
  int ordinal = 0;
  std::string name;
  Arch arch;                       // compute capability as sm_XY
  int driver_version = 0;          // CUDA version the driver supports, e.g. 13000
  bool jit_disabled = false;       // CUDA_DISABLE_PTX_JIT=1 in the environment
  std::string driver_str() const;  // "13.0"
};

struct ModuleLoadResult {
  bool ok = false;
  int error_code = 0;
  std::string error;                 // driver's name and text, plus JIT log
  std::vector<std::string> missing;  // entries cuModuleGetFunction did not find
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
  explicit CudaDriver(const CudaApi& cu) : cu_(cu) {}
  const CudaApi& cu_;
  int count_ = 0;
};

}  // namespace wrp
