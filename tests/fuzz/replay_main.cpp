// wrpkit-fuzz-replay TARGET PATH...: runs saved inputs (files, or every file in
// a folder) through a fuzz target without libFuzzer, so the regression inputs
// and seed corpora run under ctest in every build, sanitized or not.
// `wrpkit-fuzz-replay --list` prints the targets.
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "fuzz_target.hpp"

namespace fs = std::filesystem;

[[noreturn]] void fuzz::property_failed(const char* what) {
  std::fprintf(stderr, "fuzz property failed: %s\n", what);
  std::abort();
}

int main(int argc, char** argv) {
  if (argc >= 2 && std::string(argv[1]) == "--list") {
    for (auto& [name, _] : fuzz::registry()) std::printf("%s\n", name.c_str());
    return 0;
  }
  if (argc < 3) {
    std::fprintf(stderr, "usage: wrpkit-fuzz-replay TARGET FILE|DIR... (or --list)\n");
    return 1;
  }
  auto it = fuzz::registry().find(argv[1]);
  if (it == fuzz::registry().end()) {
    std::fprintf(stderr, "wrpkit-fuzz-replay: no target '%s' (--list names them)\n", argv[1]);
    return 1;
  }
  size_t ran = 0;
  auto run_file = [&](const fs::path& p) {
    auto bytes = wrp::read_file(p);
    fuzz::run_one(it->second, bytes.data(), bytes.size());
    ++ran;
  };
  for (int i = 2; i < argc; ++i) {
    fs::path p = argv[i];
    if (fs::is_directory(p)) {
      for (auto& e : fs::recursive_directory_iterator(p))
        if (e.is_regular_file()) run_file(e.path());
    } else {
      run_file(p);
    }
  }
  std::printf("%s: %zu inputs, no finding\n", argv[1], ran);
  return 0;
}
