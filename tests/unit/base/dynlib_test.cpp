#include "wrpkit/base/dynlib.hpp"

#include <doctest/doctest.h>

#include "wrpkit/base/error.hpp"

using namespace wrp;

TEST_CASE("a library without the symbol asked for is refused, naming both") {
  DynLib lib;
  REQUIRE(lib.open("libm.so.6"));  // any library that is surely not NVRTC
  double (*cosine)(double) = nullptr;
  lib.require(cosine, "cos", "libm");
  CHECK(cosine(0.0) == 1.0);
  int (*version)(int*, int*) = nullptr;
  try {
    lib.require(version, "nvrtcVersion", "NVRTC");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == Exit::toolchain);
    CHECK(std::string(e.what()) == "libm.so.6: has no nvrtcVersion (not NVRTC?)");
  }
  CHECK_FALSE(DynLib().open("/nonexistent/libnvrtc.so"));
}

TEST_CASE("open_first takes the first library that loads, or names every one tried") {
  DynLib lib;
  CHECK(lib.open_first({"libwrpkit-none.so.9", "libm.so.6"}));
  CHECK(lib.path() == "libm.so.6");
  DynLib none;
  CHECK_FALSE(none.open_first({"libwrpkit-none.so.9", "libwrpkit-none.so"}));
  CHECK(none.error().starts_with("libwrpkit-none.so.9 ("));
  CHECK(none.error().find("); libwrpkit-none.so (") != std::string::npos);
}
