// A format-18 module's 16-byte compile recipe: every known value read, anything else
// (a newer Warp's recipe) refused naming the byte, never guessed.
#include "wrpkit/formats/recipe.hpp"

#include <doctest/doctest.h>

#include "fixtures.hpp"

using namespace wrp;
using fixtures::error_of;

TEST_CASE("recipe: the fields of each byte, and the report's spelling") {
  std::array<uint8_t, 16> raw{};
  raw[1] = 3, raw[4] = 1;  // Warp's default: O3, fuse_fp
  auto r = parse_recipe(raw, "m");
  CHECK(r.optimization_level == 3);
  CHECK(r.fuse_fp);
  CHECK_FALSE(r.debug);
  CHECK(r.str() == "O3, fuse_fp");
  raw = {1, 0, 1, 1, 0, 1, 2};
  r = parse_recipe(raw, "m");
  CHECK(r.debug);
  CHECK(r.verify_fp);
  CHECK(r.fast_math);
  CHECK(r.lineinfo);
  CHECK(r.arch_suffix == Variant::family);
  CHECK(r.str() == "O0, debug, lineinfo, verify_fp, fast_math, no fuse_fp, arch suffix f");
}

TEST_CASE("recipe: a value out of range or a reserved byte set is refused, naming the byte") {
  for (auto [at, value] : std::vector<std::pair<int, uint8_t>>{{0, 2}, {1, 4}, {5, 7}, {6, 3}, {7, 1}, {15, 255}}) {
    int byte = at;  // a named copy: clang 14 lets no lambda (CAPTURE's) see a structured binding
    std::array<uint8_t, 16> raw{};
    raw[size_t(byte)] = value;
    Exit code = Exit::ok;
    auto msg = error_of([&] { parse_recipe(raw, "m.wrp: metadata.modules[0].recipe"); }, &code);
    CAPTURE(byte);
    CHECK(code == Exit::bad_input);
    CHECK(msg.starts_with("m.wrp: metadata.modules[0].recipe: compile recipe byte " + std::to_string(byte)));
  }
}
