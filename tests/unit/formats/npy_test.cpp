// wrp-run's .npy reader and writer: NumPy's layout round-trips, other files are refused.
#include "wrpkit/formats/npy.hpp"

#include <doctest/doctest.h>

#include "wrpkit/base/error.hpp"

using namespace wrp;

TEST_CASE("npy: NumPy's layout round-trips, wrong files are refused naming what is wrong") {
  NpyArray a{"<f4", {2, 3}, Bytes(24, 7)};
  auto bytes = npy_bytes(a);
  CHECK((bytes.size() - 24) % 64 == 0);  // data starts on a 64-byte boundary
  auto b = parse_npy(bytes, "a.npy");
  CHECK(b.descr == "<f4");
  CHECK(b.shape == std::vector<uint64_t>{2, 3});
  CHECK(b.data == a.data);
  NpyArray scalar{"|u1", {}, Bytes(1, 1)};
  CHECK(parse_npy(npy_bytes(scalar), "s.npy").shape.empty());
  auto refused = [](Bytes x) {
    try {
      parse_npy(x, "bad.npy");
    } catch (const Error& e) {
      CHECK(e.code() == Exit::usage);
      return std::string(e.what());
    }
    return std::string();
  };
  CHECK(refused(Bytes{'h', 'i'}).find("bad.npy: not a usable .npy file: no") == 0);
  auto cut = bytes;
  cut.pop_back();
  CHECK(refused(cut).find("needs 24 data bytes, the file holds 23") != std::string::npos);
  std::string fortran(bytes.begin(), bytes.end());
  fortran.replace(fortran.find("False"), 5, "True ");
  CHECK(refused(Bytes(fortran.begin(), fortran.end())).find("Fortran order") != std::string::npos);
}

TEST_CASE("npy: a binding's bytes typed by its element: vec3 as (n, 3), unknown as bytes") {
  auto vec3 = typed_npy("<f4[3]", Bytes(24));
  CHECK(vec3.descr == "<f4");
  CHECK(vec3.shape == std::vector<uint64_t>{2, 3});
  auto mat = typed_npy("<f8[3,3]", Bytes(144));
  CHECK(mat.descr == "<f8");
  CHECK(mat.shape == std::vector<uint64_t>{2, 3, 3});
  auto flags = typed_npy("|b1", Bytes(5));
  CHECK((flags.descr == "|b1" && flags.shape == std::vector<uint64_t>{5}));
  auto ints = typed_npy("<i4", Bytes(8, 1));
  CHECK((ints.descr == "<i4" && ints.shape == std::vector<uint64_t>{2} && ints.data == Bytes(8, 1)));
  // unknown, malformed, or not dividing the bytes: the bytes as they are
  for (auto* element : {"", "<f4[3]x", "<f4[]", "<f4[3,]", "f4", "<4", "<fx", "<f4[0]"}) {
    auto a = typed_npy(element, Bytes(24));
    CHECK_MESSAGE((a.descr == "|u1" && a.shape == std::vector<uint64_t>{24}), element);
  }
  auto odd = typed_npy("<f4[3]", Bytes(20));
  CHECK((odd.descr == "|u1" && odd.shape == std::vector<uint64_t>{20}));
}
