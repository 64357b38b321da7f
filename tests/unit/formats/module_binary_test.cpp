// Module files are classified by their bytes: PTX, CUBIN, fatbin or host object.
#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"

using namespace wrp;

TEST_CASE("module binaries are classified by content") {
  auto p = open_artifact(fixtures::ptx75());
  CHECK(p.modules[0].binary.kind == ModuleKind::ptx);
  CHECK(p.modules[0].binary.ptx->target.str() == "compute_75");
  CHECK(p.modules[0].binary.ptx->isa() == "8.8");
  CHECK(p.modules[0].binary.ptx->entries.size() == 12);
  CHECK(open_artifact(fixtures::ptx16()).modules[0].binary.ptx->isa() == "9.4");
  auto c = open_artifact(fixtures::cubin16());
  CHECK(c.modules[0].binary.kind == ModuleKind::cubin);
  CHECK(c.modules[0].binary.images[0].arch.str() == "sm_90");
  CHECK(c.modules[0].binary.images[0].entries.size() == 12);  // every kernel of the capturing script
}
