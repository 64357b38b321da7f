// The emit pass on its own: the new .wrp and its modules folder, files named by content,
// the metadata pointing at them, sealed with a manifest every loader checks.
#include <doctest/doctest.h>

#include <filesystem>

#include "fakes.hpp"
#include "fixtures.hpp"
#include "sealed.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/base/process.hpp"
#include "wrpkit/pipeline/passes.hpp"

using namespace wrp;
using fake::FakeTools;
using fake::options;
namespace fs = std::filesystem;

namespace {

// A 1.17 PTX capture planned for sm_75 into `out`, compiled by a fake compiler and packed.
struct Packed {
  Artifact a = open_artifact(fixtures::ptx75());
  BuildOptions opt = options({"sm_75"});
  BuildPlan plan;
  std::vector<PackedModule> modules;
  explicit Packed(const fs::path& out) {
    opt.output = out;
    FakeTools tools(fake::cubin(75, a.meta.entries_of(a.meta.modules[0].hash), CudaVersion{12, 9}));
    plan = plan_build(opt, a, out, opt.targets);
    choose_tools(plan, a, tools);
    Progress progress;
    modules = pack_stage(plan, a, compile_stage(plan, a, tools, 1, progress), tools, opt, 1, progress);
  }
};

}  // namespace

TEST_CASE("emit pass: the output's files, named by content and sealed, the input untouched") {
  auto src = fixtures::ptx75();
  auto before = read_file(src);
  TempDir tmp;
  auto out = fs::path(tmp.path()) / "out.wrp";
  Packed p(out);
  auto result = emit_stage(p.plan, p.a, p.modules, {}, p.opt, "fake", nullptr);
  CHECK(result.wrp == out);
  auto e = open_artifact(out);
  REQUIRE(e.modules.size() == 1);
  auto name = e.meta.modules[0].binary_filename;
  CHECK(name.ends_with("." + sha256_hex(e.modules[0].bytes).substr(0, 8) + ".fatbin"));
  CHECK(e.modules[0].bytes == p.modules[0].fatbin);
  CHECK(e.integrity.verified());  // every byte under the manifest
  CHECK(e.container.find(kSectionWrpkit));
  CHECK(fs::directory_iterator(modules_dir_for(out)) != fs::directory_iterator());
  CHECK(read_file(src) == before);
}

TEST_CASE("emit pass: with a key, the manifest is signed and the signature checks") {
  TempDir tmp;
  auto out = fs::path(tmp.path()) / "signed.wrp";
  Packed p(out);
  auto key = sealed::key1();
  auto result = emit_stage(p.plan, p.a, p.modules, {}, p.opt, "fake", &key);
  CHECK(result.signed_by == key.key.id());
  auto e = open_artifact(out);
  CHECK(check_signature(e, {read_public_key_pem(sealed::kPub1, "p")}) == SignatureCheck::trusted);
}
