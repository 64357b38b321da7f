// The compile stage: every distinct job once, longest first, on all threads.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <numeric>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/fault.hpp"
#include "wrpkit/base/log.hpp"
#include "wrpkit/base/parallel.hpp"
#include "wrpkit/formats/elf.hpp"
#include "wrpkit/formats/ptx.hpp"
#include "wrpkit/pipeline/passes.hpp"

namespace wrp {

void check_entries(const std::string& what, const std::vector<std::string>& have,
                   const std::vector<std::string>& entries, Exit code) {
  for (auto& n : entries)
    if (std::find(have.begin(), have.end(), n) == have.end())
      fail(code, fmt::format("{} lacks kernel entry '{}' that the metadata names", what, n));
}

void check_compiled(const std::string& what, ByteView img, const Arch& arch, bool to_ptx,
                    const std::vector<std::string>& entries) {
  if (to_ptx) {
    check_entries(what, parse_ptx(what, img).entries, entries, Exit::toolchain);
    return;
  }
  auto info = parse_elf(what, img);
  if (info.arch.number() != arch.number())
    fail(Exit::toolchain, fmt::format("{}: the compiler produced {} SASS", what, info.arch.sm()));
  check_entries(what, info.entries, entries, Exit::toolchain);
}

std::vector<Bytes> compile_stage(const BuildPlan& plan, const Artifact& a, Toolset& tools, unsigned threads,
                                 Progress& progress) {
  auto& jobs = plan.jobs;
  std::vector<Bytes> out(jobs.size());
  // Longest work first: source compiles, then bigger PTX, start early.
  auto cost = [&](const CompileJob& j) {
    auto& pm = plan.modules[j.module];
    return j.from == ImageOrigin::source ? 8 * pm.source.text.size() : pm.ptx.size();
  };
  std::vector<size_t> order(jobs.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return cost(jobs[x]) > cost(jobs[y]); });
  auto t0 = std::chrono::steady_clock::now();
  progress.start("compile", jobs.size());
  parallel_for(jobs.size(), threads, [&](size_t k) {
    auto& job = jobs[order[k]];
    auto& pm = plan.modules[job.module];
    auto& name = a.meta.modules[job.module].binary_filename;
    auto target = job.to_ptx ? fmt::format("compute_{}", job.arch.number()) : job.arch.sm();
    Bytes img = job.from == ImageOrigin::source
                    ? tools.compile_source(pm.source, job.arch, job.to_ptx, pm.source.name, job.release)
                    : tools.compile_ptx(pm.ptx, job.arch, name, job.release);
    fault_point("compile");
    auto what = fmt::format("{} compiled from {} for {}", name, image_origin_name(job.from), target);
    check_compiled(what, img, job.arch, job.to_ptx, pm.entries);
    out[order[k]] = std::move(img);
    progress.step(fmt::format("{} for {}", name, target));
  });
  log::info("compile stage: {} image(s) in {:.2f} s on {} thread(s)", jobs.size(),
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), threads);
  return out;
}

}  // namespace wrp
