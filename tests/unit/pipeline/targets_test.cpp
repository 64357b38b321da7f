#include "wrpkit/pipeline/targets.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "wrpkit/base/error.hpp"

using namespace wrp;

static std::string targets_error(const std::string& text) {
  try {
    parse_manifest(text, "t.toml");
  } catch (const Error& e) {
    CHECK(e.code() == Exit::usage);
    return e.what();
  }
  return "";
}

TEST_CASE("the project's targets.toml is valid") {
  auto m = load_manifest(std::string(WRPKIT_SOURCE_DIR) + "/targets.toml");
  CHECK(m.default_profile == "portable");
  CHECK(m.profile("portable").archs.size() == 8);
  CHECK(m.profile("jetson-orin").archs.front().str() == "sm_87");
  CHECK(m.profile("datacenter").archs.size() == 3);
}

TEST_CASE("the built-in manifest is the project's targets.toml, and $WRPKIT_TARGETS overrides it") {
  unsetenv("WRPKIT_TARGETS");
  auto built_in = default_manifest();
  auto file = load_manifest(std::string(WRPKIT_SOURCE_DIR) + "/targets.toml");
  CHECK(built_in.path == "built-in targets.toml");
  CHECK(built_in.default_profile == file.default_profile);
  REQUIRE(built_in.profiles.size() == file.profiles.size());
  for (auto& [name, p] : file.profiles) {
    REQUIRE(built_in.profiles.count(name) == 1);
    CHECK(built_in.profile(name).archs.size() == p.archs.size());
    for (size_t i = 0; i < p.archs.size(); ++i) CHECK(built_in.profile(name).archs[i].str() == p.archs[i].str());
  }
  auto dir = std::filesystem::temp_directory_path() / "wrpkit-targets-test.toml";
  std::ofstream(dir) << "default = \"a\"\n[profiles.a]\narchs = [\"sm_87\"]\n";
  setenv("WRPKIT_TARGETS", dir.c_str(), 1);
  auto from_env = default_manifest();
  unsetenv("WRPKIT_TARGETS");
  std::filesystem::remove(dir);
  CHECK(from_env.default_profile == "a");
  CHECK(from_env.profile("a").archs.front().str() == "sm_87");
}

TEST_CASE("manifest errors name the key and the fix") {
  CHECK(targets_error("default = \"x\"\n[profiles.a]\narchs = [\"sm_87\"]\n").find("names profile 'x'") !=
        std::string::npos);
  CHECK(targets_error("default = \"a\"\n[profiles.a]\narchs = []\n").find("profiles.a.archs: empty list") !=
        std::string::npos);
  CHECK(targets_error("default = \"a\"\n[profiles.a]\narchs = [\"sm_999\"]\n").find("unknown arch 'sm_999'") !=
        std::string::npos);
  CHECK(targets_error("default = \"a\"\n[profiles.a]\narchs = [\"sm_87\"]\ncuda = 12.6\n").find("profiles.a.cuda") !=
        std::string::npos);
  CHECK(targets_error("default = \"a\"\n[profiles.a]\narchs = [\"sm_87\"]\ncuda = \"twelve\"\n")
            .find("e.g. cuda = \"12.6\"") != std::string::npos);
  // a profile states the oldest driver it must load on; sm_70 is a GPU (built by CUDA 12 for a 12.x floor)
  auto floor =
      parse_manifest("default = \"a\"\n[profiles.a]\narchs = [\"sm_70\", \"sm_87\"]\ncuda = \"12.6\"\n", "t.toml");
  CHECK(floor.profile("a").min_driver == CudaVersion{12, 6});
  CHECK_FALSE(default_manifest().profile("portable").min_driver);  // the capture's own
  CHECK(default_manifest().profile("jetson-orin").min_driver == CudaVersion{12, 6});
  CHECK(targets_error("default = \"a\"\n[profiles.a]\narchs = [\"gfx90a\"]\n").find("not an SM arch") !=
        std::string::npos);
  CHECK(targets_error("default = \"a\"\n[profiles.a]\narch = [\"sm_90\"]\n").find("unknown key") != std::string::npos);
  CHECK(targets_error("[profiles.a]\narchs = [\"sm_90\"]\n").find("default: missing") != std::string::npos);
  CHECK(targets_error("default = \n").find("t.toml:") == 0);
  auto m = parse_manifest("default = \"a\"\n[profiles.a]\narchs = [\"sm_90a\", \"sm_87\"]\n", "t.toml");
  CHECK(m.profile("a").archs[0].str() == "sm_90a");
  CHECK_THROWS_AS(m.profile("nope"), Error);
}
