// wrp-build's one call: its options checked and turned into a build, or the profile
// list and the cache operations, each report written by the writer it is given.
#include "wrpkit/pipeline/command.hpp"

#include <doctest/doctest.h>

#include <filesystem>

#include "fixtures.hpp"
#include "report_output.hpp"
#include "wrpkit/base/process.hpp"

using namespace wrp;
using fixtures::error_of;
namespace fs = std::filesystem;

TEST_CASE("build command: --list-profiles as text and as JSON, from the built-in manifest") {
  BuildCommand c;
  c.list_profiles = true;
  CapturedReport text, json;
  CHECK(run_build_command(c, text.writer(ReportFormat::text)) == 0);
  CHECK(text.text().find("jetson-orin") != std::string::npos);
  CHECK(text.text().find("driver floor: CUDA 12.6") != std::string::npos);
  CHECK(run_build_command(c, json.writer(ReportFormat::json)) == 0);
  CHECK(json.text().starts_with("{"));
  CHECK(json.text().find("\"jetson-orin\"") != std::string::npos);
  CHECK(json.text().find("\"default\"") != std::string::npos);
}

TEST_CASE("build command: the cache operations act on the folder and report it") {
  TempDir tmp;
  BuildCommand c;
  c.cache_dir = (fs::path(tmp.path()) / "cache").string();
  c.cache_max_size = "1M";
  c.cache_stats = true;
  CapturedReport out;
  CHECK(run_build_command(c, out.writer(ReportFormat::text)) == 0);
  CHECK(out.text().find("entries        0") != std::string::npos);
  CHECK(out.text().find("of 1024.0 KiB") != std::string::npos);  // the cap just set
  c.cache_max_size.reset();
  c.cache_stats = false;
  c.cache_clear = true;
  CapturedReport cleared;
  CHECK(run_build_command(c, cleared.writer(ReportFormat::json)) == 0);
  CHECK(cleared.text().find("\"removed\"") != std::string::npos);
}

TEST_CASE("build command: usage errors before anything is read or compiled") {
  CapturedReport out;
  auto w = out.writer(ReportFormat::text);
  Exit code = Exit::ok;
  BuildCommand none;
  CHECK(error_of([&] { run_build_command(none, w); }, &code).find("name the capture and the output") == 0);
  CHECK(code == Exit::usage);
  BuildCommand c;
  c.input = fixtures::ptx75().string();
  c.output = "/tmp/never-written.wrp";
  c.min_driver = "twelve";
  CHECK(error_of([&] { run_build_command(c, w); }, &code).find("--min-driver twelve") == 0);
  CHECK(code == Exit::usage);
  c.min_driver.reset();
  c.no_cache = true;
  c.cache_remote = "http://127.0.0.1:9/x";
  CHECK(error_of([&] { run_build_command(c, w); }, &code).find("--cache-remote sits behind") == 0);
  c.no_cache = false;
  c.archs = "sm_999";
  CHECK_FALSE(error_of([&] { run_build_command(c, w); }, &code).empty());
  CHECK(code == Exit::usage);
  CHECK(out.text().empty());
  CHECK_FALSE(fs::exists(c.output));
}
