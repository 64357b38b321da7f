#include "wrpkit/report/inspect_command.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/report/inspect_print.hpp"

namespace wrp {

namespace {

std::vector<Arch> gpus_of(const std::optional<std::string>& list) {
  if (!list) return {};
  auto archs = parse_arch_list(*list, "--arch");
  if (auto bad = gpu_list_problems(archs, "--arch"); !bad.empty())
    fail(Exit::usage, fmt::format("{}", fmt::join(bad, "; ")));
  return archs;
}

std::vector<PublicKey> keys_of(const std::vector<std::string>& files) {
  std::vector<PublicKey> keys;
  for (auto& f : files) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(f, ec)) fail(Exit::usage, fmt::format("--trust {}: no such file", f));
    auto pem = read_file(f);
    keys.push_back(read_public_key_pem(std::string(pem.begin(), pem.end()), f));
  }
  return keys;
}

}  // namespace

int run_inspect(const InspectCommand& cmd, const ReportWriter& out) {
  auto archs = gpus_of(cmd.archs);
  auto driver = cmd.driver ? std::optional(cuda_version_option(*cmd.driver, "--driver")) : std::nullopt;
  auto trusted = keys_of(cmd.trust_files);
  auto a = open_artifact(cmd.file);
  auto rep = inspect(a, archs, driver);
  if (cmd.verify) verify(rep, a, trusted);
  if (!cmd.device) {
    out.write(rep);
    return inspect_exit_code(rep);
  }
  auto check = check_on_device(a, *cmd.device, cmd.allow_jit, cmd.load);
  out.write(DeviceReport{rep, check});
  return rep.verify && !rep.verify->problems.empty() ? 2 : check.exit_code;
}

}  // namespace wrp
