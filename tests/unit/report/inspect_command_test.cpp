// wrp-inspect's one call: options checked, the report written as text or JSON, and the
// exit code the tool returns.
#include "wrpkit/report/inspect_command.hpp"

#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "report_output.hpp"

using namespace wrp;
using fixtures::error_of;

TEST_CASE("inspect command: the report as text or JSON, --arch as a yes/no check") {
  InspectCommand c;
  c.file = fixtures::cubin16().string();  // CUBIN for sm_90 alone
  CapturedReport text;
  CHECK(run_inspect(c, text.writer(ReportFormat::text)) == 0);
  CHECK(text.text().find("Warp capture, format 16") != std::string::npos);
  c.archs = "sm_90";
  CapturedReport json;
  CHECK(run_inspect(c, json.writer(ReportFormat::json)) == 0);  // SASS on sm_90
  CHECK(json.text().starts_with("{"));
  CHECK(json.text().find("\"load_summary\"") != std::string::npos);
  c.archs = "sm_90,sm_80";
  CapturedReport two;
  CHECK(run_inspect(c, two.writer(ReportFormat::text)) == 2);  // sm_80 cannot load it
}

TEST_CASE("inspect command: bad --arch, --driver and --trust are usage errors before the file is read") {
  CapturedReport out;
  auto w = out.writer(ReportFormat::text);
  Exit code = Exit::ok;
  InspectCommand c;
  c.file = "/nonexistent.wrp";
  c.archs = "sm_999";
  CHECK_FALSE(error_of([&] { run_inspect(c, w); }, &code).empty());
  CHECK(code == Exit::usage);
  c.archs.reset();
  c.driver = "new";
  CHECK(error_of([&] { run_inspect(c, w); }, &code).find("--driver new") == 0);
  CHECK(code == Exit::usage);
  c.driver.reset();
  c.verify = true;
  c.trust_files = {"/nonexistent.pem"};
  CHECK(error_of([&] { run_inspect(c, w); }, &code).find("--trust /nonexistent.pem: no such file") == 0);
  CHECK(code == Exit::usage);
  CHECK(out.text().empty());
}
