// The build pipeline's stages driven with real captures and a fake compiler:
// what the plan decides and refuses, and what the later stages make of it.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <atomic>
#include <filesystem>
#include <functional>

#include "fake_cuda.hpp"
#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/base/process.hpp"
#include "wrpkit/formats/ptx.hpp"
#include "wrpkit/pipeline/build.hpp"
#include "wrpkit/pipeline/plan.hpp"
#include "wrpkit/replay/helper_kernels.hpp"

using namespace wrp;
namespace fs = std::filesystem;

namespace {

BuildOptions options(std::vector<const char*> archs, PtxMode ptx = PtxMode::none,
                     BuildFrom from = BuildFrom::automatic) {
  BuildOptions o;
  for (auto* a : archs) o.targets.push_back(*parse_arch(a));
  o.ptx = ptx;
  o.from = from;
  return o;
}

std::pair<Exit, std::string> refusal(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return {e.code(), e.what()};
  }
  return {Exit::ok, ""};
}

bool has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// Compilers that make nothing new: every SASS job gets the capture's own cubin
// (right for sm_90, wrong for anything else), counting the calls; wrp-run's helpers
// and the packer are fake_cuda.hpp's. No CUDA library is loaded.
class FakeTools : public Toolset {
 public:
  explicit FakeTools(Bytes cubin, std::string warp = "1.19.0") : cubin_(std::move(cubin)), warp_(std::move(warp)) {}
  std::vector<CudaVersion> releases() override { return fake_releases; }
  ToolFacts ptx_compiler(CudaVersion r) override {
    return {"fake PTX compiler " + r.str(), {75, 80, 86, 87, 89, 90, 100, 120}, max_ptx_isa(r.code()), ""};
  }
  ToolFacts source_compiler(CudaVersion r, const std::string&) override {
    return {"fake NVRTC " + r.str(), {75, 80, 86, 87, 89, 90, 100, 120}, max_ptx_isa(r.code()), warp_};
  }
  ToolFacts standalone_compiler(CudaVersion r) override {
    if (no_nvrtc) fail(Exit::toolchain, "no NVRTC found (libnvrtc.so) for a build from CUDA source: looked in nowhere");
    return {"fake NVRTC " + r.str(), standalone_archs, max_ptx_isa(r.code()), ""};
  }
  bool no_nvrtc = false;
  std::vector<int> standalone_archs{75, 80, 86, 87, 89, 90, 100, 120};
  std::vector<CudaVersion> fake_releases{{13, 5}, {12, 9}};
  std::string packager(CudaVersion) override { return "fake nvFatbin"; }
  Bytes compile_ptx(ByteView, const Arch&, const std::string&, CudaVersion r) override {
    ++calls;
    last_release = r;
    return cubin_;
  }
  Bytes compile_source(const SourceUnit& s, const Arch&, bool, const std::string&, CudaVersion r) override {
    ++calls;
    last_options_seen = s.recipe.str();
    last_release = r;
    return cubin_;
  }
  // wrp-run's helpers: SASS or PTX declaring every helper entry (the build checks its images for arch and entries).
  Bytes compile_standalone(const std::string&, const std::string&, const Arch& arch, bool to_ptx,
                           CudaVersion r) override {
    ++standalone_calls;
    auto entries = replay_helper_entries();
    return to_ptx ? fake::ptx(arch.number(), entries, max_ptx_isa(r.code())) : fake::cubin(arch.number(), entries, r);
  }
  Bytes pack(const std::vector<FatbinInput>& in, const std::string&, const std::string&, CudaVersion) override {
    return fake::fatbin(in);
  }
  std::atomic<int> standalone_calls{0};
  std::atomic<int> calls{0};
  std::string last_options_seen;
  CudaVersion last_release;

 private:
  Bytes cubin_;
  std::string warp_;
};

}  // namespace

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

