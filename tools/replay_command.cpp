#include "replay_command.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/json.hpp"
#include "wrpkit/formats/npy.hpp"
#include "wrpkit/wrp_runtime.h"

namespace wrp {

namespace {

using Graph = std::unique_ptr<wrp_graph, void (*)(wrp_graph*)>;

// A C API status as the tool's exit code (the same numbers, see wrp_runtime.h).
void check(wrp_status st) {
  if (st != WRP_OK) fail(static_cast<Exit>(int(st)), wrp_last_error());
}

std::pair<std::string, std::string> name_and_file(const std::string& arg, const char* option) {
  auto eq = arg.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == arg.size())
    fail(Exit::usage, fmt::format("{} {}: expected NAME=FILE.npy", option, arg));
  return {arg.substr(0, eq), arg.substr(eq + 1)};
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

std::vector<std::string> trusted_keys_pem(const std::vector<std::string>& files) {
  std::vector<std::string> keys;  // PEM text, as the C API takes them
  for (auto& f : files) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(f, ec)) fail(Exit::usage, fmt::format("--trust {}: no such file", f));
    auto pem = read_file(f);
    keys.emplace_back(pem.begin(), pem.end());
  }
  return keys;
}

// Names and sizes against the artifact's bindings before the driver starts, so a typo
// is caught on a machine without a GPU (the .wrp alone: its sections are small).
void check_bindings(const std::string& artifact, const std::vector<std::pair<std::string, NpyArray>>& inputs,
                    const std::vector<std::pair<std::string, std::string>>& outputs) {
  if (inputs.empty() && outputs.empty()) return;
  auto meta = open_artifact(artifact, false);
  for (auto& [name, array] : inputs)
    if (auto want = binding_size(meta, name); want != array.data.size())
      fail(Exit::usage,
           fmt::format("--set {}: the array holds {} bytes, the binding's region {}", name, array.data.size(), want));
  for (auto& [name, file] : outputs) binding_size(meta, name);
}

// --in-memory: the .wrp and its modules folder read first, loaded with wrp_load_from_memory_ex.
Graph load_from_memory(const std::string& artifact, const wrp_load_options& options) {
  auto wrp_bytes = read_file(artifact);
  std::vector<std::pair<std::string, Bytes>> files;
  std::error_code ec;
  for (auto& e : std::filesystem::directory_iterator(modules_dir_for(artifact), ec))
    if (e.is_regular_file()) files.emplace_back(e.path().filename().string(), read_file(e.path()));
  std::vector<wrp_module_file> mods;
  for (auto& [name, bytes] : files) mods.push_back({name.c_str(), bytes.data(), bytes.size()});
  wrp_graph* g = nullptr;
  check(wrp_load_from_memory_ex(wrp_bytes.data(), wrp_bytes.size(), mods.data(), mods.size(), artifact.c_str(),
                                &options, &g));
  return Graph(g, wrp_unload);
}

Graph load(const RunCommand& c, const wrp_load_options& options) {
  if (c.in_memory) return load_from_memory(c.artifact, options);
  wrp_graph* g = nullptr;
  check(wrp_load_ex(c.artifact.c_str(), &options, &g));
  return Graph(g, wrp_unload);
}

const char* verification_of(wrp_graph* g, const std::string& artifact) {
  auto v = wrp_verification(g);
  if (v == WRP_UNVERIFIED)
    fmt::print(stderr,
               "wrp-run: warning: {} has no wrpkit manifest: nothing checked its bytes before the driver "
               "got them (--allow-unverified; build it with wrp-build to have them checked)\n",
               artifact);
  return v == WRP_SIGNED ? "signed" : v == WRP_VERIFIED ? "verified" : "unverified";
}

// Typed as the kernel that reads the binding declares it ((n, 3) float32 for wp.vec3), where
// the artifact says; bytes where it does not.
void write_output(wrp_graph* g, const std::string& name, const std::string& file) {
  uint64_t size = 0;
  check(wrp_param_size(g, name.c_str(), &size));
  Bytes data(size);
  check(wrp_get_param(g, name.c_str(), data.data(), size));
  char element[32] = {};
  check(wrp_param_dtype(g, name.c_str(), element, sizeof element));
  write_file_atomic(file, npy_bytes(typed_npy(element, std::move(data))));
}

}  // namespace

double RunReport::median_s() const {
  auto sorted = replay_s;
  std::sort(sorted.begin(), sorted.end());
  return sorted.empty() ? 0 : sorted[sorted.size() / 2];
}

RunReport run_replay(const RunCommand& c) {
  std::vector<std::pair<std::string, NpyArray>> inputs;
  for (auto& s : c.sets) {
    auto [name, file] = name_and_file(s, "--set");
    inputs.emplace_back(name, read_npy(file));
  }
  std::vector<std::pair<std::string, std::string>> outputs;
  for (auto& g : c.gets) outputs.push_back(name_and_file(g, "--get"));
  auto keys = trusted_keys_pem(c.trust_files);
  std::vector<const char*> key_ptrs;
  for (auto& k : keys) key_ptrs.push_back(k.c_str());
  wrp_load_options options{};
  options.device = c.device;
  options.allow_unverified = c.allow_unverified && !c.require_verified;
  options.no_isolation = !c.isolate;
  options.trusted_keys = key_ptrs.data();
  options.trusted_key_count = key_ptrs.size();
  check_bindings(c.artifact, inputs, outputs);

  RunReport r{c.artifact, "", c.device};
  // The driver and the GPU's context first, timed on their own: a load is then the
  // artifact alone. A failure here is left to wrp_load to report, after the artifact's checks.
  auto t0 = std::chrono::steady_clock::now();
  wrp_init(c.device);
  r.driver_init_s = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  auto graph = load(c, options);
  r.load_s = seconds_since(t0);
  r.verification = verification_of(graph.get(), c.artifact);
  for (auto& [name, array] : inputs)
    check(wrp_set_param(graph.get(), name.c_str(), array.data.data(), array.data.size()));
  for (unsigned i = 0; i < c.repeat; ++i) {
    auto t = std::chrono::steady_clock::now();
    check(wrp_launch(graph.get(), nullptr));
    check(wrp_synchronize(graph.get()));
    r.replay_s.push_back(seconds_since(t));
  }
  for (auto& [name, file] : outputs) write_output(graph.get(), name, file);
  return r;
}

std::string report_text(const RunReport& r) {
  return fmt::format(
      "{}: driver and GPU started in {:.3f} s, loaded ({}) in {:.3f} s; {} replay(s), first {:.3f} ms, median "
      "{:.3f} ms\n",
      r.artifact, r.driver_init_s, r.verification, r.load_s, r.replay_s.size(), r.replay_s.front() * 1e3,
      r.median_s() * 1e3);
}

std::string report_json(const RunReport& r) {
  return fmt::format(
      "{{\"artifact\": {}, \"device\": {}, \"driver_init_s\": {:.6f}, \"load_s\": {:.6f}, "
      "\"first_replay_s\": {:.6f}, \"replay_s_median\": {:.6f}, \"replays\": {}, \"verification\": \"{}\"}}",
      json_quote(r.artifact), r.device, r.driver_init_s, r.load_s, r.replay_s.front(), r.median_s(), r.replay_s.size(),
      r.verification);
}

}  // namespace wrp
