// What a binding holds, from the real captures' retained CUDA source.
#include "wrpkit/artifact/binding_type.hpp"

#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"

using namespace wrp;

namespace {
std::string type_of(const Artifact& a, const std::string& name) {
  auto t = binding_element_type(a, name);
  return t ? t->str() : "unknown";
}
}  // namespace

TEST_CASE("binding type: a Warp 1.19 mesh capture's bindings, from the kernel that reads each") {
  auto a = open_artifact(fixtures::mesh18());
  CHECK(type_of(a, "queries") == "<f4[3]");  // wp.vec3 points
  CHECK(type_of(a, "closest") == "<f4[3]");
  CHECK(type_of(a, "sign") == "<f4");
  CHECK(type_of(a, "face") == "<i4");
  CHECK(type_of(a, "box_count") == "<i4");
  CHECK(type_of(a, "no such binding") == "unknown");
  auto tiles = open_artifact(fixtures::cubin18_source());
  CHECK(type_of(tiles, "a") == "<f4");
  CHECK(type_of(tiles, "out") == "<f4");
}

TEST_CASE("binding type: captures without the CUDA source do not say") {
  CHECK(type_of(open_artifact(fixtures::ptx75()), "x") == "unknown");  // Warp 1.17, PTX alone
  CHECK(type_of(open_artifact(fixtures::cubin18_binary_only()), "x") == "unknown");
}
