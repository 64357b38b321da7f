// The compile pass on its own: every job of a plan through a fake compiler, and the
// check each image passes (its arch, its kernel entries) before anything is packed.
#include <doctest/doctest.h>

#include "fakes.hpp"
#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/pipeline/passes.hpp"

using namespace wrp;
using fake::FakeTools;
using fake::options;
using fake::refusal;

namespace {

// The plan for these targets with the fake's toolchains chosen, as run_build makes it.
BuildPlan planned(const Artifact& a, const BuildOptions& opt, FakeTools& tools) {
  auto plan = plan_build(opt, a, "/tmp/never-written.wrp", opt.targets);
  choose_tools(plan, a, tools);
  return plan;
}

}  // namespace

TEST_CASE("compile pass: one output per job, in the plan's order, each from the job's toolchain") {
  auto a = open_artifact(fixtures::cubin18_source());
  FakeTools tools(a.modules[0].bytes);
  auto opt = options({"sm_90"});
  auto plan = planned(a, opt, tools);
  Progress progress;
  auto out = compile_stage(plan, a, tools, 2, progress);
  REQUIRE(out.size() == plan.jobs.size());
  CHECK(tools.calls == int(plan.jobs.size()));
  CHECK(tools.last_release == plan.jobs.back().release);
  CHECK(out[0] == a.modules[0].bytes);
}

TEST_CASE("compile pass: an image for another arch is refused, naming the module and both archs") {
  auto a = open_artifact(fixtures::cubin18_source());
  FakeTools tools(a.modules[0].bytes);  // always the capture's sm_90 SASS
  auto opt = options({"sm_80"});
  auto plan = planned(a, opt, tools);
  Progress progress;
  auto [code, msg] = refusal([&] { compile_stage(plan, a, tools, 1, progress); });
  CHECK(code == Exit::toolchain);
  CHECK(msg.find("produced sm_90 SASS") != std::string::npos);
  CHECK(msg.find("sm_80") != std::string::npos);
}

TEST_CASE("check_compiled: PTX passes as PTX, SASS must be the arch and list every entry") {
  auto sm90 = *parse_arch("sm_90");
  auto good = fake::cubin(90, {"k_forward", "k_backward"}, CudaVersion{13, 5});
  CHECK_NOTHROW(check_compiled("m", good, sm90, false, {"k_forward", "k_backward"}));
  auto [c1, wrong_arch] = refusal([&] { check_compiled("m", good, *parse_arch("sm_80"), false, {"k_forward"}); });
  CHECK(c1 == Exit::toolchain);
  CHECK(wrong_arch.find("m") != std::string::npos);
  auto [c2, missing] = refusal([&] { check_compiled("m", good, sm90, false, {"k_forward", "other"}); });
  CHECK(c2 == Exit::toolchain);
  CHECK(missing.find("other") != std::string::npos);
  auto ptx = fake::ptx(75, {"k_forward"}, 88);
  CHECK_NOTHROW(check_compiled("m", ptx, *parse_arch("compute_75"), true, {"k_forward"}));
}
