// The fatbin reader on fatbins NVIDIA's packager made (tests/data/fatbin, with
// cuobjdump's listing as the oracle), compressed and not, and on damaged copies.
#include "wrpkit/formats/fatbin.hpp"

#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/elf.hpp"

using namespace wrp;

namespace {

Bytes fatbin(const std::string& name) { return read_file(fixtures::data() / "fatbin" / name); }
const char* kPlain = "particles_sm75_sm90_compute75.fatbin";
const char* kSmall = "particles_sm75_sm90_compute75.compressed.fatbin";

std::string listing(const std::vector<FatbinEntry>& entries) {
  std::string s;
  for (auto& e : entries) s += std::string(image_kind_name(e.kind)) + " " + e.arch.str() + "; ";
  return s;
}

}  // namespace

TEST_CASE("fatbin: the entries cuobjdump lists, in its order, with PTX ISA 8.8 for compute_75") {
  for (auto* name : {kPlain, kSmall}) {
    CAPTURE(name);
    auto bytes = fatbin(name);
    REQUIRE(looks_like_fatbin(bytes));
    auto entries = parse_fatbin(name, bytes);
    CHECK(listing(entries) == "sass sm_75; sass sm_90; ptx compute_75; ");
    CHECK(entries[2].ptx_major == 8);
    CHECK(entries[2].ptx_minor == 8);
    for (auto& e : entries) {
      CHECK(e.compressed == (std::string(name) == kSmall));
      CHECK(e.payload_size <= e.size);
      CHECK(e.offset + e.size <= bytes.size());
    }
  }
}

TEST_CASE("fatbin: a compressed entry records the size its plain twin stores, a plain SASS payload is its arch's ELF") {
  auto plain_bytes = fatbin(kPlain);
  auto plain = parse_fatbin(kPlain, plain_bytes);
  auto small = parse_fatbin(kSmall, fatbin(kSmall));
  REQUIRE(plain.size() == small.size());
  for (size_t i = 0; i < 2; ++i) {  // SASS: exact sizes (PTX is padded in the plain file)
    CHECK(small[i].uncompressed_size == plain[i].size);
    CHECK(small[i].payload_size < small[i].uncompressed_size);
    auto elf = parse_elf(kPlain, ByteView(plain_bytes).subspan(plain[i].offset, plain[i].payload_size));
    CHECK(elf.is_cuda());
    CHECK(elf.arch == plain[i].arch);
  }
  CHECK(small[2].uncompressed_size <= plain[2].size);
}

TEST_CASE("fatbin: truncated or with an entry past its end, an error naming the file and the offset") {
  auto bytes = fatbin(kPlain);
  for (size_t keep : {size_t(8), size_t(20), size_t(100), bytes.size() / 2, bytes.size() - 1}) {
    CAPTURE(keep);
    Bytes cut(bytes.begin(), bytes.begin() + keep);
    try {
      parse_fatbin("cut.fatbin", cut);
      FAIL("a truncated fatbin parsed");
    } catch (const Error& e) {
      CHECK(e.code() == Exit::bad_input);
      CHECK(std::string(e.what()).starts_with("cut.fatbin: "));
      CHECK(std::string(e.what()).find("byte") != std::string::npos);
    }
  }
  Bytes other = bytes;
  other[0] ^= 0xff;  // not the magic
  CHECK_FALSE(looks_like_fatbin(other));
}
