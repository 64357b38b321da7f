#include "wrpkit/report/inspect_print.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>

#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/json_toml.hpp"
#include "wrpkit/formats/provenance_toml.hpp"

namespace wrp {

namespace {

// "CUDA 12.9 SASS (ELF ABI 7), driver >= 12.0" / "PTX ISA 8.8, driver >= 12.9"
std::string image_origin_text(const InspectImage& ii) {
  auto& i = ii.image;
  std::string s;
  if (i.kind == ImageKind::ptx)
    s = ", PTX ISA " + i.ptx_isa;
  else if (i.release)
    s = fmt::format(", CUDA {} SASS (ELF ABI {})", i.release->str(), i.elf_abi);
  else if (i.elf_abi)
    s = fmt::format(", ELF ABI {}", i.elf_abi);
  if (ii.min_driver) s += fmt::format(", driver >= {}", ii.min_driver->str());
  return s;
}

const char* bvh_constructor_name(uint8_t c) {
  switch (c) {
    case 0: return "sah";
    case 1: return "median";
    case 2: return "lbvh";
  }
  return "unknown";
}

std::string or_unknown(const std::string& s) { return s.empty() ? "?" : s; }

void module_text(std::string& txt, const InspectModule& m) {
  if (m.present) {
    txt += fmt::format("  {}  {}, {}\n", m.file, m.kind, size_text(m.size));
    for (auto& ii : m.images) {
      auto& i = ii.image;
      txt += fmt::format("    {:5} {:12} {}{}{}\n", image_kind_name(i.kind), i.arch.str(), size_text(i.size),
                         i.compressed ? ", compressed" : "", image_origin_text(ii));
    }
  }
  if (auto& r = m.record)
    txt += r->source_retained
               ? fmt::format("    record: kind {}, binary digest {}, source {} retained (digest {}), recipe {}\n",
                             r->binary_kind, r->binary_digest, r->source_file, r->source_digest, r->recipe)
               : "    record: binary only (no digest, no retained source)\n";
  for (auto& k : m.kernels)
    txt += fmt::format("    kernel {}: {} launch(es), forward {}{}\n", k.key, k.launches, k.forward,
                       k.backward.empty() ? "" : ", backward " + k.backward);
}

void load_matrix_text(std::string& txt, const LoadMatrix& lm) {
  txt += fmt::format(
      "load matrix{} (sass = native, jit = driver compiles PTX at load, source = Warp 1.19 compiles "
      "the retained .cu at load, none = cannot load):\n",
      lm.driver ? fmt::format(" under a CUDA {} driver", lm.driver->str()) : "");
  size_t width = 19;  // "if/while conditions"
  for (auto& f : lm.name_column) width = std::max(width, f.size());
  auto row = [&](const std::string& name, const std::vector<LoadPath>& paths) {
    txt += fmt::format("  {:{}}", name, width);
    for (auto p : paths) txt += fmt::format(" {:>8}", load_path_name(p));
    txt += "\n";
  };
  txt += fmt::format("  {:{}}", "", width);
  for (auto& g : lm.archs) txt += fmt::format(" {:>8}", g.sm());
  txt += "\n";
  for (size_t m = 0; m < lm.files.size(); ++m) row(lm.files[m], lm.modules[m]);
  if (lm.conditions) row("if/while conditions", *lm.conditions);
  row("=> the artifact", lm.artifact);
}

void provenance_text(std::string& txt, const Provenance& p) {
  txt += fmt::format("built by wrpkit {} for {}\n", or_unknown(p.wrpkit_version),
                     p.targets.empty() ? "(targets not recorded)" : fmt::format("{}", fmt::join(p.targets, " ")));
  for (auto& m : p.modules) {
    std::string imgs;
    for (auto& i : m.images)
      imgs += fmt::format("{}{} from {}", imgs.empty() ? "" : ", ", or_unknown(i.arch), or_unknown(i.from));
    txt += fmt::format("  {}: {}\n", or_unknown(m.file), imgs);
  }
}

toml::table load_matrix_json(const LoadMatrix& lm, toml::table& j) {
  toml::table rows;
  for (size_t g = 0; g < lm.archs.size(); ++g) {
    toml::table row;
    for (size_t m = 0; m < lm.files.size(); ++m) row.insert(lm.files[m], load_path_name(lm.modules[m][g]));
    rows.insert(lm.archs[g].sm(), std::move(row));
  }
  auto by_arch = [&](const std::vector<LoadPath>& paths) {
    toml::table t;
    for (size_t g = 0; g < lm.archs.size(); ++g) t.insert(lm.archs[g].sm(), load_path_name(paths[g]));
    return t;
  };
  if (lm.driver) j.insert("driver", lm.driver->str());
  if (lm.conditions) j.insert("conditions_load", by_arch(*lm.conditions));
  j.insert("load_summary", by_arch(lm.artifact));
  return rows;
}

toml::table module_json(const InspectModule& m) {
  toml::table mt{
      {"file", m.file}, {"name", m.name}, {"hash", m.hash}, {"target_arch", m.target_arch}, {"kind", m.kind}};
  if (m.present) {
    toml::array arr;
    for (auto& ii : m.images) {
      auto& i = ii.image;
      toml::table t{{"kind", image_kind_name(i.kind)},
                    {"arch", i.arch.str()},
                    {"size", int64_t(i.size)},
                    {"compressed", i.compressed}};
      if (!i.ptx_isa.empty()) t.insert("ptx_isa", i.ptx_isa);
      if (i.elf_abi) t.insert("elf_abi", int64_t(i.elf_abi));
      if (i.release) t.insert("compiler", i.release->str());
      if (ii.min_driver) t.insert("min_driver", ii.min_driver->str());
      arr.push_back(std::move(t));
    }
    mt.insert("size", int64_t(m.size));
    mt.insert("images", std::move(arr));
  }
  if (auto& r = m.record) {
    toml::table rt{{"binary_kind", r->binary_kind},
                   {"fallback_reason", r->fallback_reason},
                   {"source_retained", r->source_retained},
                   {"binary_digest", r->binary_digest},
                   {"source_digest", r->source_digest}};
    if (r->source_retained) rt.insert("source_file", r->source_file), rt.insert("recipe", r->recipe);
    mt.insert("record", std::move(rt));
  }
  toml::array kernels;
  for (auto& k : m.kernels)
    kernels.push_back(toml::table{{"key", k.key},
                                  {"forward", k.forward},
                                  {"backward", k.backward},
                                  {"launches", int64_t(k.launches)},
                                  {"block_dim", k.block_dim}});
  mt.insert("kernels", std::move(kernels));
  return mt;
}

template <class T>
toml::array array_of(const std::vector<T>& v) {
  toml::array a;
  for (auto& x : v) a.push_back(x);
  return a;
}

void device_json(toml::table& j, const DeviceCheck& d) {
  auto& g = d.plan.gpu;
  j.insert_or_assign("device", toml::table{{"name", g.name},
                                           {"arch", g.arch.sm()},
                                           {"driver", g.driver_str()},
                                           {"ordinal", int64_t(g.ordinal)},
                                           {"jit_disabled", g.jit_disabled}});
  toml::array mods;
  for (size_t i = 0; i < d.plan.modules.size(); ++i) {
    auto& p = d.plan.modules[i];
    toml::table t{{"file", p.file}, {"outcome", outcome_name(p.outcome)}, {"message", p.message}, {"fix", p.fix}};
    if (i < d.loads.size()) t.insert("loaded", d.loads[i].ok), t.insert("load_message", d.loads[i].message);
    mods.push_back(std::move(t));
  }
  j.insert("outcomes", std::move(mods));
  toml::array graph;
  for (auto& p : d.plan.graph)
    graph.push_back(toml::table{{"outcome", outcome_name(p.outcome)}, {"message", p.message}, {"fix", p.fix}});
  j.insert("graph_outcomes", std::move(graph));
  j.insert("exit_code", int64_t(d.exit_code));
}

std::string integrity_text(const InspectReport& r) {
  auto& in = r.integrity;
  std::string s;
  if (in.state == "unverified")
    s = "integrity: unverified: no wrpkit manifest (not built by wrp-build, or by an older one)";
  else if (in.state == "damaged")
    s = "integrity: DAMAGED: its bytes differ from the wrpkit manifest (hazards below)";
  else
    s = fmt::format("integrity: verified: every byte matches the manifest of its header, {} sections and {} file(s)",
                    in.sections, in.files);
  if (!in.key_id.empty()) {
    auto key = in.key_id.substr(0, 16);
    s += in.signature == "not_checked" ? fmt::format("; signed by key {} (--verify --trust PUB.pem checks it)", key)
         : in.signature == "trusted"   ? fmt::format("; signed by trusted key {}", key)
         : in.signature == "untrusted" ? fmt::format("; signed by key {}, NOT a trusted one", key)
                                       : fmt::format("; signed by key {}, BAD signature", key);
  }
  s += "\n";
  if (auto& v = r.verify) {
    if (v->problems.empty()) s += v->trust_given ? "verify: OK (signed by a trusted key)\n" : "verify: OK\n";
    for (auto& p : v->problems) s += fmt::format("verify: FAIL: {}\n", p);
  }
  return s;
}

}  // namespace

std::string report_text(const InspectReport& r) {
  std::string txt = fmt::format("{}: Warp capture, format {}, {} graph, target_arch {}\n", r.file, r.format_version,
                                r.cpu ? "CPU" : "CUDA", r.target_arch);
  txt += r.exact_warp ? fmt::format(
                            "written by Warp {}: loads only in Warp {} (its loader requires the exact producer "
                            "version)\n",
                            r.producer_version, r.producer_version)
                      : fmt::format("loads in {}\n", r.loads_in);
  std::vector<std::string> secs;
  for (auto& s : r.sections) secs.push_back(fmt::format("{} {}", s.name, size_text(s.size)));
  txt += fmt::format("sections: {}\n", fmt::join(secs, ", "));
  if (r.min_driver)
    txt += fmt::format("its SASS loads on drivers of CUDA {} and newer (with no JIT, on the GPUs it holds SASS for)\n",
                       r.min_driver->str());
  txt += fmt::format("modules ({}):\n", r.modules.size());
  for (auto& m : r.modules) module_text(txt, m);
  std::vector<std::string> binds;
  for (auto& b : r.bindings)
    binds.push_back(fmt::format("{} (region {}, {}{})", b.name, b.region, size_text(b.bytes),
                                b.dtype.empty() ? "" : ", " + b.dtype));
  if (!binds.empty()) txt += fmt::format("bindings: {}\n", fmt::join(binds, ", "));
  for (auto& m : r.mesh_records)
    txt += fmt::format("mesh: {} points, {} triangles, BVH {} (leaf size {}){}\n", m.num_points, m.num_tris,
                       bvh_constructor_name(m.bvh_constructor), m.bvh_leaf_size, m.winding ? ", winding numbers" : "");
  std::vector<std::string> ops;
  for (auto& [name, n] : r.ops.by_type) ops.push_back(fmt::format("{} {}", name, n));
  txt += fmt::format(
      "ops: {} ({}); {}\n", r.ops.count, ops.empty() ? "none" : fmt::format("{}", fmt::join(ops, ", ")),
      r.ops.all_launches_resolved ? "every launch resolves to a metadata kernel" : "SOME LAUNCHES DO NOT RESOLVE");
  auto helper_text =
      r.helper_archs.empty() ? std::string() : fmt::format("; its helper kernels: {}", fmt::join(r.helper_archs, " "));
  if (r.integrity.state == "unverified")  // wrp-run, the C API and Python refuse it unless asked
    helper_text += "; unverified: with --allow-unverified, or once wrp-build has built it";
  txt += r.replay_blockers.empty() ? fmt::format("wrp-run: replays it (no Warp needed{})\n", helper_text)
                                   : fmt::format("wrp-run: cannot replay it: {}\n", fmt::join(r.replay_blockers, "; "));
  txt += integrity_text(r);
  if (!r.hazards.empty()) {
    txt += "hazards:\n";
    for (auto& h : r.hazards)
      txt += fmt::format("  [{}] {}{}\n", h.code, h.module.empty() ? "" : h.module + ": ", h.message);
  }
  if (r.load_matrix) load_matrix_text(txt, *r.load_matrix);
  if (r.provenance) provenance_text(txt, *r.provenance);
  return txt;
}

namespace {

// A table cell: pipes would end the cell, newlines the row.
std::string cell(std::string s) {
  std::string out;
  for (char c : s) out += c == '|' ? "\\|" : c == '\n' ? " " : std::string(1, c);
  return out;
}

void load_matrix_markdown(std::string& md, const LoadMatrix& lm) {
  md += fmt::format("\n| module{} |", lm.driver ? fmt::format(" (CUDA {} driver)", lm.driver->str()) : "");
  for (auto& g : lm.archs) md += fmt::format(" {} |", g.sm());
  md += "\n| --- |";
  for (size_t g = 0; g < lm.archs.size(); ++g) md += " --- |";
  md += "\n";
  auto row = [&](const std::string& name, const std::vector<LoadPath>& paths, const char* bold) {
    md += fmt::format("| {0}{1}{0} |", bold, cell(name));
    for (auto p : paths) md += fmt::format(" {0}{1}{0} |", bold, load_path_name(p));
    md += "\n";
  };
  for (size_t m = 0; m < lm.files.size(); ++m) row("`" + lm.files[m] + "`", lm.modules[m], "");
  if (lm.conditions) row("if/while conditions", *lm.conditions, "");
  row("the artifact", lm.artifact, "**");
}

}  // namespace

std::string report_markdown(const InspectReport& r) {
  std::string md = fmt::format("### `{}`\n\n", cell(r.file));
  md += fmt::format("Warp capture format {} ({}); {} module(s), {} op(s); {}{}\n\n", r.format_version,
                    r.loads_in.empty() ? "CPU graph" : r.loads_in, r.modules.size(), r.ops.count, r.integrity.state,
                    r.integrity.signature == "none" ? "" : ", signature " + r.integrity.signature);
  if (r.min_driver) md += fmt::format("SASS loads on drivers of CUDA {} and newer.\n\n", r.min_driver->str());
  md += r.replay_blockers.empty() ? "wrp-run: replays it without Warp.\n"
                                  : fmt::format("wrp-run: cannot replay it: {}.\n", fmt::join(r.replay_blockers, "; "));
  if (r.load_matrix) load_matrix_markdown(md, *r.load_matrix);
  if (r.hazards.empty()) return md + "\nNo hazards.\n";
  md += "\nHazards:\n\n";
  for (auto& h : r.hazards)
    md += fmt::format("- `{}`{}: {}\n", h.code, h.module.empty() ? "" : " (`" + h.module + "`)", h.message);
  return md;
}

std::string report_text(const DeviceReport& dr) {
  auto& r = dr.inspect;
  auto& d = dr.check;
  auto& g = d.plan.gpu;
  std::string txt = fmt::format("{} on GPU {}: {} ({}), driver {}{}\n", r.file, g.ordinal, g.name, g.arch.sm(),
                                g.driver_str(), g.jit_disabled ? ", PTX JIT disabled" : "");
  for (size_t i = 0; i < d.plan.modules.size(); ++i) {
    auto& p = d.plan.modules[i];
    txt += fmt::format("  {:10} {}\n", outcome_name(p.outcome), p.message);
    if (!p.fix.empty() && p.outcome != Outcome::sass) txt += fmt::format("             fix: {}\n", p.fix);
    if (i < d.loads.size()) txt += fmt::format("             load: {}\n", d.loads[i].message);
  }
  for (auto& p : d.plan.graph)
    txt += fmt::format("  {:10} {}\n             fix: {}\n", outcome_name(p.outcome), p.message, p.fix);
  txt += d.worst == Outcome::sass ? "OK: loads with no JIT\n"
         : d.exit_code == 0       ? "OK: loads, with PTX JIT for some modules (--allow-jit)\n"
         : d.exit_code == 1       ? "WARNING: needs PTX JIT at load (slow cold start)\n"
                                  : "FAIL: will not load on this GPU\n";
  return txt;
}

static toml::array mesh_records_json(const std::vector<MeshRecord>& meshes) {
  toml::array out;
  for (auto& m : meshes)
    out.push_back(toml::table{{"points", int64_t(m.num_points)},
                              {"triangles", int64_t(m.num_tris)},
                              {"winding_numbers", m.winding != 0},
                              {"bvh_constructor", bvh_constructor_name(m.bvh_constructor)},
                              {"bvh_leaf_size", int64_t(m.bvh_leaf_size)},
                              {"points_region", int64_t(m.points_region)},
                              {"indices_region", int64_t(m.indices_region)},
                              {"velocities_region", int64_t(m.velocities_region)}});
  return out;
}

static toml::array bsr_ops_json(const std::vector<std::pair<uint32_t, BsrOp>>& ops) {
  toml::array out;
  for (auto& [type, s] : ops) {
    toml::table t{{"op", op_name(type)},
                  {"rows", int64_t(s.row_count)},
                  {"columns", int64_t(s.col_count)},
                  {"nnz_upper_bound", int64_t(s.nnz_upper_bound)},
                  {"padded", (type == kOpBsrTranspose ? s.t_row_counts : s.row_counts).region >= 0}};
    if (type == kOpBsrFromTriplets) {
      t.insert("block_size", int64_t(s.block_size));
      t.insert("scalar_bytes", int64_t(s.scalar_size));
      t.insert("masked", s.masked);
      t.insert("prunes_zeros", s.zero_mask != 0);
      t.insert("count_on_device", s.tpl_nnz.region >= 0);  // a device array counts the triplets
    } else {
      t.insert("source_padded", s.row_counts.region >= 0);
    }
    out.push_back(std::move(t));
  }
  return out;
}

static std::string inspect_json(const InspectReport& r, const DeviceCheck* device) {
  toml::table j{{"file", r.file},
                {"format_version", int64_t(r.format_version)},
                {"device", r.cpu ? "cpu" : "cuda"},
                {"target_arch", r.target_arch},
                {"header_target_arch", r.header_target_arch},
                {"loads_in_warp", r.loads_in},
                {"meshes", int64_t(r.meshes)},
                {"regions", int64_t(r.regions)}};
  if (r.exact_warp) j.insert("producer_version", r.producer_version);
  j.insert("mesh_records", mesh_records_json(r.mesh_records));
  toml::array secs;
  for (auto& s : r.sections)
    secs.push_back(toml::table{{"type", int64_t(s.type)}, {"name", s.name}, {"size", int64_t(s.size)}});
  j.insert("sections", std::move(secs));
  if (r.min_driver) j.insert("min_driver", r.min_driver->str());
  toml::array mods;
  for (auto& m : r.modules) mods.push_back(module_json(m));
  j.insert("modules", std::move(mods));
  toml::array binds;
  for (auto& b : r.bindings)
    binds.push_back(
        toml::table{{"name", b.name}, {"region", b.region}, {"bytes", int64_t(b.bytes)}, {"dtype", b.dtype}});
  j.insert("bindings", std::move(binds));
  toml::table by_type;
  for (auto& [name, n] : r.ops.by_type) by_type.insert(name, int64_t(n));
  j.insert("ops", toml::table{{"count", int64_t(r.ops.count)},
                              {"top_level", int64_t(r.ops.top_level)},
                              {"by_type", std::move(by_type)},
                              {"max_depth", int64_t(r.ops.max_depth)},
                              {"all_launches_resolved", r.ops.all_launches_resolved},
                              {"bsr", bsr_ops_json(r.ops.bsr)}});
  j.insert("wrp_run", toml::table{{"replays", r.replay_blockers.empty()},
                                  {"blockers", array_of(r.replay_blockers)},
                                  {"helpers", array_of(r.helper_archs)}});
  toml::array hz;
  for (auto& h : r.hazards) hz.push_back(toml::table{{"code", h.code}, {"module", h.module}, {"message", h.message}});
  j.insert("hazards", std::move(hz));
  if (r.load_matrix) j.insert("load_matrix", load_matrix_json(*r.load_matrix, j));
  if (r.provenance) j.insert("wrpkit", provenance_table(*r.provenance));
  auto& in = r.integrity;
  j.insert("integrity", toml::table{{"state", in.state},
                                    {"signature", in.signature},
                                    {"key_id", in.key_id},
                                    {"sections", int64_t(in.sections)},
                                    {"files", int64_t(in.files)},
                                    {"files_not_read", array_of(in.files_not_read)}});
  if (auto& v = r.verify)
    j.insert(
        "verify",
        toml::table{{"ok", v->problems.empty()}, {"trust_given", v->trust_given}, {"problems", array_of(v->problems)}});
  if (device) device_json(j, *device);
  return to_json(j);
}

std::string report_json(const InspectReport& r) { return inspect_json(r, nullptr); }
std::string report_json(const DeviceReport& d) { return inspect_json(d.inspect, &d.check); }

}  // namespace wrp
