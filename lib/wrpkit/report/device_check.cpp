#include "wrpkit/report/device_check.hpp"

#include <fmt/format.h>

#include "wrpkit/base/error.hpp"

namespace wrp {

DeviceCheck check_on_device(const Artifact& a, int ordinal, bool allow_jit, bool load) {
  std::string why;
  auto drv = CudaDriver::open(why);
  if (drv && ordinal >= drv->device_count())
    why = fmt::format("GPU {} does not exist; this machine has {}", ordinal, drv->device_count());
  if (!drv || ordinal >= drv->device_count()) fail(Exit::toolchain, "cannot check on a GPU: " + why);
  DeviceCheck d;
  d.plan = plan_load(a, drv->device(ordinal));
  // Asked for by name (wrp-inspect --device): whether this GPU's driver takes each module,
  // a raw capture's too, which is what the check is for; a damaged one is refused before.
  if (load) d.loads = load_modules(a, *drv, d.plan, {.allow_unverified = true});
  d.worst = d.plan.worst();
  for (auto& l : d.loads)
    if (!l.ok) d.worst = Outcome::impossible;
  d.exit_code = d.worst == Outcome::sass ? 0 : d.worst == Outcome::jit ? (allow_jit ? 0 : 1) : 2;
  return d;
}

}  // namespace wrp
