// The emit stage: the new .wrp (Warp's sections as they were but for module
// records and if/while target_arch, plus wrpkit's provenance section) and the
// modules folder, committed by output_commit (crash-safe, never half-written).
#include <fmt/format.h>

#include <algorithm>

#include "wrpkit/formats/artifact.hpp"
#include "wrpkit/build/build_stages.hpp"
#include "wrpkit/formats/driver_floor.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/formats/output_commit.hpp"
#include "wrpkit/formats/provenance.hpp"
#include "wrpkit/formats/ptx.hpp"

namespace wrp {

namespace {

// Files copied under their own names (retained .cu, Warp's .meta): renamed
// only where an older artifact in the folder holds other bytes under that name.
struct Copy {
  std::string name;
  Bytes bytes;
};
Copy copy_of(const fs::path& out, const fs::path& src) {
  Copy c{src.filename().string(), read_file(src)};
  c.name = free_file_name(modules_dir_for(out), c.name, c.bytes);
  return c;
}

void add_copies(std::vector<OutputFile>& files, const std::vector<Copy>& copies) {
  for (auto& c : copies) files.push_back({c.name, c.bytes});
}

// Warp's shared-memory .meta files travel with the modules, untouched.
std::vector<fs::path> meta_files(const Artifact& a) {
  std::vector<fs::path> metas;
  std::error_code ec;
  for (auto& e : fs::directory_iterator(a.modules_dir, ec))
    if (e.path().extension() == ".meta" && e.is_regular_file()) metas.push_back(e.path());
  std::sort(metas.begin(), metas.end());
  return metas;
}

toml::table provenance(const BuildPlan& plan, const Artifact& a, const std::vector<PackedModule>& packed,
                       const std::vector<BuiltModule>& reports, const Bytes& helpers, const BuildOptions& opt,
                       const std::string& toolchain) {
  toml::table prov;
  prov.insert("wrpkit_version", WRPKIT_VERSION);
  toml::array tarr;
  for (auto& t : plan.targets) tarr.push_back(t.sm());
  prov.insert("targets", std::move(tarr));
  prov.insert("ptx", opt.ptx == PtxMode::lowest ? "lowest" : "none");
  prov.insert("compress", opt.compress);
  prov.insert("kernels", opt.all_kernels ? "all" : "launched");
  prov.insert("target_arch", int64_t(plan.target_arch));
  // The oldest driver the SASS was built for (driver_floor.hpp), and the CUDA of the
  // Warp that wrote the capture (what a floor above it costs: wrp-inspect's hazard).
  prov.insert("min_driver", plan.floor.str());
  prov.insert("min_driver_from", plan.floor_from);
  if (auto own = capture_cuda(a)) prov.insert("capture_cuda", own->str());
  prov.insert("input", toml::table{{"wrp", a.wrp_path.filename().string()},
                                   {"wrp_sha256", sha256_hex(serialize_container(a.container))}});
  prov.insert("toolchain", toml::table{{"tools", toolchain}, {"options", "-O3 (PTX); Warp's recipe (source)"}});
  toml::array mods;
  for (size_t m = 0; m < packed.size(); ++m) {
    auto& bm = reports[m];
    auto& pm = plan.modules[m];
    toml::array imgs;
    for (auto& i : bm.images) {
      toml::table t{{"kind", i.kind}, {"arch", i.arch.str()}, {"size", int64_t(i.size)}, {"sha256", i.sha256},
                    {"from", i.from}};
      if (!i.compiler.empty()) t.insert("compiler", i.compiler);
      if (!i.ptx_isa.empty()) {
        t.insert("ptx_isa", i.ptx_isa);
        auto isa = isa_number(i.ptx_isa);
        t.insert("min_driver", cuda_release_for_isa(isa));
      }
      imgs.push_back(std::move(t));
    }
    toml::table mt{{"file", bm.output_file}, {"source", bm.source_file}, {"from", bm.from},
                   {"source_sha256", sha256_hex(a.modules[m].bytes)}, {"sha256", sha256_hex(packed[m].fatbin)},
                   {"kernels_built", int64_t(bm.kernels_kept)}, {"kernels_in_source", int64_t(bm.kernels_total)},
                   {"images", std::move(imgs)}};
    if (pm.from == ImageOrigin::source) mt.insert("recipe", pm.source.recipe.str());
    if (!bm.cuda_source.empty()) mt.insert("cuda_source", bm.cuda_source);
    mods.push_back(std::move(mt));
  }
  prov.insert("modules", std::move(mods));
  if (!helpers.empty()) {
    toml::array archs;
    for (auto& h : plan.helpers->jobs) archs.push_back(h.to_ptx ? "compute_" + std::to_string(h.arch.number()) : h.arch.sm());
    prov.insert("replay_helpers", toml::table{{"images", std::move(archs)}, {"size", int64_t(helpers.size())},
                                              {"sha256", sha256_hex(helpers)}});
  }
  return prov;
}

}  // namespace

void emit_unchanged(const Artifact& a, const fs::path& out) {
  Container c = a.container;
  Metadata meta = a.meta;
  std::vector<Copy> copies;
  for (auto& p : meta_files(a)) copies.push_back(copy_of(out, p));
  std::vector<OutputFile> files;
  auto dir = modules_dir_for(out);
  for (size_t m = 0; m < a.modules.size(); ++m) {
    auto& rec = meta.modules[m];
    rec.binary_filename = free_file_name(dir, rec.binary_filename, a.modules[m].bytes);
    files.push_back({rec.binary_filename, a.modules[m].bytes});
    if (!a.modules[m].source_path.empty() && a.modules[m].has_source()) {
      copies.push_back(copy_of(out, a.modules[m].source_path));
      rec.source_filename = copies.back().name;
    }
  }
  add_copies(files, copies);
  // Unchanged means byte for byte (metadata parse -> serialize is exact), unless an
  // older artifact in the way forced a new name.
  c.find(kSectionMetadata)->data = serialize_metadata(meta);
  commit_artifact(out, serialize_container(c), files);
}

BuildOutput emit_stage(const BuildPlan& plan, const Artifact& a, const std::vector<PackedModule>& packed,
                       const Bytes& helpers, const BuildOptions& opt, const std::string& toolchain) {
  Container c = a.container;
  Metadata meta = a.meta;
  std::vector<BuiltModule> reports;  // as packed, with the final file names
  for (auto& p : packed) reports.push_back(p.report);
  std::vector<OutputFile> files;
  std::vector<Copy> copies;
  for (auto& p : meta_files(a)) copies.push_back(copy_of(plan.out, p));
  for (size_t m = 0; m < meta.modules.size(); ++m) {
    auto& rec = meta.modules[m];
    rec = plan.modules[m].record;
    // Named by content: a rebuild over an older artifact never overwrites a file it still uses.
    rec.binary_filename = module_file_name(rec.binary_filename, packed[m].fatbin);
    reports[m].output_file = rec.binary_filename;
    // Format 18 checks the packaged file against its digest before loading it.
    if (!rec.binary_digest.empty()) rec.binary_digest = sha256_hex(packed[m].fatbin);
    files.push_back({rec.binary_filename, packed[m].fatbin});
    if (plan.modules[m].copy_source) {
      copies.push_back(copy_of(plan.out, a.modules[m].source_path));
      rec.source_filename = copies.back().name;
    }
  }
  add_copies(files, copies);
  if (plan.target_arch_changed) meta.target_arch = c.target_arch = plan.target_arch;
  c.find(kSectionMetadata)->data = serialize_metadata(meta);
  // Size and uncompressed size are written equal (Warp 1.19 checks every entry).
  auto prov = serialize_provenance(provenance(plan, a, packed, reports, helpers, opt, toolchain));
  if (auto* s = c.find(kSectionWrpkit)) s->data = std::move(prov);
  else c.sections.push_back({kSectionWrpkit, 0, 0, std::move(prov)});
  // A rebuild replaces the input's helpers (or drops them where this build has none).
  std::erase_if(c.sections, [](const Section& s) { return s.type == kSectionWrpkitHelpers; });
  if (!helpers.empty()) c.sections.push_back({kSectionWrpkitHelpers, 0, 0, helpers});

  commit_artifact(plan.out, serialize_container(c), files);
  BuildOutput res;
  res.wrp = plan.out;
  res.targets = plan.targets;
  res.target_arch = plan.target_arch;
  res.target_arch_changed = plan.target_arch_changed;
  res.modules = std::move(reports);
  return res;
}

}  // namespace wrp
