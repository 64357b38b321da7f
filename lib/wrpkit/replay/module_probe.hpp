// Isolation for unverified input. The CUDA driver itself crashes (SIGSEGV) on some
// damaged module images, and nothing vouches for the bytes of an artifact without a
// wrpkit manifest. When a caller opts in to such input, its images are first loaded by
// wrpkit-module-probe, a child process with its own CUDA context: a crash there kills
// the child, and the load is refused naming the module, instead of taking the caller's
// process down. Costs one more context and one more load of each module (docs/wrp-run.md).
#pragma once
#include <string>
#include <vector>

#include "wrpkit/base/bytes.hpp"

namespace wrp {

struct ProbeImage {
  std::string name;  // the module's file, for messages
  ByteView bytes;
};

// The helper executable: $WRPKIT_MODULE_PROBE, else wrpkit-module-probe beside the
// library or executable holding this code, or in a bin/ folder one or two levels up
// (an install's lib/ or lib/<triplet>/, the wheel's wrpkit/lib). Throws
// Error(toolchain) saying how to opt out when it is nowhere.
std::string find_module_probe();

// Loads each image on GPU `device` in the helper, in order. Throws Error(bad_input)
// naming the module the driver crashed or hung on, Error(toolchain) when the driver
// refuses an image or cannot start in the child, or the helper cannot be run.
void probe_module_loads(const std::string& artifact, const std::vector<ProbeImage>& images, int device,
                        const std::string& probe);

}  // namespace wrp
