// Facts read from CUDA ELF (cubin) files: SM arch, variant, kernel entries.
// Also recognises host object files (CPU graphs) so they can be reported.
#pragma once
#include <string>
#include <vector>

#include "wrpkit/arch.hpp"
#include "wrpkit/bytes.hpp"

namespace wrp {

constexpr uint16_t kEmCuda = 190;

struct ElfInfo {
  uint16_t machine = 0;  // 190 CUDA, 62 x86-64, 183 AArch64
  Arch arch;             // for CUDA ELF
  int abi_version = 0;
  std::vector<std::string> entries;  // kernel entry symbols (STO_CUDA_ENTRY)
  std::string toolkit;               // producer line from .note.nv.tkinfo, if any
  bool is_cuda() const { return machine == kEmCuda; }
};

bool looks_like_elf(ByteView data);
// Throws wrp::Error(bad_input) naming `file` and the offset of any bad field.
ElfInfo parse_elf(const std::string& file, ByteView data);

}  // namespace wrp
