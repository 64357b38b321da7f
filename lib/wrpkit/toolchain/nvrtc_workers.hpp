// NVRTC in worker processes. NVRTC serialises part of every compile behind a
// process-wide lock: measured on 8 compiles of a small Warp module, two threads
// ran in 6.1 s against 6.4 s on one, while two processes halve it. A source build
// therefore hands each compile to one of a few long-lived worker processes (the
// wrp-build executable itself, started with --nvrtc-worker), each of which loads
// NVRTC once and compiles one request after another.
#pragma once
#include <condition_variable>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/bytes.hpp"

namespace wrp {

struct NvrtcRequest {
  std::string source, name;
  Arch arch;
  bool to_ptx = false;
  std::vector<std::string> options;
};

class NvrtcWorkers {
 public:
  // `exe` is started as `exe --nvrtc-worker NVRTC_PATH`; up to `count` workers, started on first use.
  NvrtcWorkers(std::filesystem::path exe, std::string nvrtc_path, unsigned count);
  ~NvrtcWorkers();
  // Thread-safe. Throws wrp::Error(toolchain) with NVRTC's log, as Nvrtc::compile does.
  Bytes compile(const NvrtcRequest& req);

 private:
  struct Worker;
  Worker& acquire();
  void release(Worker& w);
  std::filesystem::path exe_;
  std::string nvrtc_;
  unsigned count_;
  std::mutex mu_;
  std::condition_variable free_cv_;
  std::vector<std::unique_ptr<Worker>> all_;
  std::vector<Worker*> free_;
};

// The worker side: reads requests on stdin, answers on stdout until EOF. Returns the exit status.
int nvrtc_worker_main(const std::string& nvrtc_path);

}  // namespace wrp
