// nvJitLink and nvFatbin as the pipeline drives them, through the project's CUDA 13
// wheels (no GPU needed): a real capture's PTX compiled to SASS, a refusal with its log,
// and both packed into one fatbin that reads back image by image.
#include "wrpkit/toolchain/nvjitlink.hpp"

#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/formats/fatbin.hpp"
#include "wrpkit/formats/module_binary.hpp"
#include "wrpkit/toolchain/find.hpp"
#include "wrpkit/toolchain/package.hpp"

using namespace wrp;
using namespace fixtures;

TEST_CASE("nvJitLink: a real capture's PTX becomes sm_90 SASS, bad PTX is refused with its log") {
  auto tc = find_toolchain(std::nullopt, 13);
  if (!tc.nvjitlink) WRPKIT_SKIP("needs the CUDA 13 nvJitLink wheel (scripts/setup installs it)");
  NvJitLink jit(tc.nvjitlink->string());
  CHECK(jit.major() == 13);
  auto a = open_artifact(fixtures::ptx75());
  auto r = jit.compile(a.modules[0].bytes, sm("sm_90"), {});
  REQUIRE(r.ok);
  auto sass = read_module_binary("out.cubin", r.cubin);
  CHECK(sass.kind == ModuleKind::cubin);
  CHECK(sass.image_list() == "sm_90");
  auto bad = jit.compile(bytes_of(".version 9.0\n.target sm_90\n.address_size 64\nnot ptx"), sm("sm_90"), {});
  CHECK_FALSE(bad.ok);
  CHECK_FALSE(bad.log.empty());
}

TEST_CASE("packager: nvFatbin packs SASS and PTX into one fatbin that reads back image by image") {
  auto tc = find_toolchain(std::nullopt, 13);
  if (!tc.nvjitlink || !tc.nvfatbin) WRPKIT_SKIP("needs the CUDA 13 nvJitLink and nvFatbin wheels (scripts/setup)");
  NvJitLink jit(tc.nvjitlink->string());
  auto a = open_artifact(fixtures::ptx75());
  auto r = jit.compile(a.modules[0].bytes, sm("sm_90"), {});
  REQUIRE(r.ok);
  Packager pack(tc, PackagerChoice::nvfatbin);
  CHECK(pack.description().find("nvFatbin") != std::string::npos);
  for (auto* compress : {"none", "default"}) {
    CAPTURE(compress);
    auto fatbin = pack.pack({{false, sm("sm_90"), r.cubin, "k"}, {true, sm("sm_75"), a.modules[0].bytes, "k"}},
                            compress, "particles");
    auto entries = parse_fatbin("out.fatbin", fatbin);
    REQUIRE(entries.size() == 2);
    CHECK(entries[0].kind == ImageKind::sass);
    CHECK(entries[0].arch.str() == "sm_90");
    CHECK(entries[1].kind == ImageKind::ptx);
    CHECK(entries[1].arch.number() == 75);
    CHECK(read_module_binary("out.fatbin", fatbin).image_list() == "sm_90, compute_75");
  }
}
