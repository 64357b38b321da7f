// wrp-inspect: what a .wrp artifact holds and on which GPUs it will load.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <iostream>

#include "wrpkit/base/error.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/report/device_check.hpp"
#include "wrpkit/report/inspect_print.hpp"
#include "tool_main.hpp"

int main(int argc, char** argv) {
  CLI::App app{"Show what a Warp .wrp artifact holds and on which GPUs it loads.\n"
               "Exit codes: 0 ok, 1 usage, 2 bad input.\n"
               "With --arch: 0 the artifact loads as SASS on every listed GPU, 1 some GPU needs a JIT\n"
               "(PTX, or Warp 1.19 compiling retained source), 2 some GPU cannot load it.\n"
               "With --device: 0 every module loads as SASS, 1 some module needs JIT (0 with --allow-jit),\n"
               "2 some module cannot load, 4 no GPU or driver.\n"
               "With --verify: 2 when its bytes are not what wrp-build wrote (or not signed by a --trust key)."};
  app.footer("Examples:\n"
             "  wrp-inspect sim.wrp                                what it holds, hazards, wrp-run support\n"
             "  wrp-inspect sim.wrp --arch sm_87,sm_90 && deploy   a yes/no check: SASS on both, no JIT\n"
             "  wrp-inspect sim.wrp --arch sm_87 --driver 12.6      the same on a JetPack 6 driver\n"
             "  wrp-inspect sim.wrp --device --load                pre-flight on this machine's GPU 0\n"
             "  wrp-inspect sim.wrp --verify --trust release.pub   as wrp-build wrote it, signed by that key?");
  std::string file, arch_list, driver;
  bool json = false, allow_jit = false, load = false, verify = false;
  std::vector<std::string> trust_files;
  int device = -1;
  app.add_option("file", file, "the .wrp file (its NAME_modules/ folder must sit beside it)")->required();
  app.add_option("--arch", arch_list, "GPUs to check, e.g. sm_75,sm_87,sm_90: adds a load matrix; the exit code "
                 "says whether all of them load it as SASS");
  app.add_option("--driver", driver, "with --arch: the load matrix under a driver of this CUDA release (e.g. 12.6): "
                 "does it load there, without JIT?");
  app.add_flag("--json", json, "print JSON (schema: docs/inspect-json.md)");
  auto* verify_flag = app.add_flag("--verify", verify, "exit 2 unless every byte matches the artifact's wrpkit manifest "
                                   "(and, with --trust, a trusted key signed it): what wrp-run checks before loading");
  app.add_option("--trust", trust_files, "with --verify: PUB.pem, an Ed25519 public key the artifact must be signed "
                 "by (repeat for several)")->needs(verify_flag);
  auto* dev = app.add_option("--device", device, "pre-flight on this machine's GPU N")->expected(0, 1)->default_str("0");
  app.add_flag("--allow-jit", allow_jit, "exit 0 when modules load through PTX JIT")->needs(dev);
  app.add_flag("--load", load, "really load every module and resolve its kernels")->needs(dev);
  dev->group("On the deployment machine");
  for (auto* o : {"--allow-jit", "--load"}) app.get_option(o)->group("On the deployment machine");
  app.set_version_flag("--version", std::string("wrp-inspect (wrpkit) ") + WRPKIT_VERSION);
  WRP_PARSE(app, argc, argv);
  if (app.count("--device") && device < 0) device = 0;

  return wrp::tool_main("wrp-inspect", [&] {
    std::vector<wrp::Arch> archs;
    if (app.count("--arch")) {
      archs = wrp::parse_arch_list(arch_list, "--arch");
      if (auto bad = wrp::gpu_list_problems(archs, "--arch"); !bad.empty())
        wrp::fail(wrp::Exit::usage, fmt::format("{}", fmt::join(bad, "; ")));
    }
    std::optional<wrp::CudaVersion> drv;
    if (app.count("--driver") && !(drv = wrp::parse_cuda_version(driver)))
      wrp::fail(wrp::Exit::usage, fmt::format("--driver {}: expected a CUDA release such as 12.6 or 13.0", driver));
    std::vector<wrp::PublicKey> trusted;
    for (auto& f : trust_files) {
      std::error_code ec;
      if (!std::filesystem::is_regular_file(f, ec)) wrp::fail(wrp::Exit::usage, fmt::format("--trust {}: no such file", f));
      auto pem = wrp::read_file(f);
      trusted.push_back(wrp::read_public_key_pem(std::string(pem.begin(), pem.end()), f));
    }
    auto a = wrp::open_artifact(file);
    auto rep = wrp::inspect(a, archs, drv);
    if (verify) wrp::verify(rep, a, trusted);
    if (device >= 0) {
      auto check = wrp::check_on_device(a, device, allow_jit, load);
      std::cout << (json ? wrp::inspect_json(rep, &check) + "\n" : wrp::device_check_text(rep, check));
      return rep.verify && !rep.verify->problems.empty() ? 2 : check.exit_code;
    }
    std::cout << (json ? wrp::inspect_json(rep) + "\n" : wrp::inspect_text(rep));
    return wrp::inspect_exit_code(rep);
  });
}
