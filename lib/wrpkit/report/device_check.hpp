// wrp-inspect --device: the pre-flight check on the deployment machine, as data
// (printed by inspect_print.hpp's printers). Exit codes as wrp-inspect documents.
#pragma once
#include <string>
#include <vector>

#include "wrpkit/load/loader.hpp"

namespace wrp {

struct DeviceCheck {
  LoadPlan plan;                  // what loading each module will do on the GPU
  std::vector<ModuleLoad> loads;  // with `load`: what loading them really did
  Outcome worst = Outcome::sass;  // a failed load counts as impossible
  int exit_code = 0;              // 0 SASS everywhere, 1 some JIT (0 with allow_jit), 2 some cannot load
};

// Throws Error(toolchain) naming why when there is no driver or no GPU `ordinal`
// ("no GPU or driver" is exit 4 from every tool and the C API).
DeviceCheck check_on_device(const Artifact& a, int ordinal, bool allow_jit, bool load);

}  // namespace wrp
