// NVRTC loaded at run time: CUDA C++ source -> SASS (a cubin) or PTX, in-process.
// Used for modules whose format-18 record retains Warp's generated source, and
// to make the example artifact the project ships (examples/saxpy.cu).
#pragma once
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/dynlib.hpp"

namespace wrp {

class Nvrtc {
 public:
  // Throws wrp::Error(toolchain) when the library cannot be loaded or lacks the API.
  explicit Nvrtc(const std::string& path);
  std::string version() const { return version_; }
  int cuda_version() const { return cuda_version_; }  // 13040 = 13.4
  // The SM archs this NVRTC compiles for (nvrtcGetSupportedArchs).
  const std::vector<int>& supported_archs() const { return archs_; }

  // SASS for exactly `arch` (`sm_XY[a|f]` target) when `to_ptx` is false, else PTX
  // for compute_XY, NUL-terminated as Warp writes it. Thread-safe: one program per
  // call. Throws wrp::Error(toolchain) with NVRTC's log on failure.
  Bytes compile(const std::string& source, const std::string& name, const Arch& arch, bool to_ptx,
                const std::vector<std::string>& options) const;
  std::string compile_to_ptx(const std::string& source, const std::string& name, const Arch& arch) const;

 private:
  DynLib builtins_, lib_;
  std::string builtins_error_;  // why the builtins beside NVRTC did not load, if they did not
  std::string version_;
  int cuda_version_ = 0;
  std::vector<int> archs_;
  int (*create_)(void**, const char*, const char*, int, const char* const*, const char* const*) = nullptr;
  int (*compile_)(void*, int, const char* const*) = nullptr;
  int (*ptx_size_)(void*, size_t*) = nullptr;
  int (*ptx_)(void*, char*) = nullptr;
  int (*cubin_size_)(void*, size_t*) = nullptr;
  int (*cubin_)(void*, char*) = nullptr;
  int (*log_size_)(void*, size_t*) = nullptr;
  int (*log_)(void*, char*) = nullptr;
  int (*destroy_)(void**) = nullptr;
};

}  // namespace wrp
