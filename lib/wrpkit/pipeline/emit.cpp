// The emit stage: the new .wrp (Warp's sections as they were but for module
// records and if/while target_arch, plus wrpkit's provenance section) and the
// modules folder, committed by output_commit (crash-safe, never half-written).
#include <fmt/format.h>

#include <algorithm>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/artifact/output_commit.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/formats/provenance.hpp"
#include "wrpkit/formats/ptx.hpp"
#include "wrpkit/load/driver_floor.hpp"
#include "wrpkit/pipeline/passes.hpp"

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

Provenance provenance(const BuildPlan& plan, const Artifact& a, const std::vector<PackedModule>& packed,
                      const std::vector<BuiltModule>& reports, const Bytes& helpers, const BuildOptions& opt,
                      const std::string& toolchain) {
  Provenance prov;
  prov.wrpkit_version = WRPKIT_VERSION;
  for (auto& t : plan.targets) prov.targets.push_back(t.sm());
  prov.ptx = opt.ptx == PtxMode::lowest ? "lowest" : "none";
  prov.compress = opt.compress;
  prov.kernels = opt.all_kernels ? "all" : "launched";
  prov.target_arch = int64_t(plan.target_arch);
  // The oldest driver the SASS was built for (driver_floor.hpp), and the CUDA of the
  // Warp that wrote the capture (what a floor above it costs: wrp-inspect's hazard).
  prov.min_driver = plan.floor.str();
  prov.min_driver_from = plan.floor_from;
  if (auto own = capture_cuda(a)) prov.capture_cuda = own->str();
  prov.input_wrp = a.wrp_path.filename().string();
  prov.input_wrp_sha256 = sha256_hex(serialize_container(a.container));
  prov.tools = toolchain;
  prov.options = "-O3 (PTX); Warp's recipe (source)";
  prov.integrity = "manifest";
  for (size_t m = 0; m < packed.size(); ++m) {
    auto& bm = reports[m];
    ProvenanceModule pm{.file = bm.output_file,
                        .source = bm.source_file,
                        .from = image_origin_name(bm.from),
                        .source_sha256 = sha256_hex(a.modules[m].bytes),
                        .sha256 = sha256_hex(packed[m].fatbin),
                        .cuda_source = bm.cuda_source,
                        .kernels_built = int64_t(bm.kernels_kept),
                        .kernels_in_source = int64_t(bm.kernels_total)};
    if (plan.modules[m].from == ImageOrigin::source) pm.recipe = plan.modules[m].source.recipe.str();
    for (auto& i : bm.images) {
      ProvenanceImage pi{.kind = image_kind_name(i.kind),
                         .arch = i.arch.str(),
                         .from = image_origin_name(i.from),
                         .sha256 = i.sha256,
                         .compiler = i.compiler,
                         .size = int64_t(i.size)};
      if (i.ptx_isa) pi.ptx_isa = isa_str(i.ptx_isa), pi.min_driver = cuda_release_for_isa(i.ptx_isa);
      pm.images.push_back(std::move(pi));
    }
    prov.modules.push_back(std::move(pm));
  }
  if (!helpers.empty()) {
    ProvenanceHelpers h{.size = int64_t(helpers.size()), .sha256 = sha256_hex(helpers)};
    for (auto& job : plan.helpers->jobs) h.images.push_back(job.target());
    prov.replay_helpers = std::move(h);
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
                       const HelperFatbins& helpers, const BuildOptions& opt, const std::string& toolchain,
                       const SigningKey* key) {
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
  auto prov = serialize_provenance(provenance(plan, a, packed, reports, helpers.replay, opt, toolchain));
  if (auto* s = c.find(kSectionWrpkit))
    s->data = std::move(prov);
  else
    c.sections.push_back({kSectionWrpkit, 0, 0, std::move(prov)});
  // A rebuild replaces the input's helpers (or drops them where this build has none).
  std::erase_if(c.sections,
                [](const Section& s) { return s.type == kSectionWrpkitHelpers || s.type == kSectionWrpkitMesh; });
  if (!helpers.replay.empty()) c.sections.push_back({kSectionWrpkitHelpers, 0, 0, helpers.replay});
  if (!helpers.mesh.empty()) c.sections.push_back({kSectionWrpkitMesh, 0, 0, helpers.mesh});
  // Last: the manifest covers every byte above and every file of the folder.
  std::vector<SealedFile> sealed;
  for (auto& f : files)
    sealed.push_back({f.name, f.bytes, std::any_of(meta.modules.begin(), meta.modules.end(), [&](auto& rec) {
                        return rec.binary_filename == f.name;
                      })});
  seal_container(c, sealed, key);

  commit_artifact(plan.out, serialize_container(c), files);
  BuildOutput res;
  res.wrp = plan.out;
  res.targets = plan.targets;
  res.target_arch = plan.target_arch;
  res.target_arch_changed = plan.target_arch_changed;
  res.modules = std::move(reports);
  if (key) res.signed_by = key->key.id();
  return res;
}

}  // namespace wrp
