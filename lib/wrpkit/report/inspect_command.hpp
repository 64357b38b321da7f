// wrp-inspect as one library call: the options as its command line gives them
// (tools/wrp-inspect.cpp reads them), checked here, then the report written.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/base/report_writer.hpp"

namespace wrp {

struct InspectCommand {
  std::string file;                      // the .wrp
  std::optional<std::string> archs;      // --arch: "sm_75,sm_87"
  std::optional<std::string> driver;     // --driver: "12.6"
  bool verify = false;                   // --verify
  std::vector<std::string> trust_files;  // --trust PUB.pem ...
  std::optional<int> device;             // --device [N]
  bool allow_jit = false, load = false;  // with --device
};

// Writes the report (with the device check, for --device) and returns wrp-inspect's
// exit code. Throws wrp::Error for usage errors and unreadable input.
int run_inspect(const InspectCommand& cmd, const ReportWriter& out);

}  // namespace wrp
