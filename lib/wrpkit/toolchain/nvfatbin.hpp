// nvFatbin loaded at run time: packs cubins and PTX into one fatbin.
#pragma once
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/dynlib.hpp"

namespace wrp {

struct FatbinInput {
  bool is_ptx = false;
  Arch arch;
  ByteView data;
  std::string name;  // identifier shown by cuobjdump
};

class NvFatbin {
 public:
  explicit NvFatbin(const std::string& path);
  std::string version() const { return version_; }
  // compress_mode: "none", "default", "size" (nvFatbin's -compress-mode).
  // Throws wrp::Error(toolchain) with nvFatbin's message on failure.
  Bytes create(const std::vector<FatbinInput>& inputs, const std::string& compress_mode) const;

 private:
  DynLib lib_;
  std::string version_;
  using Handle = void*;
  int (*create_)(Handle*, const char**, size_t) = nullptr;
  int (*destroy_)(Handle*) = nullptr;
  int (*add_ptx_)(Handle, const char*, size_t, const char*, const char*, const char*) = nullptr;
  int (*add_cubin_)(Handle, const void*, size_t, const char*, const char*) = nullptr;
  int (*size_)(Handle, size_t*) = nullptr;
  int (*get_)(Handle, void*) = nullptr;
  const char* (*error_string_)(int) = nullptr;
};

}  // namespace wrp
