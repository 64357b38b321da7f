// The code to copy into an application that replays .wrp artifacts: before
// handing the file to Warp, check that every module will load on this GPU and
// say what to do when one will not.
//   check_and_load path/to/sim.wrp
#include <cstdio>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/load/loader.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s FILE.wrp\n", argv[0]);
    return 1;
  }
  try {
    wrp::Artifact artifact = wrp::open_artifact(argv[1]);  // reads NAME.wrp and NAME_modules/
    std::string why;
    auto driver = wrp::CudaDriver::open(why);  // dlopen(libcuda): works without a GPU too
    if (!driver) {
      std::fprintf(stderr, "no GPU to check on: %s\n", why.c_str());
      return 3;
    }
    wrp::GpuInfo gpu = driver->device(0);
    wrp::LoadPlan plan = wrp::plan_load(artifact, gpu);  // decision only, nothing loaded yet
    for (auto& m : plan.modules) {
      std::printf("%-10s %s\n", wrp::outcome_name(m.outcome), m.message.c_str());
      if (m.outcome != wrp::Outcome::sass && !m.fix.empty()) std::printf("           fix: %s\n", m.fix.c_str());
    }
    for (auto& g : plan.graph) std::printf("%-10s %s\n           fix: %s\n", "graph", g.message.c_str(), g.fix.c_str());
    if (plan.worst() == wrp::Outcome::impossible) return 2;
    // Load for real and resolve every kernel the metadata names.
    for (auto& r : wrp::load_modules(artifact, *driver, plan)) {
      std::printf("%-10s %s: %s\n", r.ok ? "loaded" : "FAILED", r.file.c_str(), r.message.c_str());
      if (!r.ok) return 2;
    }
    return 0;
  } catch (const wrp::Error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return int(e.code());
  }
}
