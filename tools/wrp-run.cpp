// wrp-run: replay a .wrp built by wrp-build with the CUDA driver alone (no Warp),
// through the runtime's C API (wrp_runtime.h), as an application would.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <vector>

#include "tool_main.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/json.hpp"
#include "wrpkit/formats/npy.hpp"
#include "wrpkit/wrp_runtime.h"

namespace {

// A C API status as the tool's exit code (the same numbers, see wrp_runtime.h).
void check(wrp_status st) {
  if (st != WRP_OK) wrp::fail(static_cast<wrp::Exit>(int(st)), wrp_last_error());
}

std::pair<std::string, std::string> name_and_file(const std::string& arg, const char* option) {
  auto eq = arg.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == arg.size())
    wrp::fail(wrp::Exit::usage, fmt::format("{} {}: expected NAME=FILE.npy", option, arg));
  return {arg.substr(0, eq), arg.substr(eq + 1)};
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Replay a Warp .wrp artifact (built by wrp-build) with the CUDA driver alone: no Warp, no JIT.\n"
               "Every byte is checked against the artifact's wrpkit manifest before the driver sees it.\n"
               "Exit codes: 0 ok, 1 usage, 2 bad input, 3 the artifact holds ops wrp-run cannot replay (named), "
               "4 no driver or GPU, or a CUDA call failed."};
  std::string artifact;
  std::vector<std::string> sets, gets, trust_files;
  int device = 0;
  unsigned repeat = 1;
  bool json = false, in_memory = false, require_verified = false;
  app.add_option("artifact", artifact, "the .wrp (NAME_modules/ beside it)")->required();
  app.add_option("--device", device, "CUDA device ordinal")->capture_default_str();
  app.add_option("--set", sets, "NAME=FILE.npy: copy the array's bytes into binding NAME before replaying");
  app.add_option("--get", gets, "NAME=FILE.npy: after the replays, write binding NAME's bytes (dtype uint8; "
                 "view them as the binding's type, e.g. np.load(F).view(np.float32))");
  app.add_option("--repeat", repeat, "replays (timed one by one)")->check(CLI::Range(1u, 1000000u))->capture_default_str();
  app.add_flag("--json", json, "print timings and counts as JSON");
  app.add_flag("--in-memory", in_memory, "read the .wrp and its modules folder into memory first and load them "
               "with wrp_load_from_memory, as an application holding the files would");
  app.add_flag("--require-verified", require_verified, "refuse an artifact with no wrpkit manifest (one not built by "
               "wrp-build, or by an older one); every artifact that has one is checked against it anyway");
  app.add_option("--trust", trust_files, "PUB.pem: an Ed25519 public key; refuse the artifact unless a key given "
                 "signed it (wrp-build --sign). Repeat for several keys");
  app.set_version_flag("--version", std::string("wrp-run (wrpkit) ") + WRPKIT_VERSION);
  WRP_PARSE(app, argc, argv);

  return wrp::tool_main("wrp-run", [&] {
    std::vector<std::pair<std::string, wrp::NpyArray>> inputs;
    for (auto& s : sets) {
      auto [name, file] = name_and_file(s, "--set");
      inputs.emplace_back(name, wrp::read_npy(file));
    }
    std::vector<std::pair<std::string, std::string>> outputs;
    for (auto& g : gets) outputs.push_back(name_and_file(g, "--get"));
    std::vector<std::string> keys;  // PEM text, as the C API takes them
    for (auto& f : trust_files) {
      std::error_code ec;
      if (!std::filesystem::is_regular_file(f, ec)) wrp::fail(wrp::Exit::usage, fmt::format("--trust {}: no such file", f));
      auto pem = wrp::read_file(f);
      keys.emplace_back(pem.begin(), pem.end());
    }
    std::vector<const char*> key_ptrs;
    for (auto& k : keys) key_ptrs.push_back(k.c_str());
    wrp_load_options options{};
    options.device = device;
    options.require_verified = require_verified;
    options.trusted_keys = key_ptrs.data();
    options.trusted_key_count = key_ptrs.size();
    // Names and sizes against the artifact's bindings before the driver starts, so a
    // typo is caught on a machine without a GPU (the .wrp alone: its sections are small).
    if (!inputs.empty() || !outputs.empty()) {
      auto meta = wrp::open_artifact(artifact, false);
      for (auto& [name, array] : inputs)
        if (auto want = wrp::binding_size(meta, name); want != array.data.size())
          wrp::fail(wrp::Exit::usage, fmt::format("--set {}: the array holds {} bytes, the binding's region {}", name,
                                                  array.data.size(), want));
      for (auto& [name, file] : outputs) wrp::binding_size(meta, name);
    }

    // The driver and the GPU's context first, timed on their own: a load is then the
    // artifact alone. A failure here is left to wrp_load to report, after the artifact's checks.
    auto t0 = std::chrono::steady_clock::now();
    wrp_init(device);
    double driver_s = seconds_since(t0);
    std::vector<std::pair<std::string, wrp::Bytes>> files;  // --in-memory: name -> bytes
    wrp::Bytes wrp_bytes;
    if (in_memory) {
      wrp_bytes = wrp::read_file(artifact);
      std::error_code ec;
      auto dir = wrp::modules_dir_for(artifact);
      for (auto& e : std::filesystem::directory_iterator(dir, ec))
        if (e.is_regular_file()) files.emplace_back(e.path().filename().string(), wrp::read_file(e.path()));
    }
    t0 = std::chrono::steady_clock::now();
    wrp_graph* graph = nullptr;
    if (in_memory) {
      std::vector<wrp_module_file> mods;
      for (auto& [name, bytes] : files) mods.push_back({name.c_str(), bytes.data(), bytes.size()});
      check(wrp_load_from_memory_ex(wrp_bytes.data(), wrp_bytes.size(), mods.data(), mods.size(), artifact.c_str(),
                                    &options, &graph));
    } else {
      check(wrp_load_ex(artifact.c_str(), &options, &graph));
    }
    std::unique_ptr<wrp_graph, void (*)(wrp_graph*)> owner(graph, wrp_unload);
    double load_s = seconds_since(t0);
    auto verified = wrp_verification(graph);
    if (verified == WRP_UNVERIFIED)
      fmt::print(stderr, "wrp-run: warning: {} has no wrpkit manifest: nothing checked its bytes before the driver "
                         "got them (build it with wrp-build; --require-verified refuses such artifacts)\n", artifact);
    const char* verified_name = verified == WRP_SIGNED ? "signed" : verified == WRP_VERIFIED ? "verified" : "unverified";
    for (auto& [name, array] : inputs) check(wrp_set_param(graph, name.c_str(), array.data.data(), array.data.size()));
    std::vector<double> times;
    for (unsigned i = 0; i < repeat; ++i) {
      auto t = std::chrono::steady_clock::now();
      check(wrp_launch(graph, nullptr));
      check(wrp_synchronize(graph));
      times.push_back(seconds_since(t));
    }
    for (auto& [name, file] : outputs) {
      uint64_t size = 0;
      check(wrp_param_size(graph, name.c_str(), &size));
      wrp::NpyArray a{"|u1", {size}, wrp::Bytes(size)};
      check(wrp_get_param(graph, name.c_str(), a.data.data(), size));
      wrp::write_file_atomic(file, wrp::npy_bytes(a));
    }
    auto sorted = times;
    std::sort(sorted.begin(), sorted.end());
    double median = sorted[sorted.size() / 2];
    if (json)
      fmt::print("{{\"artifact\": {}, \"device\": {}, \"driver_init_s\": {:.6f}, \"load_s\": {:.6f}, "
                 "\"first_replay_s\": {:.6f}, \"replay_s_median\": {:.6f}, \"replays\": {}, \"verification\": \"{}\"}}\n",
                 wrp::json_quote(artifact), device, driver_s, load_s, times.front(), median, repeat, verified_name);
    else
      fmt::print("{}: driver and GPU started in {:.3f} s, loaded ({}) in {:.3f} s; {} replay(s), first {:.3f} ms, median "
                 "{:.3f} ms\n",
                 artifact, driver_s, verified_name, load_s, repeat, times.front() * 1e3, median * 1e3);
    return 0;
  });
}
