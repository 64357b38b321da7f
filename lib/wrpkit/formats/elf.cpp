#include "wrpkit/formats/elf.hpp"

#include <fmt/format.h>

#include <string_view>

namespace wrp {

bool looks_like_elf(ByteView d) { return d.size() >= 4 && d[0] == 0x7f && d[1] == 'E' && d[2] == 'L' && d[3] == 'F'; }

namespace {

struct Shdr {
  uint64_t at;  // where this header lies in the file, for errors about its fields
  uint32_t name, type;
  uint64_t offset, size;
  uint32_t link;
  uint64_t entsize;
};

constexpr uint32_t kShtSymtab = 2, kShtNote = 7;
constexpr uint8_t kStoCudaEntry = 0x10;

// The string at `off` in string table `d`; `at`: the file offset of the field that names it.
std::string cstr_at(Reader& whole, ByteView d, uint64_t off, const char* field, uint64_t at) {
  if (off >= d.size())
    whole.error_at(at, field, fmt::format("string offset {} lies outside its string table ({} bytes)", off, d.size()));
  size_t end = off;
  while (end < d.size() && d[end]) ++end;
  return std::string(reinterpret_cast<const char*>(d.data() + off), end - off);
}

// "-arch sm_90a" in the producer note carries the a/f variant the ELF header lacks.
Variant variant_from_note(std::string_view note) {
  auto p = note.find("-arch sm_");
  if (p == std::string_view::npos) return Variant::plain;
  p += 9;
  while (p < note.size() && note[p] >= '0' && note[p] <= '9') ++p;
  if (p < note.size() && note[p] == 'a') return Variant::arch_specific;
  if (p < note.size() && note[p] == 'f') return Variant::family;
  return Variant::plain;
}

// What parse_elf needs of the ELF header past the fields ElfInfo keeps.
struct ElfHeader {
  uint32_t e_version = 0, flags = 0;
  uint64_t shoff = 0;
  uint16_t shentsize = 0, shnum = 0;
};

ElfHeader read_header(Reader& r, ByteView d, ElfInfo& info) {
  if (!looks_like_elf(d)) r.error_at(0, "elf.magic", "not an ELF file");
  r.skip(4, "elf.magic");
  uint8_t cls = r.u8("elf.class");
  uint8_t data = r.u8("elf.data");
  if (cls != 2 || data != 1) r.error_at(4, "elf.class", "only 64-bit little-endian ELF is supported");
  r.skip(1, "elf.version");
  info.osabi = r.u8("elf.osabi");
  info.abi_version = r.u8("elf.abiversion");
  r.skip(7, "elf.pad");
  r.skip(2, "elf.e_type");
  info.machine = r.u16("elf.e_machine");
  ElfHeader h;
  h.e_version = r.u32("elf.e_version");
  r.skip(8 + 8, "elf.e_entry/e_phoff");
  h.shoff = r.u64("elf.e_shoff");
  h.flags = r.u32("elf.e_flags");
  r.skip(2 + 2 + 2, "elf.e_ehsize/e_phentsize/e_phnum");
  h.shentsize = r.u16("elf.e_shentsize");
  h.shnum = r.u16("elf.e_shnum");
  (void)r.u16("elf.e_shstrndx");  // sections are found by type, not by name
  return h;
}

std::vector<Shdr> read_section_headers(const std::string& file, Reader& r, ByteView d, const ElfHeader& e) {
  if (e.shnum && e.shentsize < 64) r.error_at(58, "elf.e_shentsize", fmt::format("{} is smaller than 64", e.shentsize));
  if (e.shoff > d.size() || uint64_t(e.shnum) * e.shentsize > d.size() - e.shoff)
    r.error_at(40, "elf.e_shoff", "section headers run past the end of the file");
  std::vector<Shdr> sh(e.shnum);
  for (uint16_t i = 0; i < e.shnum; ++i) {
    uint64_t at = e.shoff + uint64_t(i) * e.shentsize;
    Reader s(file, d.subspan(at, 64), at);
    auto& h = sh[i];
    h.at = at;
    h.name = s.u32("elf.sh_name");
    h.type = s.u32("elf.sh_type");
    s.skip(16, "elf.sh_flags/sh_addr");
    h.offset = s.u64("elf.sh_offset");
    h.size = s.u64("elf.sh_size");
    h.link = s.u32("elf.sh_link");
    s.skip(12, "elf.sh_info/sh_addralign");
    h.entsize = s.u64("elf.sh_entsize");
    if (h.type != 8 /* NOBITS */ && (h.offset > d.size() || h.size > d.size() - h.offset))
      s.error_at(at + 24, fmt::format("elf.section[{}]", i), "section data runs past the end of the file");
  }
  return sh;
}

// The kernels (functions marked as CUDA entries in the symbol tables) into info; returns
// the producer note's text (the compiler's command line and release), empty if none.
std::string read_sections(Reader& r, ByteView d, const std::vector<Shdr>& sh, ElfInfo& info) {
  auto section = [&](uint32_t i) { return d.subspan(sh[i].offset, sh[i].size); };
  std::string producer;
  for (size_t i = 0; i < sh.size(); ++i) {
    auto& h = sh[i];
    if (h.type == kShtNote) {
      auto note = section(i);
      std::string_view text(reinterpret_cast<const char*>(note.data()), note.size());
      if (text.find("-arch sm_") != std::string_view::npos) producer = std::string(text);
    }
    if (h.type != kShtSymtab) continue;
    if (h.link >= sh.size())
      r.error_at(h.at + 40, fmt::format("elf.section[{}].sh_link", i),
                 fmt::format("string table index {} is past the last of {} sections", h.link, sh.size()));
    auto strtab = section(h.link);
    auto syms = section(i);
    for (uint64_t off = 0; off + 24 <= syms.size(); off += 24) {
      const uint8_t* s = syms.data() + off;
      uint32_t name = load_u32(s);
      uint8_t st_info = s[4], st_other = s[5];
      if ((st_info & 0xf) != 2 /* FUNC */ || !(st_other & kStoCudaEntry)) continue;
      info.entries.push_back(cstr_at(r, strtab, name, "elf.symbol.st_name", h.offset + off));
    }
  }
  return producer;
}

// CUDA 12 compilers put their release in e_version (129 = 12.9); CUDA 13's write 1 and
// name it in the producer note: "...\0ptxas\0Cuda compilation tools, release 13.0, V13.0.88\0...".
void read_release(const std::string& producer, uint32_t e_version, ElfInfo& info) {
  if (e_version >= 100 && e_version < 1000) info.release = CudaVersion{int(e_version / 10), int(e_version % 10)};
  auto p = producer.find("Cuda compilation tools");
  if (p == std::string::npos) return;
  info.toolkit = std::string(producer.c_str() + p);
  if (auto r = info.toolkit.find("release "); r != std::string::npos) {
    auto end = info.toolkit.find_first_not_of("0123456789.", r + 8);
    info.release =
        parse_cuda_version(std::string_view(info.toolkit).substr(r + 8, end == std::string::npos ? end : end - r - 8));
  }
}

}  // namespace

ElfInfo parse_elf(const std::string& file, ByteView d) {
  Reader r(file, d);
  ElfInfo info;
  ElfHeader e = read_header(r, d, info);
  if (!info.is_cuda()) return info;  // host object: nothing more to learn here
  // ABI version 8 (CUDA 12.8+) moved the SM number to bits 8..15.
  int sm = info.abi_version >= 8 ? int((e.flags >> 8) & 0xff) : int(e.flags & 0xff);
  if (sm < 10) r.error_at(48, "elf.e_flags", fmt::format("no SM arch in e_flags 0x{:x}", e.flags));
  auto sh = read_section_headers(file, r, d, e);
  std::string producer = read_sections(r, d, sh, info);
  info.arch = arch_from_number(sm, variant_from_note(producer));
  read_release(producer, e.e_version, info);
  return info;
}

}  // namespace wrp
