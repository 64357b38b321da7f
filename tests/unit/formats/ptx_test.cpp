#include "wrpkit/formats/ptx.hpp"

#include <doctest/doctest.h>

#include <set>

#include "fixtures.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/error.hpp"

using namespace wrp;

using fixtures::bytes_of;

TEST_CASE("PTX header and entries of real Warp modules (1.17: ISA 8.8, 1.18/1.19: ISA 9.4)") {
  for (auto [capture, isa] :
       {std::pair{fixtures::ptx75(), "8.8"}, {fixtures::ptx16(), "9.4"}, {fixtures::ptx18_source(), "9.4"}}) {
    auto dir = capture.parent_path() / (capture.stem().string() + "_modules");
    for (auto& e : std::filesystem::directory_iterator(dir)) {
      if (e.path().extension() != ".ptx") continue;
      auto bytes = read_file(e.path());
      CHECK(bytes.back() == 0);  // Warp writes a C string
      CHECK(strip_trailing_nuls(bytes).back() != 0);
      CHECK(looks_like_ptx(bytes));
      auto info = parse_ptx(e.path().string(), bytes);
      CHECK(info.isa() == isa);
      CHECK(info.target.str() == "compute_75");
      CHECK(info.address_size == 64);
      CHECK(!info.entries.empty());
    }
  }
  CHECK(isa_number("9.4") == 94);
  CHECK(isa_number("x") == 0);
  // Fuzz finding: a huge major overflowed int (UBSan); not an ISA.
  CHECK(isa_number("1432529578.0") == 0);
  CHECK(isa_number("99999999999999999999.1") == 0);
  CHECK(isa_number("9.") == 0);
  CHECK(isa_number("9.12") == 0);
}

TEST_CASE("PTX without .version or .target is refused with the file named") {
  std::string no_target = ".version 9.0\n.address_size 64\n";
  CHECK_THROWS_WITH_AS(parse_ptx("m.ptx", bytes_of(no_target)), doctest::Contains("m.ptx"), Error);
  CHECK_FALSE(
      looks_like_ptx(bytes_of("\x7f"
                              "ELF")));
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
