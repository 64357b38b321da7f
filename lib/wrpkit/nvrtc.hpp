// NVRTC loaded at run time: CUDA C++ source -> PTX (used to make the example
// artifact the project ships, from examples/saxpy.cu).
#pragma once
#include <string>
#include <vector>

#include "wrpkit/arch.hpp"
#include "wrpkit/dynlib.hpp"

namespace wrp {

class Nvrtc {
 public:
  explicit Nvrtc(const std::string& path);
  std::string version() const { return version_; }
  // Throws wrp::Error(toolchain) with NVRTC's log on failure.
  std::string compile_to_ptx(const std::string& source, const std::string& name, const Arch& arch) const;

 private:
  DynLib builtins_, lib_;
  std::string version_;
  int (*create_)(void**, const char*, const char*, int, const char* const*, const char* const*) = nullptr;
  int (*compile_)(void*, int, const char* const*) = nullptr;
  int (*ptx_size_)(void*, size_t*) = nullptr;
  int (*ptx_)(void*, char*) = nullptr;
  int (*log_size_)(void*, size_t*) = nullptr;
  int (*log_)(void*, char*) = nullptr;
  int (*destroy_)(void**) = nullptr;
};

}  // namespace wrp
