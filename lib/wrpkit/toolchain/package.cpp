#include "wrpkit/toolchain/package.hpp"

#include <fmt/format.h>

#include "wrpkit/base/error.hpp"
#include "wrpkit/base/process.hpp"

namespace wrp {

namespace fs = std::filesystem;

Packager::Packager(const ToolchainPaths& tc, PackagerChoice choice) {
  if (choice != PackagerChoice::fatbinary && tc.nvfatbin)
    lib_ = std::make_unique<NvFatbin>(tc.nvfatbin->string());
  else if (choice != PackagerChoice::nvfatbin && tc.fatbinary)
    tool_ = tc.fatbinary;
  else
    fail(Exit::toolchain, fmt::format("no fatbin writer found: looked for nvFatbin (libnvfatbin.so) and fatbinary in "
                                      "{}; {}",
                                      tc.searched(), toolchain_install_hint()));
}

Packager::~Packager() = default;

std::string Packager::description() const { return lib_ ? fmt::format("nvFatbin {}", lib_->version()) : "fatbinary"; }

Bytes Packager::pack(const std::vector<FatbinInput>& inputs, const std::string& compress,
                     const std::string& what) const {
  try {
    if (lib_) return lib_->create(inputs, compress);
  } catch (const Error& e) {
    fail(Exit::toolchain, fmt::format("{}: {}", what, e.what()));
  }
  TempDir tmp;
  auto out = fs::path(tmp.path()) / "out.fatbin";
  std::vector<std::string> argv{tool_->string(), "--create=" + out.string(), "-64", "--compress-mode=" + compress};
  int i = 0;
  for (auto& in : inputs) {
    auto f = fs::path(tmp.path()) / fmt::format("{}.{}", i++, in.is_ptx ? "ptx" : "cubin");
    write_file_atomic(f, in.data);
    argv.push_back(fmt::format("--image3=kind={},sm={}{},file={}", in.is_ptx ? "ptx" : "elf", in.arch.number(),
                               in.arch.suffix(), f.string()));
  }
  auto r = run_process(argv);
  if (r.exit_code != 0) fail(Exit::toolchain, fmt::format("{}: fatbinary failed: {}", what, r.output));
  return read_file(out);
}

}  // namespace wrp
