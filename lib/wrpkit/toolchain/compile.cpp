#include "wrpkit/toolchain/compile.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "wrpkit/base/error.hpp"
#include "wrpkit/base/process.hpp"
#include "wrpkit/toolchain/nvjitlink.hpp"

namespace wrp {

namespace fs = std::filesystem;

namespace {

std::string ptxas_version(const fs::path& ptxas, int& major, int& minor) {
  auto r = run_process({ptxas.string(), "--version"});
  auto p = r.output.find("release ");
  if (r.exit_code != 0 || p == std::string::npos) return "unknown";
  major = std::atoi(r.output.c_str() + p + 8);
  if (auto dot = r.output.find('.', p + 8); dot != std::string::npos) minor = std::atoi(r.output.c_str() + dot + 1);
  auto end = r.output.find(',', p);
  return r.output.substr(p + 8, end == std::string::npos ? std::string::npos : end - p - 8);
}

}  // namespace

const std::vector<std::string>& Compiler::options() {
  static const std::vector<std::string> o{"-O3"};
  return o;
}

Compiler::Compiler(const ToolchainPaths& tc, CompilerChoice choice) {
  int major = 0, minor = 0;
  if (choice != CompilerChoice::ptxas && tc.nvjitlink) {
    jit_ = std::make_unique<NvJitLink>(tc.nvjitlink->string());
    major = jit_->major(), minor = jit_->minor();
  } else if (choice != CompilerChoice::nvjitlink && tc.ptxas) {
    ptxas_ = tc.ptxas;
    ptxas_version_ = ptxas_version(*ptxas_, major, minor);
  } else {
    const char* what = choice == CompilerChoice::ptxas       ? "ptxas"
                       : choice == CompilerChoice::nvjitlink ? "nvJitLink (libnvJitLink.so)"
                                                             : "nvJitLink or ptxas";
    fail(Exit::toolchain,
         fmt::format("no PTX compiler found: looked for {} in {}; {}", what, tc.searched(), toolchain_install_hint()));
  }
  archs_ = archs_of_cuda(major);
  cuda_version_ = major * 1000 + minor * 10;
}

Compiler::~Compiler() = default;

std::string Compiler::description() const {
  if (jit_) return fmt::format("nvJitLink {}", jit_->version());
  return fmt::format("ptxas {}", ptxas_version_);
}

std::string Compiler::id() const {
  std::string s = description();
  for (auto& o : options()) s += " " + o;
  return s;
}

Bytes Compiler::compile(ByteView ptx, const Arch& arch, const std::string& what) const {
  if (jit_) {
    auto r = jit_->compile(ptx, arch, options());
    if (r.ok) return std::move(r.cubin);
    if (r.arch_unsupported)
      fail(Exit::target, fmt::format("{}: {} cannot compile for {}; it compiles for: {}", what, description(),
                                     arch.sm(), known_arch_list()));
    fail(Exit::toolchain, fmt::format("{}: {} failed for {}: {}", what, description(), arch.sm(), r.log));
  }
  TempDir tmp;
  auto in = fs::path(tmp.path()) / "in.ptx";
  auto out = fs::path(tmp.path()) / "out.cubin";
  write_file_atomic(in, ptx);
  std::vector<std::string> argv{ptxas_->string(), "-arch=" + arch.sm()};
  for (auto& o : options()) argv.push_back(o);
  argv.insert(argv.end(), {in.string(), "-o", out.string()});
  auto r = run_process(argv);
  if (r.exit_code != 0) fail(Exit::toolchain, fmt::format("{}: ptxas failed for {}: {}", what, arch.sm(), r.output));
  return read_file(out);
}

}  // namespace wrp
