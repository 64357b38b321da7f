// Running an external tool (ptxas, fatbinary) and capturing its output.
#pragma once
#include <string>
#include <vector>

namespace wrp {

struct ProcessResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

ProcessResult run_process(const std::vector<std::string>& argv);

// A fresh private folder under the system temp dir, removed on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace wrp
