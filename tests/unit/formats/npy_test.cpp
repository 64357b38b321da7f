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
