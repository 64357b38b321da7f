// A build's progress, for a terminal's progress line (wrp-build) and for the
// Python API's callback (JSON lines on --progress-fd). The stages report through
// one Progress, which stamps the elapsed time and serializes the calls, so a
// callback never runs on two threads at once.
#pragma once
#include <chrono>
#include <functional>
#include <mutex>
#include <string>

namespace wrp {

struct BuildProgress {
  std::string stage;           // "compile" | "pack" | "write" | "done"
  size_t done = 0, total = 0;  // work items of this stage finished / in all
  std::string current;         // what the last item was ("sim.ptx for sm_87")
  double elapsed_s = 0;        // since the build started
};

using ProgressFn = std::function<void(const BuildProgress&)>;

class Progress {
 public:
  explicit Progress(ProgressFn fn = {}) : fn_(std::move(fn)), start_(std::chrono::steady_clock::now()) {}
  // A stage starts with `total` items.
  void start(const std::string& stage, size_t total);
  // One item of the current stage finished.
  void step(const std::string& current);
  void finish();

 private:
  void emit();  // with mu_ held
  ProgressFn fn_;
  std::chrono::steady_clock::time_point start_;
  std::mutex mu_;
  BuildProgress now_;
};

// "[ 12/40] compile sim.ptx for sm_87  3.2 s", cut to `width` columns.
std::string progress_line(const BuildProgress& p, size_t width);
// One JSON object on one line: {"stage":..,"done":..,"total":..,"current":..,"elapsed_s":..}
std::string progress_json(const BuildProgress& p);

}  // namespace wrp
