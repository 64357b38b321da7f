// Packs the images of one module into a fatbin, through nvFatbin in-process or
// the fatbinary executable.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "wrpkit/toolchain/find.hpp"
#include "wrpkit/toolchain/nvfatbin.hpp"

namespace wrp {

enum class PackagerChoice { automatic, nvfatbin, fatbinary };

class Packager {
 public:
  Packager(const ToolchainPaths& tc, PackagerChoice choice);
  ~Packager();
  std::string description() const;
  // compress: "none", "default" or "size". Throws wrp::Error(toolchain).
  Bytes pack(const std::vector<FatbinInput>& inputs, const std::string& compress, const std::string& what) const;

 private:
  std::unique_ptr<NvFatbin> lib_;
  std::optional<std::filesystem::path> tool_;
};

}  // namespace wrp
