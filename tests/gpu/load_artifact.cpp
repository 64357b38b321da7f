// GPU test: load every module of a built artifact through the CUDA driver API
// and resolve every kernel entry its metadata names. Run it with
// CUDA_DISABLE_PTX_JIT=1 to prove the modules load as SASS, with no JIT.
// Exit 0 all loaded, 1 some module failed, 77 no GPU (ctest: skipped).
#include <fmt/format.h>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/load/loader.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    fmt::print(stderr, "usage: load_artifact FILE.wrp...\n");
    return 2;
  }
  std::string why;
  auto drv = wrp::CudaDriver::open(why);
  if (!drv) {
    fmt::print("SKIP: {}\n", why);
    return 77;
  }
  auto gpu = drv->device(0);
  fmt::print("GPU 0: {} ({}), driver {}, CUDA_DISABLE_PTX_JIT {}\n", gpu.name, gpu.arch.sm(), gpu.driver_str(),
             gpu.jit_disabled ? "set" : "not set");
  int failed = 0, loaded = 0;
  for (int i = 1; i < argc; ++i) {
    try {
      auto a = wrp::open_artifact(argv[i]);
      auto plan = wrp::plan_load(a, gpu);
      auto loads = wrp::load_modules(a, *drv, plan);
      for (size_t m = 0; m < loads.size(); ++m) {
        fmt::print("{} {}: {} [{}]\n", loads[m].ok ? "PASS" : "FAIL", loads[m].file, loads[m].message,
                   wrp::outcome_name(plan.modules[m].outcome));
        loads[m].ok ? ++loaded : ++failed;
      }
    } catch (const wrp::Error& e) {
      fmt::print("FAIL {}: {}\n", argv[i], e.what());
      ++failed;
    }
  }
  fmt::print("{} passed, {} failed\n", loaded, failed);
  return failed ? 1 : 0;
}
