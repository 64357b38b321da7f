// wrp-inspect --device: the pre-flight check on the deployment machine.
#pragma once
#include <fmt/format.h>

#include <iostream>

#include "wrpkit/formats/artifact.hpp"
#include "wrpkit/report/inspect.hpp"
#include "wrpkit/base/json.hpp"
#include "wrpkit/report/loader.hpp"

namespace wrp {

inline int device_check(const Artifact& a, InspectReport& rep, int ordinal, bool allow_jit, bool load, bool json) {
  std::string why;
  auto drv = CudaDriver::open(why);
  if (!drv || ordinal >= drv->device_count()) {
    if (drv) why = fmt::format("GPU {} does not exist; this machine has {}", ordinal, drv->device_count());
    fmt::print(stderr, "wrp-inspect: cannot check on a GPU: {}\n", why);
    return int(Exit::toolchain);  // as wrp-run and the C API (WRP_ERROR_DRIVER) say it
  }
  auto plan = plan_load(a, drv->device(ordinal));
  std::vector<ModuleLoad> loads;
  if (load) loads = load_modules(a, *drv, plan);
  Outcome worst = plan.worst();
  for (auto& l : loads)
    if (!l.ok) worst = Outcome::impossible;
  int code = worst == Outcome::sass ? 0 : worst == Outcome::jit ? (allow_jit ? 0 : 1) : 2;

  auto& g = plan.gpu;
  if (json) {
    auto& j = rep.json;
    j.insert("device", toml::table{{"name", g.name}, {"arch", g.arch.sm()}, {"driver", g.driver_str()},
                                   {"ordinal", int64_t(g.ordinal)}, {"jit_disabled", g.jit_disabled}});
    toml::array mods;
    for (size_t i = 0; i < plan.modules.size(); ++i) {
      auto& p = plan.modules[i];
      toml::table t{{"file", p.file}, {"outcome", outcome_name(p.outcome)}, {"message", p.message}, {"fix", p.fix}};
      if (i < loads.size()) t.insert("loaded", loads[i].ok), t.insert("load_message", loads[i].message);
      mods.push_back(std::move(t));
    }
    j.insert("outcomes", std::move(mods));
    toml::array graph;
    for (auto& p : plan.graph) graph.push_back(toml::table{{"outcome", outcome_name(p.outcome)}, {"message", p.message}, {"fix", p.fix}});
    j.insert("graph_outcomes", std::move(graph));
    j.insert("exit_code", int64_t(code));
    std::cout << to_json(j) << "\n";
    return code;
  }
  fmt::print("{} on GPU {}: {} ({}), driver {}{}\n", a.wrp_path.string(), g.ordinal, g.name, g.arch.sm(),
             g.driver_str(), g.jit_disabled ? ", PTX JIT disabled" : "");
  for (size_t i = 0; i < plan.modules.size(); ++i) {
    auto& p = plan.modules[i];
    fmt::print("  {:10} {}\n", outcome_name(p.outcome), p.message);
    if (!p.fix.empty() && p.outcome != Outcome::sass) fmt::print("             fix: {}\n", p.fix);
    if (i < loads.size()) fmt::print("             load: {}\n", loads[i].message);
  }
  for (auto& p : plan.graph) fmt::print("  {:10} {}\n             fix: {}\n", outcome_name(p.outcome), p.message, p.fix);
  fmt::print("{}\n", worst == Outcome::sass ? "OK: loads with no JIT" : code == 0 ? "OK: loads, with PTX JIT for some modules (--allow-jit)" : code == 1 ? "WARNING: needs PTX JIT at load (slow cold start)"
                                                                     : "FAIL: will not load on this GPU");
  return code;
}

}  // namespace wrp
