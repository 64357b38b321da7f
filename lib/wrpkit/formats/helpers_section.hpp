// The "wrpkit-helpers" section wrp-build adds to an artifact: a fatbin of wrp-run's
// helper kernels (replay/helper_kernels.hpp says which and why).
#pragma once
#include <string>
#include <vector>

#include "wrpkit/formats/container.hpp"
#include "wrpkit/formats/module_binary.hpp"

namespace wrp {

// The images of a wrpkit-helpers (or wrpkit-mesh) section, with their entry points where readable.
// Throws wrp::Error(bad_input) naming the file and offset when it is malformed.
// open_artifact calls it once.
std::vector<Image> parse_replay_helpers(const std::string& file, const Section& s);

}  // namespace wrp
