// wrp-run's work, as an application of the runtime's C API (wrp_runtime.h) would do
// it: the options as the command line gives them, the replay, and its typed report
// with its two printers (base/report_writer.hpp).
#pragma once
#include <string>
#include <vector>

namespace wrp {

struct RunCommand {
  std::string artifact;
  int device = 0;
  unsigned repeat = 1;
  std::vector<std::string> sets, gets;               // NAME=FILE.npy
  std::vector<std::string> trust_files;              // PUB.pem
  bool in_memory = false, require_verified = false;  // require_verified: the default; accepted for scripts
  bool allow_unverified = false, isolate = true;
};

struct RunReport {
  std::string artifact, verification;  // verification: "unverified", "verified", "signed"
  int device = 0;
  double driver_init_s = 0, load_s = 0;
  std::vector<double> replay_s;  // each replay, in order
  double median_s() const;
};

// Loads, replays `repeat` times and writes the --get files; throws wrp::Error with
// the C API's status as the exit code.
RunReport run_replay(const RunCommand& cmd);

std::string report_text(const RunReport& r);
// One line (JSON lines: the GPU checks read one record per run).
std::string report_json(const RunReport& r);

}  // namespace wrp
