// What one module file holds, whatever its container: PTX text, a cubin, a
// fatbin or a host object. Decided from the bytes, not the file name.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/formats/fatbin.hpp"
#include "wrpkit/formats/ptx.hpp"

namespace wrp {

enum class ModuleKind { ptx, cubin, fatbin, object };
const char* module_kind_name(ModuleKind k);

struct Image {
  ImageKind kind = ImageKind::sass;
  Arch arch;
  uint64_t size = 0;  // stored bytes
  bool compressed = false;
  std::string ptx_isa;  // PTX images: ".version"
  int isa = 0;          // PTX images: the same as a number (88 for 8.8); 0 for SASS
  // Where the image's bytes lie in the module file: a fatbin entry's payload, padding
  // included, or the whole file (a cubin; PTX before its trailing NULs are stripped).
  uint64_t offset = 0, span = 0;
  std::vector<std::string> entries;  // kernel entry symbols, when readable
  bool entries_known = false;        // false for compressed images
  int elf_abi = 0;                   // SASS: ELF ABI version (7: CUDA 12 compilers, 8: CUDA 13); 0 unknown
  // The CUDA release of the compiler that made it: SASS from its ELF (driver_floor.hpp),
  // PTX the first release that reads its ISA; nullopt when unknown (compressed SASS).
  std::optional<CudaVersion> release;

  ByteView bytes_in(ByteView file) const { return file.subspan(offset, span); }
};

struct ModuleBinary {
  ModuleKind kind = ModuleKind::ptx;
  std::vector<Image> images;
  std::optional<PtxInfo> ptx;  // for ModuleKind::ptx

  const Image* lowest_ptx() const;
  // "sm_75, sm_80, compute_75" (with `sep`), or "no GPU code".
  std::string image_list(std::string_view sep = ", ") const;
  bool has_sass() const;
};

ModuleBinary read_module_binary(const std::string& file, ByteView data);

}  // namespace wrp
