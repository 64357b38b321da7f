#include "wrpkit/report/inspect.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/artifact/binding_type.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/format_version.hpp"
#include "wrpkit/formats/recipe.hpp"
#include "wrpkit/load/driver_floor.hpp"
#include "wrpkit/load/load_path.hpp"
#include "wrpkit/replay/support.hpp"

namespace wrp {

namespace {

InspectRecord record_of(const ModuleRecord& rec, const ModuleFile& mf) {
  InspectRecord r{.binary_kind = binary_kind_name(rec.binary_kind),
                  .fallback_reason = int64_t(rec.fallback_reason),
                  .source_retained = rec.retains_source(),
                  .binary_digest = digest_name(mf.binary_digest),
                  .source_digest = digest_name(mf.source_digest)};
  if (rec.retains_source()) {
    r.source_file = rec.source_filename;
    try {
      r.recipe = parse_recipe(rec.recipe, rec.binary_filename).str();
    } catch (const Error&) {
      r.recipe = "unknown recipe bytes";
    }
  }
  return r;
}

InspectModule module_of(const Artifact& a, size_t m) {
  auto& rec = a.meta.modules[m];
  InspectModule mod{
      .file = rec.binary_filename, .name = rec.name, .hash = rec.hash, .target_arch = int64_t(rec.target_arch)};
  if (m < a.modules.size()) {
    auto& mf = a.modules[m];
    mod.present = true;
    mod.kind = module_kind_name(mf.binary.kind);
    mod.size = mf.bytes.size();
    for (auto& i : mf.binary.images) mod.images.push_back({i, image_min_driver(i)});
    if (has_module_artifacts(a.container.version)) mod.record = record_of(rec, mf);
  }
  for (auto& k : a.meta.kernels) {
    if (k.module_hash != rec.hash) continue;
    uint64_t launches = 0;
    if (auto it = a.ops.launches.find({k.module_hash, k.key}); it != a.ops.launches.end()) launches = it->second;
    mod.kernels.push_back({k.key, k.forward_name, k.backward_name, launches, int64_t(k.block_dim)});
  }
  return mod;
}

LoadMatrix load_matrix_of(const Artifact& a, const std::vector<Arch>& archs, std::optional<CudaVersion> driver) {
  LoadMatrix lm{.archs = archs, .driver = driver};
  for (auto& m : a.meta.modules) lm.name_column.push_back(m.binary_filename);
  for (size_t m = 0; m < a.modules.size(); ++m) {
    lm.files.push_back(a.meta.modules[m].binary_filename);
    auto& row = lm.modules.emplace_back();
    for (auto& g : archs) row.push_back(module_load_path(a, m, g.as_gpu(), driver));
  }
  // Stock Warp up to 1.18 builds the if/while condition kernels for target_arch alone.
  if (conditions_load_path(a, archs.front().as_gpu())) {
    auto& row = lm.conditions.emplace();
    for (auto& g : archs) row.push_back(*conditions_load_path(a, g.as_gpu()));
  }
  for (auto& g : archs) lm.artifact.push_back(artifact_load_path(a, g.as_gpu(), driver));
  return lm;
}

InspectIntegrity integrity_of(const Artifact& a) {
  auto& in = a.integrity;
  InspectIntegrity r;
  r.state = !in.problems.empty() ? "damaged" : in.manifest ? "verified" : "unverified";
  r.signature = signature_check_name(check_signature(a, {}));
  if (in.signature) r.key_id = in.signature->key_id;
  if (in.manifest) r.sections = in.manifest->sections.size(), r.files = in.manifest->files.size();
  r.files_not_read = in.files_not_read;
  return r;
}

}  // namespace

void verify(InspectReport& r, const Artifact& a, const std::vector<PublicKey>& trusted) {
  VerifyResult v{.trust_given = !trusted.empty()};
  if (!a.integrity.problems.empty() || !a.integrity.manifest)
    v.problems.push_back(a.integrity.manifest || !a.integrity.problems.empty()
                             ? integrity_error(a.integrity)
                             : "no wrpkit manifest: nothing vouches for its bytes (not built by wrp-build, or by an "
                               "older one); rebuild it with wrp-build");
  for (auto& f : a.integrity.files_not_read)
    v.problems.push_back(
        fmt::format("{}: listed in the wrpkit manifest but missing; copy the artifact again from its "
                    "source",
                    (a.modules_dir / f).string()));
  for (auto& h : r.hazards)
    if (h.code == "binary_digest_mismatch") v.problems.push_back(h.module + ": " + h.message);
  if (v.trust_given && a.integrity.manifest && a.integrity.problems.empty()) {
    auto sig = check_signature(a, trusted);
    r.integrity.signature = signature_check_name(sig);
    if (sig != SignatureCheck::trusted) {
      try {
        require_trusted(a, {.trusted = trusted});
      } catch (const Error& e) {
        v.problems.push_back(e.what());
      }
    }
  }
  r.verify = std::move(v);
}

int inspect_exit_code(const InspectReport& r) {
  int code = load_matrix_exit_code(r);
  return r.verify && !r.verify->problems.empty() ? 2 : code;
}

InspectReport inspect(const Artifact& a, const std::vector<Arch>& archs, std::optional<CudaVersion> driver) {
  if (!a.provenance_error.empty()) fail(Exit::bad_input, a.provenance_error);
  const auto& c = a.container;
  InspectReport r{.file = a.wrp_path.string(),
                  .format_version = c.version,
                  .cpu = c.device == kDeviceCpu,
                  .target_arch = int64_t(a.meta.target_arch),
                  .header_target_arch = int64_t(c.target_arch)};
  // Which stock Warp can load it: 1.19 reads only files its own release wrote.
  r.exact_warp = needs_exact_warp(c.version);
  if (r.exact_warp) {
    r.producer_version = a.meta.producer_version;
    r.loads_in = "Warp " + a.meta.producer_version + " only";
  } else if (auto* f = format_version(c.version)) {
    r.loads_in = f->loaded_by;
  }
  for (auto& s : c.sections) r.sections.push_back({s.type, section_name(s.type), s.data.size()});
  r.min_driver = sass_floor(a);
  for (size_t m = 0; m < a.meta.modules.size(); ++m) r.modules.push_back(module_of(a, m));
  for (auto& b : a.meta.bindings) {
    auto* region = find_region(a.regions, b.region_id);
    auto type = binding_element_type(a, b.name);
    r.bindings.push_back({b.name, b.region_id == kUntrackedRegion ? -1 : int64_t(b.region_id),
                          region ? region->size : 0, type ? type->str() : ""});
  }
  r.meshes = a.meta.meshes.size();
  r.mesh_records = a.meta.meshes;
  r.regions = a.regions.size();
  r.ops = {a.ops.count, a.ops.top_level, a.ops.by_type, a.ops.max_depth, a.ops.all_launches_resolved(), {}};
  for_each_op(a.ops.ops, [&](const Op& o) {
    if (o.type == kOpBsrFromTriplets || o.type == kOpBsrTranspose) r.ops.bsr.emplace_back(o.type, o.bsr);
  });
  r.replay_blockers = replay_blockers(a);
  for (auto& e : a.replay_helpers) r.helper_archs.push_back(e.arch.str());
  r.hazards = find_hazards(a, archs);
  if (!archs.empty()) r.load_matrix = load_matrix_of(a, archs, driver);
  r.provenance = a.provenance;
  r.integrity = integrity_of(a);
  return r;
}

int load_matrix_exit_code(const InspectReport& r) {
  int code = 0;
  if (r.load_matrix)
    for (auto p : r.load_matrix->artifact) code = std::max(code, p == LoadPath::sass ? 0 : p == LoadPath::none ? 2 : 1);
  return code;
}

}  // namespace wrp
