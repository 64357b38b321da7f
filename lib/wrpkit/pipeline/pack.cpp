// The pack stage: one fatbin per module from its compiled, prebuilt and PTX
// images, then read back and checked before anything is written.
#include <fmt/format.h>

#include <algorithm>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/fault.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/base/parallel.hpp"
#include "wrpkit/formats/elf.hpp"
#include "wrpkit/formats/fatbin.hpp"
#include "wrpkit/formats/ptx.hpp"
#include "wrpkit/pipeline/passes.hpp"

namespace wrp {

namespace {

// The ISA of PTX the compile stage made (the capture's own PTX was read at open).
int isa_of(ByteView ptx) {
  auto info = parse_ptx("PTX image", ptx);
  return info.isa_major * 10 + info.isa_minor;
}

}  // namespace

std::vector<PackedModule> pack_stage(const BuildPlan& plan, const Artifact& a, const std::vector<Bytes>& compiled,
                                     Toolset& tools, const BuildOptions& opt, unsigned threads, Progress& progress) {
  std::vector<PackedModule> out(plan.modules.size());
  progress.start("pack", plan.modules.size());
  parallel_for(plan.modules.size(), threads, [&](size_t m) {
    auto& pm = plan.modules[m];
    auto& rec = a.meta.modules[m];
    auto& bm = out[m].report;
    bm.source_file = rec.binary_filename;
    bm.output_file = pm.record.binary_filename;
    bm.from = pm.from;
    bm.kernels_kept = pm.kernels_kept, bm.kernels_total = pm.kernels_total;
    if (pm.copy_source) bm.cuda_source = rec.source_filename;

    std::vector<FatbinInput> inputs;
    std::vector<std::string> compilers;  // parallel to inputs: the CUDA release that made each
    std::vector<int> isas;               // and the ISA of each PTX input
    for (size_t j : pm.jobs) {
      auto& job = plan.jobs[j];
      auto arch = job.arch;
      arch.is_virtual = job.to_ptx;
      inputs.push_back({job.to_ptx, arch, compiled[j], job.to_ptx ? arch.str() : arch.sm()});
      compilers.push_back(job.release.str());
      isas.push_back(job.to_ptx ? isa_of(compiled[j]) : 0);
    }
    // Prebuilt SASS: keep each image that serves at least one target, once.
    for (auto& pre : pm.prebuilt)
      if (std::any_of(plan.targets.begin(), plan.targets.end(),
                      [&](auto& t) { return sass_runs_on(pre.arch, t.as_gpu()); })) {
        inputs.push_back({false, pre.arch, pre.bytes, pre.arch.sm()});
        compilers.push_back(pre.release ? pre.release->str() : "");
        isas.push_back(0);
      }
    if (pm.embed_ptx) {  // the capture's own PTX: made by the CUDA its ISA names
      inputs.push_back({true, pm.ptx_arch, pm.ptx, pm.ptx_arch.str()});
      auto r = release_for_ptx_isa(pm.ptx_isa);
      compilers.push_back(r ? r->str() : "");
      isas.push_back(pm.ptx_isa);
    }
    for (size_t k = 0; k < inputs.size(); ++k) {
      auto& in = inputs[k];
      bm.images.push_back({in.is_ptx ? ImageKind::ptx : ImageKind::sass, in.arch, in.data.size(), sha256_hex(in.data),
                           pm.from, isas[k], compilers[k]});
    }

    auto what = fmt::format("module {}", rec.binary_filename);
    auto fat = tools.pack(inputs, opt.compress, what, plan.pack_release);
    fault_point("pack");
    // Verify what will be written: every image present, every SASS image holding every entry.
    auto entries = parse_fatbin(bm.output_file, fat);
    if (entries.size() != inputs.size())
      fail(Exit::toolchain,
           fmt::format("{}: the fatbin holds {} images, {} were packed", what, entries.size(), inputs.size()));
    for (auto& e : entries) {
      if (e.kind != ImageKind::sass || e.compressed) continue;
      auto info = parse_elf(bm.output_file, ByteView(fat).subspan(e.offset, e.size));
      check_entries(fmt::format("{} ({} in the fatbin)", what, e.arch.sm()), info.entries, pm.entries, Exit::toolchain);
    }
    bm.bytes = fat.size();
    out[m].fatbin = std::move(fat);
    progress.step(rec.binary_filename);
  });
  return out;
}

}  // namespace wrp
