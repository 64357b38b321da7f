// The ELF reader on real files: Warp 1.18's sm_90 CUBIN (entries as cuobjdump -elf
// marks them ENTRY), the CUDA 12.9 SASS inside a packaged fatbin, a CPU
// graph's host object, and damaged copies.
#include "wrpkit/formats/elf.hpp"

#include <doctest/doctest.h>

#include <algorithm>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/fatbin.hpp"

using namespace wrp;

namespace {

fs::path only_file(const fs::path& dir, const std::string& ext) {
  for (auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ext) return e.path();
  FAIL("no " << ext << " file in " << dir);
  return {};
}

}  // namespace

TEST_CASE("elf: Warp 1.18's sm_90 CUBIN: arch, the CUDA 13 ABI (OS/ABI 65, ABI 8) and every kernel entry") {
  auto path = only_file(modules_dir_for(fixtures::cubin16()), ".cubin");
  auto bytes = read_file(path);
  REQUIRE(looks_like_elf(bytes));
  auto elf = parse_elf(path.string(), bytes);
  CHECK(elf.is_cuda());
  CHECK(elf.arch.str() == "sm_90");
  CHECK(elf.osabi == 65);  // readelf -h: OS/ABI <unknown: 41>, ABI Version 8
  CHECK(elf.abi_version == 8);
  REQUIRE(elf.release);
  CHECK(elf.release->major == 13);
  // cuobjdump -elf: the twelve GLOBAL FUNC symbols marked ENTRY
  std::vector<std::string> want;
  for (auto* k : {"square_loss_f9243cf6", "integrate_e1436163", "transform_points_68090728", "step_counter_3aa29f70",
                  "histogram_379f8001", "tile_row_sums_10679af9"})
    for (auto* dir : {"forward", "backward"}) want.push_back(std::string(k) + "_cuda_kernel_" + dir);
  auto got = elf.entries;
  std::sort(want.begin(), want.end());
  std::sort(got.begin(), got.end());
  CHECK(got == want);
}

TEST_CASE("elf: SASS from CUDA 12.9's nvJitLink (inside a fatbin) has OS/ABI 51, ABI 7, release 12.9") {
  auto bytes = read_file(fixtures::data() / "fatbin" / "particles_sm75_sm90_compute75.fatbin");
  auto entries = parse_fatbin("f", bytes);
  for (size_t i = 0; i < 2; ++i) {
    auto elf = parse_elf("f", ByteView(bytes).subspan(entries[i].offset, entries[i].payload_size));
    CHECK(elf.arch == entries[i].arch);
    CHECK(elf.osabi == 51);
    CHECK(elf.abi_version == 7);
    REQUIRE(elf.release);
    CHECK(elf.release->str() == "12.9");
    CHECK_FALSE(elf.entries.empty());
  }
}

TEST_CASE("elf: a CPU graph's host object is ELF, not CUDA") {
  auto path = only_file(modules_dir_for(fixtures::cpu16()), ".o");
  auto elf = parse_elf(path.string(), read_file(path));
  CHECK_FALSE(elf.is_cuda());
  CHECK(elf.machine == 62);  // x86-64: the capture machine
}

TEST_CASE("elf: truncated or with section headers past the end, an error naming the file and the offset") {
  auto path = only_file(modules_dir_for(fixtures::cubin16()), ".cubin");
  auto bytes = read_file(path);
  for (size_t keep : {size_t(4), size_t(40), size_t(63), bytes.size() / 2}) {
    CAPTURE(keep);
    Bytes cut(bytes.begin(), bytes.begin() + keep);
    try {
      parse_elf("cut.cubin", cut);
      FAIL("a truncated ELF parsed");
    } catch (const Error& e) {
      CHECK(e.code() == Exit::bad_input);
      CHECK(std::string(e.what()).starts_with("cut.cubin: "));
    }
  }
  CHECK_FALSE(looks_like_elf(Bytes{'P', 'T', 'X', '!'}));
}

// The file offset of the first symbol table's section header, found as the reader finds it.
static uint64_t first_symtab_header(const Bytes& bytes) {
  uint64_t shoff = load_u64(&bytes[40]);
  uint16_t shentsize = load_u16(&bytes[58]), shnum = load_u16(&bytes[60]);
  for (uint16_t i = 0; i < shnum; ++i) {
    uint64_t header = shoff + uint64_t(i) * shentsize;
    if (load_u32(&bytes[header + 4]) == 2) return header;  // SHT_SYMTAB
  }
  return 0;
}

TEST_CASE("elf: a kernel's name outside its string table is named at the symbol's own offset") {
  auto path = only_file(modules_dir_for(fixtures::cubin16()), ".cubin");
  auto bytes = read_file(path);
  uint64_t symtab = first_symtab_header(bytes), entry = 0;
  REQUIRE(symtab != 0);
  const uint8_t* h = &bytes[symtab];
  for (uint64_t at = load_u64(h + 24); at < load_u64(h + 24) + load_u64(h + 32) && !entry; at += 24)
    if ((bytes[at + 4] & 0xf) == 2 && (bytes[at + 5] & 0x10)) entry = at;  // FUNC, CUDA entry
  REQUIRE(entry != 0);
  for (int b = 0; b < 4; ++b) bytes[entry + b] = uint8_t(0xfffffff0u >> (8 * b));  // st_name, little-endian
  try {
    parse_elf("bad.cubin", bytes);
    FAIL("a symbol name outside the string table parsed");
  } catch (const Error& e) {
    CHECK(e.code() == Exit::bad_input);
    CHECK(std::string(e.what()).find(fmt::format("elf.symbol.st_name at byte {} ", entry)) != std::string::npos);
    CHECK(std::string(e.what()).find("string offset 4294967280 lies outside its string table") != std::string::npos);
  }
}

TEST_CASE("elf: a symbol table's string table index past the sections is named at its header") {
  auto path = only_file(modules_dir_for(fixtures::cubin16()), ".cubin");
  auto bytes = read_file(path);
  uint64_t symtab = first_symtab_header(bytes);
  REQUIRE(symtab != 0);
  uint16_t shnum = load_u16(&bytes[60]);
  uint64_t index = (symtab - load_u64(&bytes[40])) / load_u16(&bytes[58]);
  bytes[symtab + 40] = 0xff;  // sh_link, little-endian: 0x7fff
  bytes[symtab + 41] = 0x7f;
  try {
    parse_elf("bad.cubin", bytes);
    FAIL("a symbol table with no string table parsed");
  } catch (const Error& e) {
    CHECK(e.code() == Exit::bad_input);
    std::string what = e.what();
    CHECK(what.find(fmt::format("elf.section[{}].sh_link at byte {} ", index, symtab + 40)) != std::string::npos);
    CHECK(what.find(fmt::format("string table index 32767 is past the last of {} sections", shnum)) !=
          std::string::npos);
  }
}
