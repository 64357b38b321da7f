// Device addresses saved as plain numbers, on real captures: Warp 1.19 given a mesh id
// as wp.uint64 (a dangling address in every replay) against the same scene given it as
// wp.handle (relocated), and every other real capture (none).
#include "wrpkit/artifact/raw_addresses.hpp"

#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/replay/support.hpp"

using namespace wrp;

TEST_CASE("raw addresses: a mesh id passed as wp.uint64 is found and confirmed by the retained source") {
  auto a = open_artifact(fixtures::mesh_raw_id18());
  auto found = find_raw_addresses(a);
  REQUIRE(found.size() == 1);
  CHECK(found[0].param == 1);
  CHECK(found[0].value == 0x30201cc00);
  CHECK(found[0].typed);
  CHECK(found[0].kernel.starts_with("mesh_queries_raw_"));
  auto why = replay_blockers(a);
  REQUIRE(why.size() == 1);
  CHECK(why[0].find("parameter 1 is the device address 0x30201cc00 of the capturing process") != std::string::npos);
}

TEST_CASE("raw addresses: none in a mesh passed as wp.handle, nor in any other real capture") {
  CHECK(find_raw_addresses(open_artifact(fixtures::mesh18())).empty());
  for (auto& path : fixtures::all()) {
    if (path == fixtures::mesh_raw_id18()) continue;
    CAPTURE(path.string());
    CHECK(find_raw_addresses(open_artifact(path, false)).empty());
  }
}
