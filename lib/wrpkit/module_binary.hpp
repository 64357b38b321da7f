// What one module file holds, whatever its container: PTX text, a cubin, a
// fatbin or a host object. Decided from the bytes, not the file name.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/arch.hpp"
#include "wrpkit/fatbin.hpp"
#include "wrpkit/ptx.hpp"

namespace wrp {

enum class ModuleKind { ptx, cubin, fatbin, object };
const char* module_kind_name(ModuleKind k);

struct Image {
  ImageKind kind = ImageKind::sass;
  Arch arch;
  uint64_t size = 0;  // stored bytes
  bool compressed = false;
  std::string ptx_isa;               // PTX images: ".version"
  std::vector<std::string> entries;  // kernel entry symbols, when readable
  bool entries_known = false;        // false for compressed images
};

struct ModuleBinary {
  ModuleKind kind = ModuleKind::ptx;
  std::vector<Image> images;
  std::optional<PtxInfo> ptx;  // for ModuleKind::ptx

  // How a GPU of this arch would load the module: SASS, PTX JIT or not at all.
  LoadPath load_path(const Arch& gpu) const;
  const Image* lowest_ptx() const;
  // "sm_75, sm_80, compute_75" (with `sep`), or "no GPU code".
  std::string image_list(std::string_view sep = ", ") const;
  bool has_sass() const;
};

ModuleBinary read_module_binary(const std::string& file, ByteView data);

}  // namespace wrp
