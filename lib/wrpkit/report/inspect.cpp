#include "wrpkit/report/inspect.hpp"

#include <fmt/format.h>

#include "wrpkit/formats/artifact.hpp"
#include "wrpkit/formats/driver_floor.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/format_version.hpp"
#include "wrpkit/formats/provenance.hpp"
#include "wrpkit/formats/recipe.hpp"
#include "wrpkit/helpers/replay_support.hpp"

namespace wrp {

namespace {

toml::array images_json(const ModuleBinary& b) {
  toml::array arr;
  for (auto& i : b.images) {
    toml::table t{{"kind", image_kind_name(i.kind)}, {"arch", i.arch.str()}, {"size", int64_t(i.size)},
                  {"compressed", i.compressed}};
    if (!i.ptx_isa.empty()) t.insert("ptx_isa", i.ptx_isa);
    if (i.elf_abi) t.insert("elf_abi", int64_t(i.elf_abi));
    if (i.release) t.insert("compiler", i.release->str());
    if (auto d = image_min_driver(i)) t.insert("min_driver", d->str());
    arr.push_back(std::move(t));
  }
  return arr;
}

// "CUDA 12.9 SASS (ELF ABI 7), driver >= 12.0" / "PTX ISA 8.8, driver >= 12.9"
std::string image_origin_text(const Image& i) {
  std::string s;
  if (i.kind == ImageKind::ptx) s = ", PTX ISA " + i.ptx_isa;
  else if (i.release) s = fmt::format(", CUDA {} SASS (ELF ABI {})", i.release->str(), i.elf_abi);
  else if (i.elf_abi) s = fmt::format(", ELF ABI {}", i.elf_abi);
  if (auto d = image_min_driver(i)) s += fmt::format(", driver >= {}", d->str());
  return s;
}



}  // namespace

InspectReport inspect(const Artifact& a, const std::vector<Arch>& archs, std::optional<CudaVersion> driver) {
  InspectReport rep;
  rep.hazards = find_hazards(a, archs);
  auto& j = rep.json;
  std::string& txt = rep.text;
  const auto& c = a.container;

  j.insert("file", a.wrp_path.string());
  j.insert("format_version", int64_t(c.version));
  j.insert("device", c.device == kDeviceCpu ? "cpu" : "cuda");
  j.insert("target_arch", int64_t(a.meta.target_arch));
  j.insert("header_target_arch", int64_t(c.target_arch));
  txt += fmt::format("{}: Warp capture, format {}, {} graph, target_arch {}\n", a.wrp_path.string(), c.version,
                     c.device == kDeviceCpu ? "CPU" : "CUDA", a.meta.target_arch);
  // Which stock Warp can load it: 1.19 reads only files its own release wrote.
  std::string loads_in;
  if (needs_exact_warp(c.version)) {
    j.insert("producer_version", a.meta.producer_version);
    loads_in = fmt::format("Warp {} only", a.meta.producer_version);
  } else if (auto* f = format_version(c.version)) {
    loads_in = f->loaded_by;
  }
  j.insert("loads_in_warp", loads_in);
  txt += needs_exact_warp(c.version)
             ? fmt::format("written by Warp {}: loads only in Warp {} (its loader requires the exact producer version)\n",
                           a.meta.producer_version, a.meta.producer_version)
             : fmt::format("loads in {}\n", loads_in);

  toml::array secs;
  std::string sec_line;
  for (auto& s : c.sections) {
    secs.push_back(toml::table{{"type", int64_t(s.type)}, {"name", section_name(s.type)}, {"size", int64_t(s.data.size())}});
    sec_line += fmt::format("{}{} {}", sec_line.empty() ? "" : ", ", section_name(s.type), size_text(s.data.size()));
  }
  j.insert("sections", std::move(secs));
  txt += fmt::format("sections: {}\n", sec_line);
  if (auto floor = sass_floor(a)) {
    j.insert("min_driver", floor->str());
    txt += fmt::format("its SASS loads on drivers of CUDA {} and newer (with no JIT, on the GPUs it holds SASS for)\n",
                       floor->str());
  }

  toml::array mods;
  txt += fmt::format("modules ({}):\n", a.meta.modules.size());
  for (size_t m = 0; m < a.meta.modules.size(); ++m) {
    auto& rec = a.meta.modules[m];
    toml::table mt{{"file", rec.binary_filename}, {"name", rec.name}, {"hash", rec.hash},
                   {"target_arch", int64_t(rec.target_arch)}};
    std::string kind = "missing";
    if (m < a.modules.size()) {
      auto& bin = a.modules[m].binary;
      kind = module_kind_name(bin.kind);
      mt.insert("size", int64_t(a.modules[m].bytes.size()));
      mt.insert("images", images_json(bin));
      txt += fmt::format("  {}  {}, {}\n", rec.binary_filename, kind, size_text(a.modules[m].bytes.size()));
      for (auto& i : bin.images)
        txt += fmt::format("    {:5} {:12} {}{}{}\n", image_kind_name(i.kind), i.arch.str(), size_text(i.size),
                           i.compressed ? ", compressed" : "", image_origin_text(i));
    }
    mt.insert("kind", kind);
    if (has_module_artifacts(c.version) && m < a.modules.size()) {
      auto& mf = a.modules[m];
      toml::table rt{{"binary_kind", binary_kind_name(rec.binary_kind)},
                     {"fallback_reason", int64_t(rec.fallback_reason)},
                     {"source_retained", rec.retains_source()},
                     {"binary_digest", digest_name(mf.binary_digest)},
                     {"source_digest", digest_name(mf.source_digest)}};
      if (rec.retains_source()) rt.insert("source_file", rec.source_filename);
      std::string recipe;
      if (rec.retains_source()) {
        try {
          recipe = parse_recipe(rec.recipe, rec.binary_filename).str();
          rt.insert("recipe", recipe);
        } catch (const Error&) {
          recipe = "unknown recipe bytes";
          rt.insert("recipe", recipe);
        }
      }
      mt.insert("record", std::move(rt));
      txt += rec.retains_source()
                 ? fmt::format("    record: kind {}, binary digest {}, source {} retained (digest {}), recipe {}\n",
                               binary_kind_name(rec.binary_kind), digest_name(mf.binary_digest), rec.source_filename,
                               digest_name(mf.source_digest), recipe)
                 : "    record: binary only (no digest, no retained source)\n";
    }
    toml::array kernels;
    for (auto& k : a.meta.kernels) {
      if (k.module_hash != rec.hash) continue;
      uint64_t launches = 0;
      if (auto it = a.ops.launches.find({k.module_hash, k.key}); it != a.ops.launches.end()) launches = it->second;
      kernels.push_back(toml::table{{"key", k.key}, {"forward", k.forward_name}, {"backward", k.backward_name},
                                    {"launches", int64_t(launches)}, {"block_dim", int64_t(k.block_dim)}});
      txt += fmt::format("    kernel {}: {} launch(es), forward {}{}\n", k.key, launches, k.forward_name,
                         k.backward_name.empty() ? "" : ", backward " + k.backward_name);
    }
    mt.insert("kernels", std::move(kernels));
    mods.push_back(std::move(mt));
  }
  j.insert("modules", std::move(mods));

  toml::array binds;
  std::string bind_line;
  for (auto& b : a.meta.bindings) {
    auto* r = find_region(a.regions, b.region_id);
    uint64_t bytes = r ? r->size : 0;
    binds.push_back(toml::table{{"name", b.name}, {"region", int64_t(b.region_id)}, {"bytes", int64_t(bytes)}});
    bind_line += fmt::format("{}{} (region {}, {})", bind_line.empty() ? "" : ", ", b.name, b.region_id, size_text(bytes));
  }
  j.insert("bindings", std::move(binds));
  if (!bind_line.empty()) txt += fmt::format("bindings: {}\n", bind_line);
  j.insert("meshes", int64_t(a.meta.meshes.size()));
  j.insert("regions", int64_t(a.regions.size()));

  toml::table by_type;
  std::string ops_line;
  for (auto& [name, n] : a.ops.by_type) {
    by_type.insert(name, int64_t(n));
    ops_line += fmt::format("{}{} {}", ops_line.empty() ? "" : ", ", name, n);
  }
  j.insert("ops", toml::table{{"count", int64_t(a.ops.count)}, {"top_level", int64_t(a.ops.top_level)},
                              {"by_type", std::move(by_type)}, {"max_depth", int64_t(a.ops.max_depth)},
                              {"all_launches_resolved", a.ops.all_launches_resolved()}});
  txt += fmt::format("ops: {} ({}); {}\n", a.ops.count, ops_line.empty() ? "none" : ops_line,
                     a.ops.all_launches_resolved() ? "every launch resolves to a metadata kernel"
                                                   : "SOME LAUNCHES DO NOT RESOLVE");

  // wrp-run (no Warp): whether it replays this artifact, and why not.
  auto blockers = replay_blockers(a);
  toml::array why;
  for (auto& b : blockers) why.push_back(b);
  toml::array helpers;
  std::vector<std::string> helper_archs;
  for (auto& e : a.replay_helpers) helper_archs.push_back(e.arch.str());  // sm_90, compute_75
  for (auto& h : helper_archs) helpers.push_back(h);
  j.insert("wrp_run", toml::table{{"replays", blockers.empty()}, {"blockers", std::move(why)},
                                  {"helpers", std::move(helpers)}});
  auto helper_text = helper_archs.empty() ? std::string()
                                          : fmt::format("; its helper kernels: {}", fmt::join(helper_archs, " "));
  txt += blockers.empty() ? fmt::format("wrp-run: replays it (no Warp needed{})\n", helper_text)
                          : fmt::format("wrp-run: cannot replay it: {}\n", fmt::join(blockers, "; "));

  toml::array hz;
  for (auto& h : rep.hazards) hz.push_back(toml::table{{"code", h.code}, {"module", h.module}, {"message", h.message}});
  j.insert("hazards", std::move(hz));
  if (!rep.hazards.empty()) {
    txt += "hazards:\n";
    for (auto& h : rep.hazards)
      txt += fmt::format("  [{}] {}{}\n", h.code, h.module.empty() ? "" : h.module + ": ", h.message);
  }

  if (!archs.empty()) {
    toml::table lm;
    txt += fmt::format("load matrix{} (sass = native, jit = driver compiles PTX at load, source = Warp 1.19 compiles "
                       "the retained .cu at load, none = cannot load):\n",
                       driver ? fmt::format(" under a CUDA {} driver", driver->str()) : "");
    if (driver) j.insert("driver", driver->str());
    size_t width = 19;  // "if/while conditions"
    for (auto& m : a.meta.modules) width = std::max(width, m.binary_filename.size());
    txt += fmt::format("  {:{}}", "", width);
    for (auto& g : archs) txt += fmt::format(" {:>8}", g.sm());
    txt += "\n";
    for (auto& g : archs) {
      toml::table row;
      for (size_t m = 0; m < a.modules.size(); ++m) {
        auto path = module_load_path(a, m, g.as_gpu(), driver);
        row.insert(a.meta.modules[m].binary_filename, load_path_name(path));
      }
      lm.insert(g.sm(), std::move(row));
    }
    for (size_t m = 0; m < a.modules.size(); ++m) {
      txt += fmt::format("  {:{}}", a.meta.modules[m].binary_filename, width);
      for (auto& g : archs)
        txt += fmt::format(" {:>8}", load_path_name(module_load_path(a, m, g.as_gpu(), driver)));
      txt += "\n";
    }
    j.insert("load_matrix", std::move(lm));
    // Stock Warp up to 1.18 builds the if/while condition kernels for target_arch alone.
    if (conditions_load_path(a, archs.front().as_gpu())) {
      toml::table cl;
      txt += fmt::format("  {:{}}", "if/while conditions", width);
      for (auto& g : archs) {
        auto p = *conditions_load_path(a, g.as_gpu());
        cl.insert(g.sm(), load_path_name(p));
        txt += fmt::format(" {:>8}", load_path_name(p));
      }
      txt += "\n";
      j.insert("conditions_load", std::move(cl));
    }
    toml::table summary;
    txt += fmt::format("  {:{}}", "=> the artifact", width);
    for (auto& g : archs) {
      auto p = artifact_load_path(a, g.as_gpu(), driver);
      summary.insert(g.sm(), load_path_name(p));
      txt += fmt::format(" {:>8}", load_path_name(p));
    }
    txt += "\n";
    j.insert("load_summary", std::move(summary));
  }

  if (auto* s = c.find(kSectionWrpkit)) {
    if (auto prov = parse_provenance(a.name(), s->data, s->file_offset)) {
      // A wrpkit section is untrusted input too: read every key as optional.
      auto version = (*prov)["wrpkit_version"].value_or(std::string("?"));
      std::string targets;
      if (auto* arr = (*prov)["targets"].as_array())
        for (auto& t : *arr) targets += fmt::format("{}{}", targets.empty() ? "" : " ", t.value_or(std::string("?")));
      txt += fmt::format("built by wrpkit {} for {}\n", version, targets.empty() ? "(targets not recorded)" : targets);
      if (auto* mods = (*prov)["modules"].as_array())
        for (auto& m : *mods) {
          auto* t = m.as_table();
          if (!t) continue;
          std::string imgs;
          if (auto* arr = (*t)["images"].as_array())
            for (auto& i : *arr)
              if (auto* it = i.as_table())
                imgs += fmt::format("{}{} from {}", imgs.empty() ? "" : ", ", (*it)["arch"].value_or(std::string("?")),
                                    (*it)["from"].value_or(std::string("?")));
          txt += fmt::format("  {}: {}\n", (*t)["file"].value_or(std::string("?")), imgs);
        }
      j.insert("wrpkit", std::move(*prov));
    }
  }
  return rep;
}

int load_matrix_exit_code(const Artifact& a, const std::vector<Arch>& archs, std::optional<CudaVersion> driver) {
  int code = 0;
  for (auto& g : archs) {
    auto p = artifact_load_path(a, g.as_gpu(), driver);
    code = std::max(code, p == LoadPath::sass ? 0 : p == LoadPath::none ? 2 : 1);
  }
  return code;
}

}  // namespace wrp
