// Device addresses a capture holds as plain numbers. Warp relocates what it knows is a
// pointer (an array's data, a mesh passed as wp.handle); an id passed as a plain
// wp.uint64 (a mesh's .id, for one) is saved as the number it was in the capturing
// process, so every replay, stock Warp's and wrp-run's alike, reads through a dangling
// address (an illegal address at best). Found by value: an 8-byte argument with no
// relocation, 16-byte aligned, within 1 GiB of the capture's own array addresses (the
// values the relocations replace). The retained CUDA source (format 18), where there is
// one, confirms the parameter is typed as a 64-bit integer.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "wrpkit/artifact/artifact.hpp"

namespace wrp {

struct RawAddress {
  std::string kernel;  // the entry point
  uint16_t param = 0;  // its index (0: launch bounds, so arguments from 1)
  uint64_t value = 0;
  bool typed = false;  // the retained source declares the parameter wp::uint64 or wp::int64
};

std::vector<RawAddress> find_raw_addresses(const Artifact& a);

}  // namespace wrp
