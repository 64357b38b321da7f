#include "wrpkit/base/log.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

// What `body` writes to stderr (fd 2), read back from a temporary file.
template <class F>
static std::string stderr_of(F&& body) {
  auto path = std::filesystem::temp_directory_path() / ("wrpkit-log-test-" + std::to_string(getpid()));
  std::FILE* file = std::fopen(path.c_str(), "w+");
  REQUIRE(file);
  std::fflush(stderr);
  int saved = dup(2);
  dup2(fileno(file), 2);
  body();
  std::fflush(stderr);
  dup2(saved, 2);
  close(saved);
  std::fclose(file);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  std::filesystem::remove(path);
  return text.str();
}

TEST_CASE("log: warnings carry the tool and warning: prefix, info lines only when verbose") {
  auto quiet = stderr_of([] {
    wrp::log::start("wrp-tool", false);
    CHECK_FALSE(wrp::log::info_enabled());
    wrp::log::warn("cache {} unreadable", "/x");
    wrp::log::info("compiled {}", "m.ptx");
  });
  CHECK(quiet == "wrp-tool: warning: cache /x unreadable\n");
  auto verbose = stderr_of([] {
    wrp::log::start("wrp-tool", true);  // a second start replaces the first
    CHECK(wrp::log::info_enabled());
    wrp::log::info("compiled {} in {:.2f} s", "m.ptx", 0.5);
  });
  CHECK(verbose == "wrp-tool: info: compiled m.ptx in 0.50 s\n");
  wrp::log::start("wrp-tool", false);
}
