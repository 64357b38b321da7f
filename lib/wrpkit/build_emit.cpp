// The emit stage: the new .wrp (Warp's sections as they were but for module
// records and if/while target_arch, plus wrpkit's provenance section) and the
// modules folder, written to temporary names and renamed into place.
#include <fmt/format.h>

#include <algorithm>
#include <random>

#include "wrpkit/artifact.hpp"
#include "wrpkit/build_stages.hpp"
#include "wrpkit/error.hpp"
#include "wrpkit/hash.hpp"
#include "wrpkit/provenance.hpp"
#include "wrpkit/ptx.hpp"

namespace wrp {

namespace {

std::string random_suffix() {
  std::random_device rd;
  return fmt::format(".tmp{:08x}", rd());
}

// Writes modules into a temporary folder and the .wrp into a temporary file,
// then renames both into place; on any failure nothing is left behind.
void write_artifact(const fs::path& out, const Bytes& wrp, const std::vector<std::pair<std::string, ByteView>>& files,
                    const std::vector<fs::path>& copies) {
  auto dir = modules_dir_for(out);
  auto tmp_dir = fs::path(dir.string() + random_suffix());
  auto old_dir = fs::path(dir.string() + random_suffix());
  std::error_code ec;
  try {
    fs::create_directories(tmp_dir);
    for (auto& [name, bytes] : files) write_file_atomic(tmp_dir / name, bytes);
    for (auto& c : copies) fs::copy_file(c, tmp_dir / c.filename());
    bool had_old = fs::exists(dir, ec);
    if (had_old) fs::rename(dir, old_dir);
    try {
      fs::rename(tmp_dir, dir);
    } catch (...) {
      if (had_old) fs::rename(old_dir, dir, ec);
      throw;
    }
    write_file_atomic(out, wrp);
    if (had_old) fs::remove_all(old_dir, ec);
  } catch (const fs::filesystem_error& e) {
    fs::remove_all(tmp_dir, ec);
    fail(Exit::bad_input, fmt::format("cannot write {}: {}", out.string(), e.what()));
  } catch (...) {
    fs::remove_all(tmp_dir, ec);
    throw;
  }
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
                       const BuildOptions& opt, const std::string& toolchain) {
  toml::table prov;
  prov.insert("wrpkit_version", WRPKIT_VERSION);
  toml::array tarr;
  for (auto& t : plan.targets) tarr.push_back(t.sm());
  prov.insert("targets", std::move(tarr));
  prov.insert("ptx", opt.ptx == PtxMode::lowest ? "lowest" : "none");
  prov.insert("compress", opt.compress);
  prov.insert("kernels", opt.all_kernels ? "all" : "launched");
  prov.insert("target_arch", int64_t(plan.target_arch));
  prov.insert("input", toml::table{{"wrp", a.wrp_path.filename().string()},
                                   {"wrp_sha256", sha256_hex(serialize_container(a.container))}});
  prov.insert("toolchain", toml::table{{"tools", toolchain}, {"options", "-O3 (PTX); Warp's recipe (source)"}});
  toml::array mods;
  for (size_t m = 0; m < packed.size(); ++m) {
    auto& bm = packed[m].report;
    auto& pm = plan.modules[m];
    toml::array imgs;
    for (auto& i : bm.images) {
      toml::table t{{"kind", i.kind}, {"arch", i.arch.str()}, {"size", int64_t(i.size)}, {"sha256", i.sha256},
                    {"from", i.from}};
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
  return prov;
}

}  // namespace

void emit_unchanged(const Artifact& a, const fs::path& out) {
  std::vector<std::pair<std::string, ByteView>> files;
  std::vector<fs::path> copies = meta_files(a);
  for (size_t m = 0; m < a.modules.size(); ++m) {
    files.emplace_back(a.meta.modules[m].binary_filename, a.modules[m].bytes);
    if (!a.modules[m].source_path.empty() && a.modules[m].has_source()) copies.push_back(a.modules[m].source_path);
  }
  write_artifact(out, serialize_container(a.container), files, copies);
}

BuildOutput emit_stage(const BuildPlan& plan, const Artifact& a, const std::vector<PackedModule>& packed,
                       const BuildOptions& opt, const std::string& toolchain) {
  Container c = a.container;
  Metadata meta = a.meta;
  std::vector<std::pair<std::string, ByteView>> files;
  std::vector<fs::path> copies = meta_files(a);
  for (size_t m = 0; m < meta.modules.size(); ++m) {
    auto& rec = meta.modules[m];
    rec = plan.modules[m].record;
    // Format 18 checks the packaged file against its digest before loading it.
    if (!rec.binary_digest.empty()) rec.binary_digest = sha256_hex(packed[m].fatbin);
    files.emplace_back(rec.binary_filename, packed[m].fatbin);
    if (plan.modules[m].copy_source) copies.push_back(a.modules[m].source_path);
  }
  if (plan.target_arch_changed) meta.target_arch = c.target_arch = plan.target_arch;
  c.find(kSectionMetadata)->data = serialize_metadata(meta);
  // Size and uncompressed size are written equal (Warp 1.19 checks every entry).
  auto prov = serialize_provenance(provenance(plan, a, packed, opt, toolchain));
  if (auto* s = c.find(kSectionWrpkit)) s->data = std::move(prov);
  else c.sections.push_back({kSectionWrpkit, 0, 0, std::move(prov)});

  write_artifact(plan.out, serialize_container(c), files, copies);
  BuildOutput res;
  res.wrp = plan.out;
  res.targets = plan.targets;
  res.target_arch = plan.target_arch;
  res.target_arch_changed = plan.target_arch_changed;
  for (auto& p : packed) res.modules.push_back(p.report);
  return res;
}

}  // namespace wrp
