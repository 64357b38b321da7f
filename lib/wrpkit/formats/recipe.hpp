// A format-18 module's 16-byte compile recipe: how Warp compiled the module's
// retained CUDA source, and the NVRTC options that reproduce it exactly.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"

namespace wrp {

struct CompileRecipe {
  bool debug = false;
  int optimization_level = 3;  // 0..3
  bool verify_fp = false, fast_math = false, fuse_fp = true, lineinfo = false;
  Variant arch_suffix = Variant::plain;

  std::string str() const;  // "O3, fuse_fp" for reports and cache keys
};

// Throws wrp::Error(bad_input) naming `where` and the byte when a field is out of
// range or a reserved byte is set (a newer Warp's recipe wrpkit does not know).
CompileRecipe parse_recipe(const std::array<uint8_t, 16>& raw, const std::string& where);

}  // namespace wrp
