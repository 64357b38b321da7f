// Facts read from PTX text: ISA version, target, address size, entry names.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/cuda_version.hpp"

namespace wrp {

struct PtxInfo {
  int isa_major = 0, isa_minor = 0;  // ".version 9.0"
  Arch target;                       // ".target sm_75" -> compute_75
  int address_size = 64;
  std::vector<std::string> entries;  // ".entry" kernels
  std::string isa() const { return std::to_string(isa_major) + "." + std::to_string(isa_minor); }
};

// Warp writes PTX as a C string, so the file ends in NUL; ptxas rejects that.
ByteView strip_trailing_nuls(ByteView text);
bool looks_like_ptx(ByteView data);
// Highest PTX ISA a CUDA release (13000 = 13.0, as drivers report it) reads,
// as major*10+minor: what its driver can JIT and its compiler can compile.
int max_ptx_isa(int cuda_version);
std::string isa_str(int isa);          // 88 -> "8.8"
int isa_number(std::string_view isa);  // "8.8" -> 88; 0 when not MAJOR.MINOR
// The first CUDA release that reads PTX ISA `isa`: 94 -> "13.4".
std::string cuda_release_for_isa(int isa);
// The same as a version; nullopt for an ISA newer than any release known here.
std::optional<CudaVersion> release_for_ptx_isa(int isa);

// Throws wrp::Error(bad_input) naming `file` when .version or .target is missing.
PtxInfo parse_ptx(const std::string& file, ByteView data);

}  // namespace wrp
