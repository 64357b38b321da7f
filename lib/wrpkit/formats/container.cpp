#include "wrpkit/formats/container.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "wrpkit/base/error.hpp"

namespace wrp {

std::string section_name(uint32_t type) {
  switch (type) {
    case kSectionMetadata: return "metadata";
    case kSectionMemory: return "memory";
    case kSectionOperations: return "operations";
    case kSectionWrpkit: return "wrpkit";
    case kSectionWrpkitHelpers: return "wrpkit-helpers";
    case kSectionWrpkitMesh: return "wrpkit-mesh";
    case kSectionWrpkitManifest: return "wrpkit-manifest";
    case kSectionWrpkitSignature: return "wrpkit-signature";
    default: return fmt::format("unknown(0x{:x})", type);
  }
}

Section* Container::find(uint32_t type) {
  for (auto& s : sections)
    if (s.type == type) return &s;
  return nullptr;
}
const Section* Container::find(uint32_t type) const { return const_cast<Container*>(this)->find(type); }
const Section& Container::require(uint32_t type, const std::string& file) const {
  if (auto* s = find(type)) return *s;
  fail_damaged(fmt::format("{}: no {} section (type {}) in the section table", file, section_name(type), type));
}

// A section table entry as the file lays it out (kSectionEntrySize bytes), read where
// parse_container checks it and where section_span looks one up in a file's first bytes.
struct TableEntry {
  uint32_t type = 0, flags = 0;
  uint64_t offset = 0, size = 0, uncompressed_size = 0;
};

static TableEntry read_entry(Reader& t, uint32_t i) {
  auto field = [&](const char* f) { return fmt::format("section[{}].{}", i, f); };
  TableEntry e;
  e.type = t.u32(field("type"));
  e.flags = t.u32(field("flags"));
  e.offset = t.u64(field("offset"));
  e.size = t.u64(field("size"));
  e.uncompressed_size = t.u64(field("uncompressed_size"));
  return e;
}

// header.num_sections, followed by header.section_table_offset.
constexpr size_t kNumSectionsAt = 12;

static void check_version(Reader& r, uint32_t v) {
  if (is_supported_format(v)) return;
  r.refuse_at(4, "header.version", fmt::format("unsupported format version {}; {}", v, unsupported_format_advice(v)));
}

// Warp 1.19 refuses a file outside these rules before reading any section; a
// format-18 file that breaks one cannot load anywhere, so it is bad input here.
static void check_v18_table(Reader& r, const Container& c, uint32_t n) {
  if (n < 1 || n > 64)
    r.error_at(kNumSectionsAt, "header.num_sections",
               fmt::format("{} sections; format 18 allows 1 to 64 (Warp 1.19 refuses the file)", n));
  for (uint32_t t : {kSectionMetadata, kSectionMemory, kSectionOperations}) {
    auto* s = c.find(t);
    if (s && s->data.empty())
      r.error_at(s->file_offset, fmt::format("{} section", section_name(t)),
                 "is empty; Warp 1.19 refuses a format-18 file whose metadata, memory or operations section is empty");
  }
}

Container parse_container(const std::string& file, const SharedBytes& data) {
  Reader r(file, data);
  if (data.size() < kHeaderSize)
    r.error_at(0, "header", fmt::format("file is {} bytes, shorter than the 64-byte .wrp header", data.size()));
  Container c;
  if (r.fixed_str(4, "header.magic") != "WRP1")
    r.error_at(0, "header.magic", "not a Warp capture (magic is not 'WRP1')");
  c.version = r.u32("header.version");
  check_version(r, c.version);
  c.flags = r.u32("header.flags");
  uint32_t n = r.u32("header.num_sections");
  uint64_t table = r.u64("header.section_table_offset");
  c.device = r.u8("header.device_type");
  if (c.device > kDeviceCpu) r.error_at(24, "header.device_type", fmt::format("unknown device type {}", c.device));
  for (auto& b : c.reserved_dt) b = r.u8("header.reserved");
  c.target_arch = r.u32("header.target_arch");
  for (auto& w : c.reserved) w = r.u32("header.reserved");

  if (n > 1024)
    r.error_at(kNumSectionsAt, "header.num_sections", fmt::format("{} sections is implausible (corrupt header)", n));
  if (table > data.size() || uint64_t(n) * kSectionEntrySize > data.size() - table)
    r.error_at(kNumSectionsAt + 4, "header.section_table_offset",
               fmt::format("section table ({} entries at offset {}) runs past the end of the {}-byte file", n, table,
                           data.size()));
  Reader t(file, data.view().subspan(table, n * kSectionEntrySize), table);
  for (uint32_t i = 0; i < n; ++i) {
    auto field = [&](const char* f) { return fmt::format("section[{}].{}", i, f); };
    uint64_t entry_at = t.file_offset();
    auto e = read_entry(t, i);
    if (e.offset > data.size() || e.size > data.size() - e.offset)
      t.error_at(entry_at + 8, field("offset"),
                 fmt::format("{} section of {} bytes at offset {} runs past the end of the {}-byte file",
                             section_name(e.type), e.size, e.offset, data.size()));
    if (e.uncompressed_size != e.size)
      t.error_at(entry_at + 24, field("uncompressed_size"),
                 fmt::format("{} differs from size {}: compressed sections are not used by Warp", e.uncompressed_size,
                             e.size));
    for (auto& other : c.sections)
      if (other.type == e.type)
        t.error_at(entry_at, field("type"), fmt::format("second {} section", section_name(e.type)));
    c.sections.push_back({e.type, e.flags, e.offset, data.slice(e.offset, e.size)});
  }
  if (c.version >= 18) check_v18_table(r, c, n);
  return c;
}

std::optional<std::pair<uint64_t, uint64_t>> section_span(ByteView head, uint64_t file_size, uint32_t type) {
  if (head.size() < kHeaderSize || !std::equal(head.begin(), head.begin() + 4, "WRP1")) return std::nullopt;
  Reader h("", head.subspan(kNumSectionsAt, 12));
  uint32_t n = h.u32("header.num_sections");
  uint64_t table = h.u64("header.section_table_offset");
  if (table > head.size() || uint64_t(n) * kSectionEntrySize > head.size() - table) return std::nullopt;
  Reader t("", head.subspan(table, n * kSectionEntrySize));
  for (uint32_t i = 0; i < n; ++i) {
    auto e = read_entry(t, i);
    if (e.type != type) continue;
    if (e.offset > file_size || e.size > file_size - e.offset) return std::nullopt;
    return std::pair{e.offset, e.size};
  }
  return std::nullopt;
}

Bytes serialize_container(const Container& c) {
  uint64_t off = kHeaderSize + c.sections.size() * kSectionEntrySize;
  Writer w;
  // One allocation for the whole file: a memory section can be hundreds of MB.
  w.reserve(std::accumulate(c.sections.begin(), c.sections.end(), off,
                            [](uint64_t n, const Section& s) { return n + s.data.size(); }));
  // Byte by byte: GCC 12 warned of an overflow (there is none) when raw() began a reserved buffer.
  for (char magic : std::string_view("WRP1")) w.u8(uint8_t(magic));
  w.u32(c.version);
  w.u32(c.flags);
  w.u32(uint32_t(c.sections.size()));
  w.u64(kHeaderSize);
  w.u8(c.device);
  for (auto b : c.reserved_dt) w.u8(b);
  w.u32(c.target_arch);
  for (auto v : c.reserved) w.u32(v);
  for (auto& s : c.sections) {
    w.u32(s.type);
    w.u32(s.flags);
    w.u64(off);
    w.u64(s.data.size());
    w.u64(s.data.size());
    off += s.data.size();
  }
  for (auto& s : c.sections) w.raw(s.data);
  return w.take();
}

}  // namespace wrp
