// The build pipeline's stages driven with real captures and a fake compiler:
// what the plan decides and refuses, and what the later stages make of it.
#include "wrpkit/pipeline/plan.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <atomic>
#include <filesystem>
#include <functional>

#include "fakes.hpp"
#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/base/process.hpp"
#include "wrpkit/formats/ptx.hpp"
#include "wrpkit/pipeline/build.hpp"
#include "wrpkit/replay/helper_kernels.hpp"

using namespace wrp;
using fake::FakeTools;
using fake::has;
using fake::options;
using fake::refusal;
namespace fs = std::filesystem;

TEST_CASE("plan: a 1.19 CUBIN module with retained source is compiled from source for every target") {
  auto a = open_artifact(fixtures::cubin18_source());
  auto plan =
      plan_build(options({"sm_90", "sm_80"}, PtxMode::lowest), a, "/tmp/x.wrp", options({"sm_90", "sm_80"}).targets);
  REQUIRE(plan.modules.size() == 1);
  auto& pm = plan.modules[0];
  CHECK(pm.from == ImageOrigin::source);
  CHECK(plan.targets.front().sm() == "sm_80");  // sorted
  REQUIRE(plan.jobs.size() == 3);               // sm_80, sm_90, and compute_80 PTX
  CHECK(plan.jobs[2].to_ptx);
  CHECK(plan.needs_source_compiler());
  CHECK_FALSE(plan.needs_ptx_compiler());
  // 1.19 loads a kind-CUBIN file as raw bytes: the fatbin keeps a .cubin name, the source stays
  CHECK(pm.record.binary_filename == "wp___main___f8b9300.fatbin.cubin");
  CHECK(pm.record.binary_kind == kBinaryCubin);
  CHECK(pm.record.source_filename == a.meta.modules[0].source_filename);
  CHECK(pm.copy_source);
  CHECK(plan.target_arch == 90);  // never stamped for format 18
  CHECK_FALSE(plan.target_arch_changed);
}

TEST_CASE("output module names") {
  CHECK(fatbin_name("wp___main___63c90fb.sm75.ptx") == "wp___main___63c90fb.fatbin");
  CHECK(fatbin_name("wp___main___63c90fb.sm90a.cubin") == "wp___main___63c90fb.fatbin");
  CHECK(fatbin_name("wp___main___63c90fb.fatbin") == "wp___main___63c90fb.fatbin");  // rebuilt
  CHECK(fatbin_name("wp___main___63c90fb.fatbin.cubin") == "wp___main___63c90fb.fatbin");
  // a wrp-build output's content-tagged names (output_commit) lose the tag, so rebuilds do not stack tags
  CHECK(fatbin_name("wp___main___63c90fb.db6c9927.fatbin") == "wp___main___63c90fb.fatbin");
  CHECK(fatbin_name("wp___main___63c90fb.db6c9927.fatbin.cubin") == "wp___main___63c90fb.fatbin");
}

TEST_CASE("plan: --from binary and binary-only captures keep their exact record form") {
  auto a = open_artifact(fixtures::cubin18_source());
  auto plan =
      plan_build(options({"sm_90"}, PtxMode::none, BuildFrom::binary), a, "/tmp/x.wrp", options({"sm_90"}).targets);
  CHECK(plan.modules[0].from == ImageOrigin::binary);
  CHECK(plan.jobs.empty());
  auto b = open_artifact(fixtures::cubin18_binary_only());
  auto pb = plan_build(options({"sm_90"}), b, "/tmp/y.wrp", options({"sm_90"}).targets);
  CHECK(pb.modules[0].record.binary_filename == "wp___main___56f56b5.fatbin");
  CHECK(pb.modules[0].record.binary_kind == kBinaryNone);
  CHECK(pb.modules[0].record.fallback_reason == kSourceUnavailable);
  CHECK_FALSE(pb.modules[0].copy_source);
}

TEST_CASE("plan: CUBIN-only without source is refused once per module, naming every target and both fixes") {
  auto a = open_artifact(fixtures::cubin16());
  auto [code, msg] = refusal([&] {
    plan_build(options({"sm_75", "sm_87", "sm_90"}), a, "/tmp/x.wrp", options({"sm_75", "sm_87", "sm_90"}).targets);
  });
  CHECK(code == Exit::target);
  CHECK(has(msg, "sm_75, sm_87"));
  CHECK_FALSE(has(msg, "problems"));  // one refusal, not one per arch
  CHECK(has(msg, "source_fallback=True"));
  CHECK(has(msg, "ptx_target_arch = 75"));
}

