// What the loader asks of the driver (CudaDriver), on a fake GPU (fakes.hpp): device
// facts, a module load that resolves its entries, and the failures it reports.
#include "wrpkit/driver/cuda_driver.hpp"

#include <doctest/doctest.h>

#include <cstdlib>

#include "fakes.hpp"
#include "fixtures.hpp"

using namespace wrp;
using namespace fixtures;
using namespace fake;

TEST_CASE("driver: a GPU's facts come from the driver: name, compute capability, CUDA version, JIT switch") {
  UseFakeGpu gpu([](FakeGpu& g) {
    g.major = 8;
    g.minor = 7;
  });
  std::string why;
  auto d = CudaDriver::open(why);
  REQUIRE(d);
  CHECK(why.empty());
  CHECK(d->device_count() == 1);
  setenv("CUDA_DISABLE_PTX_JIT", "1", 1);
  auto info = d->device(0);
  unsetenv("CUDA_DISABLE_PTX_JIT");
  CHECK(info.name == "Fake GPU");
  CHECK(info.arch.str() == "sm_87");
  CHECK(info.driver_str() == "13.0");
  CHECK(info.jit_disabled);
  CHECK_FALSE(d->device(0).jit_disabled);
}

TEST_CASE("driver: a module load resolves every entry and says which image the driver chose") {
  UseFakeGpu gpu;
  std::string why;
  auto d = CudaDriver::open(why);
  REQUIRE(d);
  auto ok = d->load(0, bytes_of("image"), {"a", "b"});
  CHECK(ok.ok);
  CHECK(ok.loaded_image() == "sm_90 SASS (compiled from compute_75)");
  auto missing = d->load(0, bytes_of("image"), {"a", "missing_b", "missing_c"});
  CHECK_FALSE(missing.ok);
  CHECK(missing.missing == std::vector<std::string>{"missing_b", "missing_c"});
  CHECK(missing.error == "2 kernel entries missing");
}

TEST_CASE("driver: a refused image gives the driver's error and its JIT log") {
  UseFakeGpu gpu([](FakeGpu& g) { g.load_error = "ptxas fatal: unknown target"; });
  std::string why;
  auto d = CudaDriver::open(why);
  REQUIRE(d);
  auto r = d->load(0, bytes_of("image"), {"a"});
  CHECK_FALSE(r.ok);
  CHECK(r.error_code == 218);
  CHECK(r.error == "error 218 CUDA_ERROR_FAKE: a fake driver error; JIT log: ptxas fatal: unknown target");
}
