// Which Warp loaders build an artifact's meshes, and how deep their trees go.
#include "wrpkit/replay/mesh_releases.hpp"

#include <doctest/doctest.h>

using namespace wrp;

namespace {

Metadata metadata(uint32_t version, std::string producer = "") {
  Metadata m;
  m.version = version;
  m.producer_version = std::move(producer);
  return m;
}

}  // namespace

TEST_CASE("mesh releases: 1.15.0 to 1.19.0 are known, 1.19.0 cuts trees one level higher") {
  for (auto* r : {"1.15.0", "1.16.0", "1.17.0", "1.18.0"}) {
    REQUIRE(mesh_release(r));
    CHECK(mesh_release(r)->leaf_depth == 32);
  }
  REQUIRE(mesh_release("1.19.0"));
  CHECK(mesh_release("1.19.0")->leaf_depth == 31);
  for (auto* r : {"1.14.0", "1.20.0", "1.19", "", "1.19.0.dev1"}) CHECK_MESSAGE(!mesh_release(r), r);
  CHECK(known_mesh_releases() == "1.15.0 to 1.19.0");
}

TEST_CASE("mesh rules: a file before format 18 gets its loaders' common depth, 18 its producer's") {
  struct Case {
    uint32_t format;
    const char* loaders;
  } cases[] = {
      {13, "Warp 1.15.0 to 1.18.0"}, {14, "Warp 1.15.0 to 1.18.0"}, {15, "Warp 1.16.0 to 1.18.0"}, {16, "Warp 1.18.0"}};
  for (auto& c : cases) {
    auto rules = mesh_rules(metadata(c.format));
    INFO(c.format);
    CHECK(rules.why_not == "");
    CHECK(rules.leaf_depth == 32);
    CHECK(rules.loaders == c.loaders);
  }
  auto w119 = mesh_rules(metadata(18, "1.19.0"));
  CHECK(w119.why_not == "");
  CHECK(w119.leaf_depth == 31);
  CHECK(w119.loaders == "Warp 1.19.0");
}

TEST_CASE("mesh rules: a release wrpkit does not know is refused by name, never guessed") {
  auto later = mesh_rules(metadata(18, "1.20.0"));
  CHECK(later.why_not == "Warp 1.20.0 loads them, and wrp-run builds the meshes of Warp 1.15.0 to 1.19.0 only");
  auto none = mesh_rules(metadata(18));
  CHECK(none.why_not.starts_with("Warp ? loads them"));
  CHECK(mesh_headers_release(metadata(18, "1.18.0")) == "1.18.0");
  CHECK(mesh_headers_release(metadata(15)) == "1.19.0");
  CHECK(mesh_headers_release(metadata(18, "1.20.0")) == "1.19.0");
}
