// run_build, plan -> compile -> pack -> emit end to end over real captures with a fake
// compiler: what reaches the output, what is refused before anything is written.
#include "wrpkit/pipeline/build.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <filesystem>

#include "fakes.hpp"
#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/base/process.hpp"

using namespace wrp;
using fake::FakeTools;
using fake::has;
using fake::options;
using fake::refusal;
namespace fs = std::filesystem;

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

TEST_CASE("--fetch-toolchains: the plan asks for the release it lacks, once, and the build then uses it") {
  auto src = fixtures::cubin18_source();  // CUDA source: Orin's SASS must come from CUDA 12.6 or older
  auto a = open_artifact(src);
  TempDir tmp;
  auto opt = options({"sm_87"});
  opt.input = src;
  opt.output = fs::path(tmp.path()) / "orin.wrp";
  opt.min_driver = CudaVersion{12, 6};
  opt.min_driver_from = "profile 'jetson-orin'";
  FakeTools tools(fake::cubin(87, a.meta.entries_of(a.meta.modules[0].hash), CudaVersion{12, 6}));
  tools.fake_releases = {{13, 5}, {12, 9}};
  auto [code, msg] = refusal([&] { run_build(opt, &tools); });
  CHECK(code == Exit::toolchain);
  CHECK(has(msg, "wrpkit toolchain install 12.6 (or pass --fetch-toolchains)"));
  std::vector<std::vector<std::string>> asked;
  opt.fetch_toolchains = [&](const std::vector<std::string>& releases) {
    asked.push_back(releases);
    tools.fake_releases.push_back({12, 6});  // what `wrpkit toolchain install 12.6` adds
  };
  run_build(opt, &tools);
  REQUIRE(asked.size() == 1);
  CHECK(asked[0] == std::vector<std::string>{"12.6"});
  CHECK(tools.last_release == CudaVersion{12, 6});
  opt.force = true;  // over the first output
  run_build(opt, &tools);
  CHECK(asked.size() == 1);  // found now: nothing more to fetch
}

TEST_CASE("--shard: N shards compile every job of the build once between them and write nothing") {
  auto src = fixtures::cubin18_source();
  auto a = open_artifact(src);
  TempDir tmp;
  auto opt = options({"sm_75", "sm_80", "sm_86", "sm_90", "sm_120"}, PtxMode::lowest, BuildFrom::source);
  opt.input = src;
  opt.output = fs::path(tmp.path()) / "whole.wrp";
  auto entries = a.meta.entries_of(a.meta.modules[0].hash);
  struct PerArch : FakeTools {  // SASS of the arch asked for
    using FakeTools::FakeTools;
    std::vector<std::string> entries;
    Bytes compile_source(const SourceUnit& s, const Arch& arch, bool to_ptx, const std::string& w,
                         CudaVersion r) override {
      FakeTools::compile_source(s, arch, to_ptx, w, r);
      return to_ptx ? fake::ptx(arch.number(), entries, max_ptx_isa(r.code())) : fake::cubin(arch.number(), entries, r);
    }
  };
  PerArch all({}, "1.19.0");
  all.entries = entries;
  auto built = run_build(opt, &all);
  REQUIRE(built.outputs.size() == 1);
  int total = all.calls;
  CHECK(total == 6);  // five SASS targets and the lowest's PTX
  int sum = 0;
  std::vector<size_t> here;
  for (unsigned i = 1; i <= 4; ++i) {
    PerArch part({}, "1.19.0");
    part.entries = entries;
    auto shard = opt;
    shard.output = fs::path(tmp.path()) / fmt::format("shard{}.wrp", i);
    shard.shard = BuildOptions::Shard{i, 4};
    auto r = run_build(shard, &part);
    CHECK(r.outputs.empty());
    REQUIRE(r.shard);
    CHECK(r.shard->jobs_total == size_t(total));
    CHECK(r.shard->jobs_here == size_t(part.calls));
    here.push_back(r.shard->jobs_here);
    sum += part.calls;
    CHECK_FALSE(fs::exists(shard.output));
  }
  CHECK(sum == total);
  CHECK(*std::max_element(here.begin(), here.end()) - *std::min_element(here.begin(), here.end()) <= 1);
}
