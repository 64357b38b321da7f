#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/bytes.hpp"
#include "wrpkit/error.hpp"
#include "wrpkit/ptx.hpp"

using namespace wrp;

namespace {
ByteView text(const std::string& s) { return ByteView(reinterpret_cast<const uint8_t*>(s.data()), s.size()); }
}  // namespace

TEST_CASE("PTX header and entries of a real Warp module") {
  auto dir = fixtures::dir() / "saxpy_ptx90" / "saxpy_ptx90_modules";
  for (auto& e : std::filesystem::directory_iterator(dir)) {
    auto bytes = read_file(e.path());
    CHECK(bytes.back() == 0);  // Warp writes a C string
    CHECK(strip_trailing_nuls(bytes).back() != 0);
    CHECK(looks_like_ptx(bytes));
    auto info = parse_ptx(e.path().string(), bytes);
    CHECK(info.isa() == "9.0");
    CHECK(info.target.str() == "compute_90");
    CHECK(info.address_size == 64);
    CHECK(!info.entries.empty());
  }
}

TEST_CASE("PTX without .version or .target is refused with the file named") {
  std::string no_target = ".version 9.0\n.address_size 64\n";
  CHECK_THROWS_WITH_AS(parse_ptx("m.ptx", text(no_target)), doctest::Contains("m.ptx"), Error);
  CHECK_FALSE(looks_like_ptx(text("\x7f" "ELF")));
}

TEST_CASE("PTX ISA each CUDA release reads") {
  CHECK(max_ptx_isa(13000) == 90);
  CHECK(max_ptx_isa(13040) == 94);
  CHECK(max_ptx_isa(12080) == 87);
  CHECK(max_ptx_isa(12090) == 88);
  CHECK(max_ptx_isa(12040) == 84);
  CHECK(cuda_release_for_isa(94) == "13.4");
  CHECK(cuda_release_for_isa(90) == "13.0");
  CHECK(cuda_release_for_isa(88) == "12.9");
  CHECK(cuda_release_for_isa(85) == "12.5");
  CHECK(isa_str(88) == "8.8");
}
