// The helpers stage: wrp-run's helper kernels that the graph's ops launch
// (helper_kernels.hpp) compiled for every target and packed into one fatbin, each
// image checked like a module's.
#include "wrpkit/replay/helper_kernels.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "wrpkit/base/error.hpp"
#include "wrpkit/base/parallel.hpp"
#include "wrpkit/formats/fatbin.hpp"
#include "wrpkit/pipeline/helper_source.hpp"
#include "wrpkit/pipeline/passes.hpp"

namespace wrp {

Bytes helpers_stage(const BuildPlan& plan, Toolset& tools, const BuildOptions& opt, unsigned threads,
                    Progress& progress) {
  if (!plan.helpers) return {};
  const auto& h = *plan.helpers;
  std::vector<Bytes> images(h.jobs.size());
  std::vector<FatbinInput> inputs(h.jobs.size());  // views of `images`
  auto source = replay_helper_source(h.entries);
  progress.start("helpers", h.jobs.size());
  parallel_for(h.jobs.size(), threads, [&](size_t k) {
    auto arch = h.jobs[k].arch;
    bool to_ptx = h.jobs[k].to_ptx;
    auto target = to_ptx ? fmt::format("compute_{}{}", arch.number(), arch.suffix()) : arch.sm();
    auto what = fmt::format("wrp-run's helper kernels for {}", target);
    auto img = tools.compile_standalone(source, "wrpkit_helpers.cu", arch, to_ptx, h.jobs[k].release);
    check_compiled(what, img, arch, to_ptx, h.entries);
    arch.is_virtual = to_ptx;
    images[k] = std::move(img);
    inputs[k] = {to_ptx, arch, images[k], to_ptx ? arch.str() : arch.sm()};
    progress.step(what);
  });
  auto fat = tools.pack(inputs, opt.compress, "wrp-run's helper kernels", plan.pack_release);
  auto packed = parse_fatbin("the helper fatbin", fat);
  if (packed.size() != inputs.size())
    fail(Exit::toolchain,
         fmt::format("the helper fatbin holds {} images, {} were packed", packed.size(), inputs.size()));
  return fat;
}

}  // namespace wrp
