// What CUDA's compilers and packager make, made here instead: a CUDA ELF with an
// SM arch and kernel entries, PTX text naming its entries, and a fatbin holding
// images. Only the fields wrpkit's readers check are real; nothing here runs on
// a GPU. So tests of the build's passes (FakeTools) need no CUDA library.
#pragma once
#include <fmt/format.h>

#include <cstdint>
#include <string>
#include <vector>

#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/cuda_version.hpp"
#include "wrpkit/toolchain/nvfatbin.hpp"

namespace fake {

inline void put(wrp::Bytes& b, uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) b.push_back(i < 8 ? uint8_t(v >> (8 * i)) : 0);  // wider than 8: zero padding
}

// A 64-bit CUDA ELF for sm_`sm`: header, a symbol table of `entries` (FUNC, marked
// STO_CUDA_ENTRY) and its string table. CUDA 12 releases write ABI 7 with the
// release in e_version; CUDA 13 writes ABI 8 (the SM in e_flags bits 8..15).
inline wrp::Bytes cubin(int sm, const std::vector<std::string>& entries, wrp::CudaVersion release) {
  bool v2 = release.major >= 13;
  wrp::Bytes strtab{0}, symtab(24, 0);  // symbol 0 is the null symbol
  for (auto& e : entries) {
    put(symtab, strtab.size(), 4);
    symtab.push_back(0x12);  // GLOBAL FUNC
    symtab.push_back(0x10);  // STO_CUDA_ENTRY
    put(symtab, 0, 2 + 8 + 8);
    strtab.insert(strtab.end(), e.begin(), e.end());
    strtab.push_back(0);
  }
  uint64_t symoff = 64, stroff = symoff + symtab.size(), shoff = stroff + strtab.size();
  wrp::Bytes b{0x7f, 'E', 'L', 'F', 2, 1, 1, uint8_t(v2 ? 65 : 51), uint8_t(v2 ? 8 : 7)};
  b.resize(16, 0);
  put(b, 2, 2);    // e_type: executable
  put(b, 190, 2);  // e_machine: CUDA
  put(b, v2 ? 1 : uint64_t(release.major * 10 + release.minor), 4);
  put(b, 0, 16);  // e_entry, e_phoff
  put(b, shoff, 8);
  put(b, v2 ? uint64_t(sm) << 8 : uint64_t(sm), 4);
  put(b, 64, 2), put(b, 0, 2), put(b, 0, 2), put(b, 64, 2), put(b, 3, 2), put(b, 0, 2);
  b.insert(b.end(), symtab.begin(), symtab.end());
  b.insert(b.end(), strtab.begin(), strtab.end());
  auto section = [&](uint32_t type, uint64_t off, uint64_t size, uint32_t link) {
    put(b, 0, 4), put(b, type, 4), put(b, 0, 16), put(b, off, 8), put(b, size, 8), put(b, link, 4);
    put(b, 0, 4 + 8), put(b, type == 2 ? 24 : 0, 8);
  };
  section(0, 0, 0, 0);
  section(2, symoff, symtab.size(), 2);  // .symtab, its strings in section 2
  section(3, stroff, strtab.size(), 0);  // .strtab
  return b;
}

// PTX of ISA `isa` (88: 8.8) for compute_`sm` declaring `entries`.
inline wrp::Bytes ptx(int sm, const std::vector<std::string>& entries, int isa) {
  auto text =
      fmt::format("//\n// fake PTX\n//\n.version {}.{}\n.target sm_{}\n.address_size 64\n\n", isa / 10, isa % 10, sm);
  for (auto& e : entries) text += fmt::format(".visible .entry {}()\n{{\n\tret;\n}}\n", e);
  return wrp::Bytes(text.begin(), text.end());
}

// A fatbin of `inputs`, uncompressed, entries with 64-byte headers as nvFatbin writes them.
inline wrp::Bytes fatbin(const std::vector<wrp::FatbinInput>& inputs) {
  wrp::Bytes entries;
  for (auto& in : inputs) {
    uint64_t size = (in.data.size() + 7) / 8 * 8;
    int isa = 0;
    if (in.is_ptx) {
      std::string text(in.data.begin(), in.data.end());
      auto v = text.find(".version ");
      if (v != std::string::npos) isa = (text[v + 9] - '0') * 10 + (text[v + 11] - '0');
    }
    put(entries, in.is_ptx ? 1 : 2, 2), put(entries, 0x101, 2), put(entries, 64, 4), put(entries, size, 8);
    put(entries, 0, 4 + 4), put(entries, isa % 10, 2), put(entries, isa / 10, 2), put(entries, in.arch.number(), 4);
    put(entries, 0, 4 + 4 + 8 + 8), put(entries, in.data.size(), 8);
    entries.insert(entries.end(), in.data.begin(), in.data.end());
    entries.resize(entries.size() + (size - in.data.size()), 0);
  }
  wrp::Bytes b;
  put(b, 0xBA55ED50, 4), put(b, 1, 2), put(b, 16, 2), put(b, entries.size(), 8);
  b.insert(b.end(), entries.begin(), entries.end());
  return b;
}

}  // namespace fake
