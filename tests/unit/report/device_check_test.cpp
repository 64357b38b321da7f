// wrp-inspect --device on a fake GPU (fakes.hpp): the plan for that GPU, real loads of
// every module, and the exit code that sums them up.
#include "wrpkit/report/device_check.hpp"

#include <doctest/doctest.h>

#include "fakes.hpp"
#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"

using namespace wrp;
using namespace fixtures;
using namespace fake;

TEST_CASE("device check: a PTX capture needs a JIT on the GPU (exit 1, 0 when JIT is allowed)") {
  UseFakeGpu gpu;
  auto a = open_artifact(fixtures::ptx75());
  auto d = check_on_device(a, 0, false, true);
  CHECK(d.worst == Outcome::jit);
  CHECK(d.exit_code == 1);
  CHECK(d.loads.size() == a.modules.size());
  CHECK(g_gpu.modules_loaded == int(a.modules.size()));
  CHECK(check_on_device(a, 0, true, false).exit_code == 0);
}

TEST_CASE("device check: a module the GPU refuses is exit 2, a GPU that does not exist is exit 4 by name") {
  UseFakeGpu gpu([](FakeGpu& g) { g.load_error = "no kernel image"; });
  auto a = open_artifact(fixtures::ptx75());
  auto d = check_on_device(a, 0, true, true);
  CHECK(d.worst == Outcome::impossible);
  CHECK(d.exit_code == 2);
  Exit code = Exit::ok;
  auto why = error_of([&] { check_on_device(a, 3, false, false); }, &code);
  CHECK(code == Exit::toolchain);
  CHECK(why == "cannot check on a GPU: GPU 3 does not exist; this machine has 1");
}
