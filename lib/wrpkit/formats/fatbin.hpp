// Reader for CUDA fatbins (the container nvcc -fatbin, nvFatbin and fatbinary
// write): every entry's kind, arch, sizes and compression.
#pragma once
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/bytes.hpp"

namespace wrp {

constexpr uint32_t kFatbinMagic = 0xBA55ED50;

enum class ImageKind { sass, ptx, ltoir };
const char* image_kind_name(ImageKind k);

struct FatbinEntry {
  ImageKind kind = ImageKind::sass;
  Arch arch;
  uint64_t offset = 0;        // payload offset in the fatbin
  uint64_t size = 0;          // stored payload bytes (padded)
  uint64_t payload_size = 0;  // meaningful stored bytes (compressed size when compressed)
  uint64_t uncompressed_size = 0;
  bool compressed = false;
  uint64_t flags = 0;
  int ptx_major = 0, ptx_minor = 0;  // PTX entries: ISA version
};

bool looks_like_fatbin(ByteView d);
// Throws wrp::Error(bad_input) naming `file` and the offset of any bad field.
std::vector<FatbinEntry> parse_fatbin(const std::string& file, ByteView d);

}  // namespace wrp
