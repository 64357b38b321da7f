// The pack pass on its own: each module's compiled images into one fatbin, read back
// and checked, with what the report says of it.
#include <doctest/doctest.h>

#include "fakes.hpp"
#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/formats/fatbin.hpp"
#include "wrpkit/pipeline/passes.hpp"

using namespace wrp;
using fake::FakeTools;
using fake::options;

TEST_CASE("pack pass: one fatbin per module, holding each compiled image, reported as built") {
  auto a = open_artifact(fixtures::cubin18_source());
  FakeTools tools(a.modules[0].bytes);
  auto opt = options({"sm_90"});  // SASS only: the fake compiler makes no PTX
  auto plan = plan_build(opt, a, "/tmp/never-written.wrp", opt.targets);
  choose_tools(plan, a, tools);
  Progress progress;
  auto compiled = compile_stage(plan, a, tools, 1, progress);
  auto packed = pack_stage(plan, a, compiled, tools, opt, 1, progress);
  REQUIRE(packed.size() == a.modules.size());
  auto images = parse_fatbin("packed.fatbin", packed[0].fatbin);
  REQUIRE(images.size() == plan.jobs.size());
  CHECK(images[0].arch.sm() == "sm_90");
  auto& report = packed[0].report;
  CHECK(report.source_file == a.meta.modules[0].binary_filename);
  CHECK(report.from == ImageOrigin::source);
  CHECK(report.bytes == packed[0].fatbin.size());
  REQUIRE(report.images.size() == images.size());
  CHECK(report.images[0].arch.sm() == "sm_90");
  CHECK(report.images[0].kind == ImageKind::sass);
}
