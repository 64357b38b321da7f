#include "wrpkit/formats/fatbin.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace wrp {

const char* image_kind_name(ImageKind k) {
  return k == ImageKind::sass ? "sass" : k == ImageKind::ptx ? "ptx" : "ltoir";
}

bool looks_like_fatbin(ByteView d) { return d.size() >= 4 && load_u32(d.data()) == kFatbinMagic; }

namespace {
// Entry flag bits, learned from nvcc/fatbinary output and checked against cuobjdump.
constexpr uint64_t kFlagCompressedLz4 = 0x2000, kFlagCompressedZstd = 0x8000;
constexpr uint64_t kFlagArchSpecific = 0x100000, kFlagFamily = 0x200000;
constexpr uint16_t kKindPtx = 1, kKindElf = 2, kKindLtoir = 4;
}  // namespace

namespace {

ImageKind entry_kind(Reader& body, uint64_t e_at, uint16_t kind) {
  if (kind == kKindPtx) return ImageKind::ptx;
  if (kind == kKindElf) return ImageKind::sass;
  if (kind == kKindLtoir) return ImageKind::ltoir;
  body.error_at(e_at, fmt::format("fatbin.entry@{}.kind", e_at), fmt::format("unknown entry kind {}", kind));
}

// One image: its header (64 bytes or more, fields in file order), then its stored payload.
FatbinEntry read_entry(Reader& body) {
  uint64_t e_at = body.file_offset();
  auto f = [&](const char* x) { return fmt::format("fatbin.entry@{}.{}", e_at, x); };
  FatbinEntry e;
  uint16_t kind = body.u16(f("kind"));
  body.u16(f("version"));
  uint32_t ehsize = body.u32(f("header_size"));
  e.size = body.u64(f("size"));
  uint32_t csize = body.u32(f("compressed_size"));
  body.u32(f("reserved"));
  e.ptx_minor = body.u16(f("minor"));
  e.ptx_major = body.u16(f("major"));
  uint32_t arch = body.u32(f("arch"));
  body.u32(f("name_offset"));
  body.u32(f("name_len"));
  e.flags = body.u64(f("flags"));
  body.u64(f("reserved2"));
  uint64_t usize = body.u64(f("uncompressed_size"));
  if (ehsize < 64) body.error_at(e_at + 4, f("header_size"), fmt::format("{} is smaller than 64", ehsize));
  body.skip(ehsize - 64, f("header"));
  e.offset = body.file_offset();
  body.skip(e.size, f("payload"));
  e.kind = entry_kind(body, e_at, kind);
  if (arch < 10 || arch > 999) body.error_at(e_at + 28, f("arch"), fmt::format("implausible arch {}", arch));
  Variant v = (e.flags & kFlagArchSpecific) ? Variant::arch_specific
              : (e.flags & kFlagFamily)     ? Variant::family
                                            : Variant::plain;
  e.arch = arch_from_number(int(arch), v, e.kind != ImageKind::sass);
  e.compressed = (e.flags & (kFlagCompressedLz4 | kFlagCompressedZstd)) != 0;
  // A fuzz finding: a compressed size beyond the stored bytes sent readers past the entry.
  if (e.compressed && csize > e.size)
    body.error_at(e_at + 16, f("compressed_size"), fmt::format("{} exceeds the entry's stored size {}", csize, e.size));
  e.payload_size = e.compressed ? csize : e.size;
  e.uncompressed_size = e.compressed ? usize : e.size;
  if (e.kind != ImageKind::ptx) e.ptx_major = e.ptx_minor = 0;
  return e;
}

// One container's header; returns a reader over its entries.
Reader read_container_header(Reader& r) {
  uint64_t at = r.file_offset();
  if (r.u32("fatbin.magic") != kFatbinMagic)
    r.error_at(at, "fatbin.magic", "not a fatbin header (expected 0xBA55ED50)");
  r.u16("fatbin.version");
  uint16_t hsize = r.u16("fatbin.header_size");
  uint64_t fat_size = r.u64("fatbin.fat_size");
  if (hsize < 16) r.error_at(at + 6, "fatbin.header_size", fmt::format("{} is smaller than 16", hsize));
  r.skip(hsize - 16, "fatbin.header");
  return r.sub(fat_size, "fatbin.entries");
}

}  // namespace

std::vector<FatbinEntry> parse_fatbin(const std::string& file, ByteView d) {
  std::vector<FatbinEntry> out;
  Reader r(file, d);
  // nvcc may concatenate several fatbin containers; read them all.
  while (!r.at_end()) {
    if (r.left() < 16 && std::all_of(r.rest().begin(), r.rest().end(), [](uint8_t b) { return b == 0; })) break;
    Reader body = read_container_header(r);
    while (!body.at_end()) out.push_back(read_entry(body));
  }
  if (out.empty()) r.error_at(0, "fatbin", "holds no images");
  return out;
}

}  // namespace wrp
