// The helpers stage: wrp-run's helper kernels that the graph's ops launch
// (helper_kernels.hpp) and its mesh kernels where the graph has meshes, each compiled
// for every target and packed into one fatbin, each image checked like a module's.
#include "wrpkit/replay/helper_kernels.hpp"

#include <fmt/format.h>

#include <functional>

#include "wrpkit/base/error.hpp"
#include "wrpkit/base/log.hpp"
#include "wrpkit/base/parallel.hpp"
#include "wrpkit/formats/fatbin.hpp"
#include "wrpkit/pipeline/helper_source.hpp"
#include "wrpkit/pipeline/passes.hpp"

namespace wrp {

namespace {

using Compile = std::function<Bytes(const HelperJob& job, const Arch& arch, const std::string& what)>;

// One fatbin of `h`'s jobs, each compiled by `compile` and checked for its arch and entries.
Bytes helper_fatbin(const PlannedHelpers& h, const char* kind, const Compile& compile, Toolset& tools,
                    const BuildPlan& plan, const BuildOptions& opt, unsigned threads, Progress& progress) {
  std::vector<Bytes> images(h.jobs.size());
  std::vector<FatbinInput> inputs(h.jobs.size());  // views of `images`
  progress.start(kind, h.jobs.size());
  parallel_for(h.jobs.size(), threads, [&](size_t k) {
    auto arch = h.jobs[k].arch;
    bool to_ptx = h.jobs[k].to_ptx;
    auto target = to_ptx ? fmt::format("compute_{}{}", arch.number(), arch.suffix()) : arch.sm();
    auto what = fmt::format("wrp-run's {} for {}", kind, target);
    auto img = compile(h.jobs[k], arch, what);
    check_compiled(what, img, arch, to_ptx, h.entries);
    arch.is_virtual = to_ptx;
    images[k] = std::move(img);
    inputs[k] = {to_ptx, arch, images[k], to_ptx ? arch.str() : arch.sm()};
    progress.step(what);
  });
  if (opt.shard) return {};  // compiled into the caches; the assemble build packs them
  auto fat = tools.pack(inputs, opt.compress, fmt::format("wrp-run's {}", kind), plan.pack_release);
  auto packed = parse_fatbin(fmt::format("the {} fatbin", kind), fat);
  if (packed.size() != inputs.size())
    fail(Exit::toolchain,
         fmt::format("the {} fatbin holds {} images, {} were packed", kind, packed.size(), inputs.size()));
  return fat;
}

}  // namespace

HelperFatbins helpers_stage(const BuildPlan& plan, Toolset& tools, const BuildOptions& opt, unsigned threads,
                            Progress& progress) {
  HelperFatbins out;
  if (plan.helpers && !plan.helpers->jobs.empty()) {
    auto source = replay_helper_source(plan.helpers->entries);
    out.replay = helper_fatbin(
        *plan.helpers, "helper kernels",
        [&](const HelperJob& j, const Arch& arch, const std::string&) {
          return tools.compile_standalone(source, "wrpkit_helpers.cu", arch, j.to_ptx, j.release);
        },
        tools, plan, opt, threads, progress);
  }
  if (plan.mesh && !plan.mesh->jobs.empty()) {
    // Warp's own compile options and headers (the capture's release): the descriptors are its structures.
    SourceUnit unit{mesh_kernel_source(), "wrpkit_mesh.cu", CompileRecipe{}};
    out.mesh = helper_fatbin(
        *plan.mesh, "mesh kernels",
        [&](const HelperJob& j, const Arch& arch, const std::string&) {
          return tools.compile_source(unit, arch, j.to_ptx, "wrp-run's mesh kernels", j.release);
        },
        tools, plan, opt, threads, progress);
  }
  return out;
}

}  // namespace wrp