TEST_CASE("plan: every refusal at once, the input's own faults first") {
  auto a = open_artifact(fixtures::ptx18_source());
  auto bad = a;
  bad.modules[1].source_digest = Digest::mismatch;  // an edited .cu
  bad.meta.modules[0].recipe[12] = 5;               // recipe bytes wrpkit does not know
  auto [code, msg] = refusal([&] { plan_build(options({"sm_90"}), bad, "/tmp/x.wrp", options({"sm_90"}).targets); });
  CHECK(code == Exit::bad_input);
  CHECK(has(msg, "2 problems, nothing was built"));
  CHECK(has(msg, "compile recipe byte 12"));
  CHECK(has(msg, "does not match the source digest"));
  auto gone = a;
  gone.modules[0].source_digest = Digest::missing;
  auto [c2, m2] = refusal([&] { plan_build(options({"sm_90"}), gone, "/tmp/x.wrp", options({"sm_90"}).targets); });
  CHECK(c2 == Exit::bad_input);
  CHECK(has(m2, "is missing"));
  CHECK(has(m2, "--from binary"));
  // --from source on a capture that keeps none
  auto old = open_artifact(fixtures::ptx75());
  auto [c3, m3] = refusal([&] {
    plan_build(options({"sm_90"}, PtxMode::none, BuildFrom::source), old, "/tmp/x.wrp", options({"sm_90"}).targets);
  });
  CHECK(c3 == Exit::target);
  CHECK(has(m3, "retains no CUDA source"));
}

TEST_CASE("choose_tools: Warp headers of another release, archs a compiler lacks") {
  auto a = open_artifact(fixtures::cubin18_source());
  auto plan = plan_build(options({"sm_90"}), a, "/tmp/x.wrp", options({"sm_90"}).targets);
  FakeTools wrong_warp(a.modules[0].bytes, "1.18.0");
  auto [code, msg] = refusal([&] { choose_tools(plan, a, wrong_warp); });
  CHECK(code == Exit::toolchain);
  CHECK(has(msg, "pip install warp-lang==1.19.0"));
  auto p110 = plan_build(options({"sm_110"}), a, "/tmp/x.wrp", options({"sm_110"}).targets);
  FakeTools tools(a.modules[0].bytes);
  auto [c2, m2] = refusal([&] { choose_tools(p110, a, tools); });
  CHECK(c2 == Exit::target);
  CHECK(has(m2, "cannot compile for sm_110"));
}

TEST_CASE("plan: wrp-run's helper kernels where the graph has if/while/memtile, for every target") {
  auto w = open_artifact(fixtures::while_loop());
  auto plan =
      plan_build(options({"sm_86", "sm_80"}, PtxMode::lowest), w, "/tmp/x.wrp", options({"sm_86", "sm_80"}).targets);
  REQUIRE(plan.helpers);
  REQUIRE(plan.helpers->jobs.size() == 3);  // sm_80, sm_86 SASS, compute_80 PTX
  CHECK(plan.helpers->jobs.front().arch.sm() == "sm_80");
  CHECK(plan.helpers->jobs.back().to_ptx);
  CHECK(plan.helpers->jobs.back().arch.number() == 80);
  // only the kernels the graph's replay plan launches: a while loop sets its condition
  CHECK(plan.helpers->entries == std::vector<std::string>{"wrpkit_set_condition"});
  CHECK(plan.helpers->for_ops == std::vector<std::string>{"while"});
  auto none = options({"sm_90"});
  CHECK(plan_build(none, w, "/tmp/x.wrp", none.targets).helpers->jobs.size() == 1);  // --ptx none: SASS only
  none.replay_helpers = false;                                                       // --no-replay-helpers
  CHECK_FALSE(plan_build(none, w, "/tmp/x.wrp", none.targets).helpers);
  auto p = open_artifact(fixtures::ptx75());  // launches only: nothing to help
  CHECK_FALSE(plan_build(options({"sm_90"}), p, "/tmp/x.wrp", options({"sm_90"}).targets).helpers);
}

TEST_CASE("choose_tools: the helpers need an NVRTC that has every target, with no NVRTC they are left out") {
  auto w = open_artifact(fixtures::while_loop());
  auto plan = plan_build(options({"sm_90"}), w, "/tmp/x.wrp", options({"sm_90"}).targets);
  FakeTools tools(w.modules[0].bytes);
  CHECK(refusal([&] { choose_tools(plan, w, tools); }).first == Exit::ok);
  tools.standalone_archs = {75};
  auto [code, msg] = refusal([&] { choose_tools(plan, w, tools); });
  CHECK(code == Exit::target);
  CHECK(has(msg, "fake NVRTC 12.9 cannot compile for sm_90"));  // the 1.17 capture: a CUDA 12.9 floor
  CHECK(has(msg, "--no-replay-helpers builds without them, for stock Warp only"));
  // A PTX build of an if/while graph where no NVRTC is installed: built for stock Warp, with a warning.
  tools.no_nvrtc = true;
  CHECK(refusal([&] { choose_tools(plan, w, tools); }).first == Exit::ok);
  CHECK_FALSE(plan.helpers);
}
