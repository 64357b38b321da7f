#include "wrpkit/formats/recipe.hpp"

#include <fmt/format.h>

#include "wrpkit/base/error.hpp"

namespace wrp {

std::string CompileRecipe::str() const {
  std::string s = fmt::format("O{}", optimization_level);
  if (debug) s += ", debug";
  if (lineinfo) s += ", lineinfo";
  if (verify_fp) s += ", verify_fp";
  if (fast_math) s += ", fast_math";
  s += fuse_fp ? ", fuse_fp" : ", no fuse_fp";
  if (arch_suffix != Variant::plain) s += arch_suffix == Variant::arch_specific ? ", arch suffix a" : ", arch suffix f";
  return s;
}

CompileRecipe parse_recipe(const std::array<uint8_t, 16>& raw, const std::string& where) {
  auto bad = [&](int byte, std::string_view what) {
    fail(Exit::bad_input, fmt::format("{}: compile recipe byte {} ({}) is {}, which wrpkit does not know; the file "
                                      "is corrupt or from a newer Warp: update wrpkit, or build --from binary",
                                      where, byte, what, raw[byte]));
  };
  auto flag = [&](int byte, std::string_view what) {
    if (raw[byte] > 1) bad(byte, what);
    return raw[byte] == 1;
  };
  CompileRecipe r;
  r.debug = flag(0, "debug");
  if (raw[1] > 3) bad(1, "optimization level");
  r.optimization_level = raw[1];
  r.verify_fp = flag(2, "verify_fp");
  r.fast_math = flag(3, "fast_math");
  r.fuse_fp = flag(4, "fuse_fp");
  r.lineinfo = flag(5, "lineinfo");
  if (raw[6] > 2) bad(6, "arch suffix");
  r.arch_suffix = raw[6] == 1 ? Variant::arch_specific : raw[6] == 2 ? Variant::family : Variant::plain;
  for (int i = 7; i < 16; ++i)
    if (raw[i] != 0) bad(i, "reserved");
  return r;
}

}  // namespace wrp
