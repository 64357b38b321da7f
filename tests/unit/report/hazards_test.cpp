// wrp-inspect's hazards on real captures, and on real captures with one thing
// wrong: each hazard code where it belongs, and none on a clean PTX capture.
#include "wrpkit/report/hazards.hpp"

#include <doctest/doctest.h>

#include <algorithm>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"

using namespace wrp;

namespace {

std::vector<std::string> codes(const std::vector<Hazard>& hz) {
  std::vector<std::string> out;
  for (auto& h : hz) out.push_back(h.code);
  return out;
}
const Hazard* find(const std::vector<Hazard>& hz, const std::string& code) {
  auto it = std::find_if(hz.begin(), hz.end(), [&](auto& h) { return h.code == code; });
  return it == hz.end() ? nullptr : &*it;
}
using fixtures::sm;

// A real capture whose modules folder reads through `edit` (a file's name and bytes in, nullopt: absent).
Artifact edited(const fs::path& wrp,
                std::function<std::optional<Bytes>(const std::string&, std::optional<Bytes>)> edit) {
  auto files = module_files_in(modules_dir_for(wrp));
  return open_artifact_bytes(wrp, read_file(wrp), [&](const std::string& name) -> std::optional<SharedBytes> {
    auto file = files(name);
    auto out = edit(name, file ? std::optional<Bytes>(file->copy()) : std::nullopt);
    return out ? std::optional<SharedBytes>(std::move(*out)) : std::nullopt;
  });
}

}  // namespace

TEST_CASE("hazards: a Warp 1.17 PTX capture has none, a CPU graph has only cpu_graph") {
  CHECK(find_hazards(open_artifact(fixtures::ptx75()), {sm("sm_75"), sm("sm_90")}).empty());
  for (auto& cpu : {fixtures::cpu16(), fixtures::cpu18()})
    CHECK(codes(find_hazards(open_artifact(cpu), {sm("sm_90")})) == std::vector<std::string>{"cpu_graph"});
}

TEST_CASE("hazards: CUBIN-only modules name their file and the fix, retained source changes the fix") {
  auto a = open_artifact(fixtures::cubin16());
  auto hz = find_hazards(a, {});
  REQUIRE(find(hz, "cubin_only"));
  CHECK(find(hz, "cubin_only")->module == a.meta.modules[0].binary_filename);
  CHECK(find(hz, "cubin_only")->message.find("only on sm_9.x GPUs") != std::string::npos);
  CHECK(find(hz, "cubin_only")->message.find("ptx_target_arch") != std::string::npos);
  auto s = find_hazards(open_artifact(fixtures::cubin18_source()), {});
  REQUIRE(find(s, "cubin_only"));
  CHECK(find(s, "cubin_only")->message.find("compiles its retained CUDA source") != std::string::npos);
}

TEST_CASE("hazards: PTX of ISA 9.4 (Warp 1.18's NVRTC 13.4) JITs only on new drivers") {
  auto hz = find_hazards(open_artifact(fixtures::ptx16()), {});
  REQUIRE(find(hz, "ptx_driver_floor"));
  CHECK(find(hz, "ptx_driver_floor")->message.find("ISA 9.4") != std::string::npos);
}

TEST_CASE("hazards: if/while up to format 16 name the GPUs outside target_arch's family") {
  auto hz = find_hazards(open_artifact(fixtures::while_loop()), {sm("sm_75"), sm("sm_87"), sm("sm_90")});
  REQUIRE(find(hz, "conditional_target_arch"));
  CHECK(find(hz, "conditional_target_arch")->module.empty());  // graph-wide
  CHECK(find(hz, "conditional_target_arch")->message.find("fails on") != std::string::npos);
}

TEST_CASE("hazards: format 18 digests: an edited module, an edited or missing retained source") {
  auto bin = fixtures::cubin18_source();
  auto flipped = [](std::optional<Bytes> b) {
    if (b && !b->empty()) (*b)[b->size() / 2] ^= 1;
    return b;
  };
  auto a = edited(
      bin, [&](const std::string& name, std::optional<Bytes> b) { return name.ends_with(".cubin") ? flipped(b) : b; });
  CHECK(find(find_hazards(a, {}), "binary_digest_mismatch"));
  auto s = edited(
      bin, [&](const std::string& name, std::optional<Bytes> b) { return name.ends_with(".cu") ? flipped(b) : b; });
  CHECK(find(find_hazards(s, {}), "source_digest_mismatch"));
  auto gone = edited(
      bin, [&](const std::string& name, std::optional<Bytes> b) { return name.ends_with(".cu") ? std::nullopt : b; });
  CHECK(find(find_hazards(gone, {}), "source_missing"));
}

TEST_CASE("hazards: SASS of a newer CUDA major than the capture's Warp (from the provenance) is floor_above_warp") {
  auto a = open_artifact(fixtures::cubin16());  // CUDA 13 SASS (ABI 8)
  CHECK_FALSE(find(find_hazards(a, {}), "floor_above_warp"));
  a.provenance = Provenance{.capture_cuda = "12.9"};
  CHECK(find(find_hazards(a, {}), "floor_above_warp"));
}
