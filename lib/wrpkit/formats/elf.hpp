// Facts read from CUDA ELF (cubin) files: SM arch, variant, kernel entries.
// Also recognises host object files (CPU graphs) so they can be reported.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/cuda_version.hpp"

namespace wrp {

constexpr uint16_t kEmCuda = 190;

struct ElfInfo {
  uint16_t machine = 0;  // 190 CUDA, 62 x86-64, 183 AArch64
  Arch arch;             // for CUDA ELF
  int osabi = 0;        // 51 (ELFOSABI_CUDA): CUDA 12 compilers; 65 (ELFOSABI_CUDA_V2): CUDA 13 (and 12.8+ for sm_100+)
  int abi_version = 0;  // 7 with OS/ABI 51, 8 with 65
  std::vector<std::string> entries;  // kernel entry symbols (STO_CUDA_ENTRY)
  std::string toolkit;               // producer line from .note.nv.tkinfo, if any
  // The compiler's CUDA release: that line's "release 13.4", else e_version (CUDA 12
  // compilers write 129 for 12.9; measured on 12.6 and 12.9).
  std::optional<CudaVersion> release;
  bool is_cuda() const { return machine == kEmCuda; }
};

bool looks_like_elf(ByteView data);
// Throws wrp::Error(bad_input) naming `file` and the offset of any bad field.
ElfInfo parse_elf(const std::string& file, ByteView data);

}  // namespace wrp
