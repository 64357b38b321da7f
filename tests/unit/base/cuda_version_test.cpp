#include "wrpkit/base/cuda_version.hpp"

#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/base/error.hpp"

using namespace wrp;
using namespace fixtures;

TEST_CASE("cuda version: releases as written, as drivers encode them, and ordered") {
  CHECK(parse_cuda_version("12.6") == CudaVersion{12, 6});
  CHECK(parse_cuda_version("13") == CudaVersion{13, 0});
  CHECK(CudaVersion{12, 6}.code() == 12060);
  CHECK(CudaVersion::from_code(13000) == CudaVersion{13, 0});
  CHECK(CudaVersion::from_code(12090).str() == "12.9");
  CHECK(CudaVersion{12, 9} < CudaVersion{13, 0});
  for (auto bad : {"", "12.", ".6", "12.6.1", "x", "12,6", "-1.0", "12.6 "}) {
    CAPTURE(bad);
    CHECK_FALSE(parse_cuda_version(bad));
  }
}

TEST_CASE("cuda version: an option's bad value is a usage error naming the option") {
  CHECK(cuda_version_option("12.4", "--min-driver") == CudaVersion{12, 4});
  Exit code = Exit::ok;
  auto why = error_of([] { cuda_version_option("twelve", "--min-driver"); }, &code);
  CHECK(code == Exit::usage);
  CHECK(why.find("--min-driver") != std::string::npos);
  CHECK(why.find("twelve") != std::string::npos);
}
