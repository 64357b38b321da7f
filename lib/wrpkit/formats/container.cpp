#include "wrpkit/formats/container.hpp"

#include <fmt/format.h>

#include <algorithm>

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
  fail(Exit::bad_input, fmt::format("{}: no {} section (type {}) in the section table; "
                                    "the file is not a complete Warp capture",
                                    file, section_name(type), type));
}

static void check_version(Reader& r, uint32_t v) {
  if (is_supported_format(v)) return;
  r.error_at(4, "header.version", fmt::format("unsupported format version {}; {}", v, unsupported_format_advice(v)));
}

// Warp 1.19 refuses a file outside these rules before reading any section; a
// format-18 file that breaks one cannot load anywhere, so it is bad input here.
static void check_v18_table(Reader& r, const Container& c, uint32_t n) {
  if (n < 1 || n > 64)
    r.error_at(12, "header.num_sections",
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

  if (n > 1024) r.error_at(12, "header.num_sections", fmt::format("{} sections is implausible (corrupt header)", n));
  if (table > data.size() || uint64_t(n) * kSectionEntrySize > data.size() - table)
    r.error_at(16, "header.section_table_offset",
               fmt::format("section table ({} entries at offset {}) runs past the end of the {}-byte file", n, table,
                           data.size()));
  Reader t(file, data.view().subspan(table, n * kSectionEntrySize), table);
  for (uint32_t i = 0; i < n; ++i) {
    auto field = [&](const char* f) { return fmt::format("section[{}].{}", i, f); };
    Section s;
    uint64_t entry_at = t.file_offset();
    s.type = t.u32(field("type"));
    s.flags = t.u32(field("flags"));
    s.file_offset = t.u64(field("offset"));
    uint64_t size = t.u64(field("size"));
    uint64_t usize = t.u64(field("uncompressed_size"));
    if (s.file_offset > data.size() || size > data.size() - s.file_offset)
      t.error_at(entry_at + 8, field("offset"),
                 fmt::format("{} section of {} bytes at offset {} runs past the end of the {}-byte file",
                             section_name(s.type), size, s.file_offset, data.size()));
    if (usize != size)
      t.error_at(entry_at + 24, field("uncompressed_size"),
                 fmt::format("{} differs from size {}: compressed sections are not used by Warp", usize, size));
    for (auto& other : c.sections)
      if (other.type == s.type)
        t.error_at(entry_at, field("type"), fmt::format("second {} section", section_name(s.type)));
    s.data = data.slice(s.file_offset, size);
    c.sections.push_back(std::move(s));
  }
  if (c.version >= 18) check_v18_table(r, c, n);
  return c;
}

std::optional<std::pair<uint64_t, uint64_t>> section_span(ByteView head, uint64_t file_size, uint32_t type) {
  if (head.size() < kHeaderSize || !std::equal(head.begin(), head.begin() + 4, "WRP1")) return std::nullopt;
  Reader r("", head.subspan(12, 12));
  uint32_t n = r.u32("n");
  uint64_t table = r.u64("table");
  if (table > head.size() || uint64_t(n) * kSectionEntrySize > head.size() - table) return std::nullopt;
  for (uint32_t i = 0; i < n; ++i) {
    Reader e("", head.subspan(table + i * kSectionEntrySize, kSectionEntrySize));
    if (e.u32("type") != type) continue;
    e.u32("flags");
    uint64_t offset = e.u64("offset"), size = e.u64("size");
    if (offset > file_size || size > file_size - offset) return std::nullopt;
    return std::pair{offset, size};
  }
  return std::nullopt;
}

Bytes serialize_container(const Container& c) {
  Writer w;
  w.raw(std::string_view("WRP1"));
  w.u32(c.version);
  w.u32(c.flags);
  w.u32(uint32_t(c.sections.size()));
  w.u64(kHeaderSize);
  w.u8(c.device);
  for (auto b : c.reserved_dt) w.u8(b);
  w.u32(c.target_arch);
  for (auto v : c.reserved) w.u32(v);
  uint64_t off = kHeaderSize + c.sections.size() * kSectionEntrySize;
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
