#include <doctest/doctest.h>

#include "wrpkit/error.hpp"
#include "wrpkit/targets.hpp"

using namespace wrp;

static std::string usage_error(const std::string& text) {
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

TEST_CASE("manifest errors name the key and the fix") {
  CHECK(usage_error("default = \"x\"\n[profiles.a]\narchs = [\"sm_87\"]\n").find("names profile 'x'") != std::string::npos);
  CHECK(usage_error("default = \"a\"\n[profiles.a]\narchs = []\n").find("profiles.a.archs: empty list") != std::string::npos);
  CHECK(usage_error("default = \"a\"\n[profiles.a]\narchs = [\"sm_70\"]\n").find("unknown arch 'sm_70'") != std::string::npos);
  CHECK(usage_error("default = \"a\"\n[profiles.a]\narchs = [\"gfx90a\"]\n").find("not an SM arch") != std::string::npos);
  CHECK(usage_error("default = \"a\"\n[profiles.a]\narch = [\"sm_90\"]\n").find("unknown key") != std::string::npos);
  CHECK(usage_error("[profiles.a]\narchs = [\"sm_90\"]\n").find("default: missing") != std::string::npos);
  CHECK(usage_error("default = \n").find("t.toml:") == 0);
  auto m = parse_manifest("default = \"a\"\n[profiles.a]\narchs = [\"sm_90a\", \"sm_87\"]\n", "t.toml");
  CHECK(m.profile("a").archs[0].str() == "sm_90a");
  CHECK_THROWS_AS(m.profile("nope"), Error);
}
