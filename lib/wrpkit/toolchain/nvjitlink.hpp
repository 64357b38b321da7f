// nvJitLink loaded at run time: PTX -> SASS (cubin) in-process.
#pragma once
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/dynlib.hpp"

namespace wrp {

struct CompileResult {
  bool ok = false;
  Bytes cubin;
  std::string log;  // error or info log
  bool arch_unsupported = false;
};

class NvJitLink {
 public:
  // Throws wrp::Error(toolchain) when the library lacks the API.
  explicit NvJitLink(const std::string& path);
  std::string version() const { return version_; }
  int major() const { return major_; }
  int minor() const { return minor_; }
  // Thread-safe: every call uses its own nvJitLink handle.
  CompileResult compile(ByteView ptx, const Arch& arch, const std::vector<std::string>& options) const;

 private:
  DynLib lib_;
  int major_ = 0, minor_ = 0;
  std::string version_;
  using Handle = void*;
  int (*create_)(Handle*, uint32_t, const char**) = nullptr;
  int (*destroy_)(Handle*) = nullptr;
  int (*add_data_)(Handle, int, const void*, size_t, const char*) = nullptr;
  int (*complete_)(Handle) = nullptr;
  int (*cubin_size_)(Handle, size_t*) = nullptr;
  int (*cubin_)(Handle, void*) = nullptr;
  int (*err_size_)(Handle, size_t*) = nullptr;
  int (*err_)(Handle, char*) = nullptr;
  int (*info_size_)(Handle, size_t*) = nullptr;
  int (*info_)(Handle, char*) = nullptr;
};

}  // namespace wrp