TEST_CASE("pipeline with a fake compiler: wrong-arch output is caught, right output is packed and emitted") {
  auto src = fixtures::cubin18_source();
  auto a = open_artifact(src);
  TempDir tmp;
  auto opt = options({"sm_80"});
  opt.input = src;
  opt.output = fs::path(tmp.path()) / "bad.wrp";
  FakeTools fake(a.modules[0].bytes);
  auto [code, msg] = refusal([&] { run_build(opt, &fake); });
  CHECK(code == Exit::toolchain);
  CHECK(has(msg, "produced sm_90 SASS"));
  CHECK_FALSE(fs::exists(opt.output));
  CHECK_FALSE(fs::exists(modules_dir_for(opt.output)));

  opt = options({"sm_90"});
  opt.input = src;
  opt.output = fs::path(tmp.path()) / "good.wrp";
  FakeTools ok(a.modules[0].bytes);
  std::vector<BuildProgress> seen;
  opt.progress = [&](const BuildProgress& p) { seen.push_back(p); };
  auto report = run_build(opt, &ok);
  CHECK(ok.calls == 1);
  // progress: each stage starts at 0 of its total and steps to it, then "done"
  std::string stages;
  for (auto& p : seen) stages += fmt::format("{}:{}/{} ", p.stage, p.done, p.total);
  CHECK(stages == "compile:0/1 compile:1/1 pack:0/1 pack:1/1 write:0/1 write:1/1 done:1/1 ");
  CHECK(seen[1].current == "wp___main___f8b9300.sm90.cubin for sm_90");  // the module file, the target
  for (size_t i = 1; i < seen.size(); ++i) CHECK(seen[i].elapsed_s >= seen[i - 1].elapsed_s);
  CHECK(ok.last_options_seen == "O3, fuse_fp");
  auto out = open_artifact(opt.output);
  CHECK(out.meta.producer_version == "1.19.0");
  // named by content at emit: the plan's name with the first 8 hex digits of the file's SHA-256
  CHECK(out.meta.modules[0].binary_filename ==
        "wp___main___f8b9300." + sha256_hex(out.modules[0].bytes).substr(0, 8) + ".fatbin.cubin");
  CHECK(out.modules[0].binary.kind == ModuleKind::fatbin);
  CHECK(out.modules[0].binary_digest == Digest::match);  // the new file's digest
  CHECK(out.modules[0].source_digest == Digest::match);  // the .cu travelled along
  CHECK(out.container.find(kSectionWrpkit));
  CHECK(report.outputs[0].modules[0].from == ImageOrigin::source);
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

TEST_CASE("pipeline: the helper fatbin goes into the .wrp, checked, a rebuild without them drops it") {
  auto src = fixtures::local("warp-1.19.0-h200/default-sf/while_loop");
  auto a = open_artifact(src);
  REQUIRE(a.replay_helpers.empty());
  TempDir tmp;
  // The fake makes the capture's sm_90 SASS for every module job: sm_90 alone, no PTX.
  auto opt = options({"sm_90"});
  opt.input = src;
  opt.output = fs::path(tmp.path()) / "w.wrp";
  FakeTools fake(a.modules[0].bytes);
  auto report = run_build(opt, &fake);
  CHECK(fake.standalone_calls == 1);
  CHECK(report.outputs[0].replay_helpers_bytes > 0);
  CHECK(has(report_text(report), "wrp-run's helper kernels"));
  auto out = open_artifact(opt.output);
  REQUIRE(out.replay_helpers.size() == 1);
  CHECK(out.replay_helpers[0].kind == ImageKind::sass);
  CHECK(out.replay_helpers[0].arch.number() == 90);
  CHECK(out.container.find(kSectionWrpkitHelpers)->data.size() == report.outputs[0].replay_helpers_bytes);

  // Rebuilt from the built artifact without helpers: the old section does not survive.
  auto again = opt;
  again.input = opt.output;
  again.output = fs::path(tmp.path()) / "w2.wrp";
  again.replay_helpers = false;
  FakeTools fake2(a.modules[0].bytes);
  run_build(again, &fake2);
  CHECK(open_artifact(again.output).replay_helpers.empty());
  CHECK_FALSE(open_artifact(again.output).container.find(kSectionWrpkitHelpers));
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
