#include "wrpkit/base/process.hpp"

#include <doctest/doctest.h>

#include <filesystem>

using namespace wrp;

TEST_CASE("process: exit code and both output streams of a tool, and a missing tool fails without a crash") {
  auto r = run_process({"/bin/sh", "-c", "echo out; echo err >&2; exit 3"});
  CHECK(r.exit_code == 3);
  CHECK(r.output.find("out") != std::string::npos);
  CHECK(r.output.find("err") != std::string::npos);
  auto missing = run_process({"/nonexistent/wrpkit-no-such-tool"});
  CHECK(missing.exit_code != 0);
}

TEST_CASE("temp dir: private, and removed with what it holds") {
  std::string path;
  {
    TempDir d;
    path = d.path();
    CHECK(std::filesystem::is_directory(path));
    auto perms = std::filesystem::status(path).permissions();
    CHECK((perms & std::filesystem::perms::others_all) == std::filesystem::perms::none);
    std::filesystem::create_directories(path + "/a/b");
  }
  CHECK_FALSE(std::filesystem::exists(path));
}
