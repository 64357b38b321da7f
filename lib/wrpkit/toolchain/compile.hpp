// PTX -> SASS for one arch, through nvJitLink in-process or the ptxas
// executable. (The build cache sits in front of it, in the toolset.)
#pragma once
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/toolchain/find.hpp"

namespace wrp {

class NvJitLink;

enum class CompilerChoice { automatic, nvjitlink, ptxas };

class Compiler {
 public:
  // Throws wrp::Error(toolchain) naming where it looked when nothing usable is found.
  Compiler(const ToolchainPaths& tc, CompilerChoice choice);
  ~Compiler();

  std::string description() const;  // "nvJitLink 13.0 (path)"
  std::string id() const;           // enters the cache key: compiler, version and options
  // Archs this compiler's CUDA release accepts.
  const std::vector<int>& supported_archs() const { return archs_; }
  // The CUDA release it belongs to (13000 = 13.0): bounds the PTX ISA it reads.
  int cuda_version() const { return cuda_version_; }

  // Throws wrp::Error(toolchain) with the compiler's log on failure.
  Bytes compile(ByteView ptx, const Arch& arch, const std::string& what) const;

  // Warp compiles at the highest optimisation level.
  static const std::vector<std::string>& options();

 private:
  std::unique_ptr<NvJitLink> jit_;
  std::optional<std::filesystem::path> ptxas_;
  std::string ptxas_version_;
  std::vector<int> archs_;
  int cuda_version_ = 0;
};

}  // namespace wrp
