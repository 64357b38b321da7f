#include "wrpkit/build.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <thread>

#include "wrpkit/artifact.hpp"
#include "wrpkit/elf.hpp"
#include "wrpkit/error.hpp"
#include "wrpkit/fatbin.hpp"
#include "wrpkit/hash.hpp"
#include "wrpkit/provenance.hpp"
#include "wrpkit/ptx.hpp"
#include "wrpkit/ptx_prune.hpp"

namespace wrp {

namespace {

// Runs fn(i) for i in [0, n) on `jobs` threads. The first exception (by index,
// so the report does not depend on scheduling) is rethrown after all finish.
template <class F>
void parallel_for(size_t n, unsigned jobs, F&& fn) {
  std::vector<std::exception_ptr> errors(n);
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i; (i = next++) < n;) {
      try {
        fn(i);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    }
  };
  unsigned t = std::max(1u, std::min<unsigned>(jobs, unsigned(n)));
  std::vector<std::thread> pool;
  for (unsigned k = 1; k < t; ++k) pool.emplace_back(worker);
  worker();
  for (auto& th : pool) th.join();
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
}

// "wp___main___63c90fb.sm75.ptx" -> "wp___main___63c90fb.fatbin"
std::string fatbin_name(const std::string& src) {
  std::string stem = src;
  auto dot = stem.rfind('.');
  if (dot != std::string::npos) stem.resize(dot);
  dot = stem.rfind('.');
  if (dot != std::string::npos) {
    auto tail = std::string_view(stem).substr(dot + 1);
    if (tail.starts_with("sm") && parse_arch(tail.substr(2))) stem.resize(dot);
  }
  return stem + ".fatbin";
}

// Where the SASS for one target comes from.
struct Source {
  Bytes ptx;                     // PTX text to compile (NULs stripped); empty if none
  Arch ptx_arch;
  int ptx_isa = 0;               // ".version 9.0" -> 90
  size_t kernels_kept = 0, kernels_total = 0;
  std::vector<std::pair<Arch, Bytes>> sass;  // prebuilt images (cubin modules)
};

std::string images_of(const ModuleBinary& b) {
  std::string s;
  for (auto& i : b.images) s += fmt::format("{}{}", s.empty() ? "" : ", ", i.arch.str());
  return s;
}

Source module_source(const Artifact& a, size_t m) {
  auto& mf = a.modules[m];
  auto& rec = a.meta.modules[m];
  Source src;
  switch (mf.binary.kind) {
    case ModuleKind::ptx: {
      auto t = strip_trailing_nuls(mf.bytes);
      src.ptx.assign(t.begin(), t.end());
      src.ptx_arch = mf.binary.ptx->target;
      break;
    }
    case ModuleKind::cubin:
      src.sass.emplace_back(mf.binary.images[0].arch, mf.bytes);
      break;
    case ModuleKind::fatbin: {
      // An artifact wrp-build made before: rebuild from its PTX, else reuse its SASS.
      auto entries = parse_fatbin(mf.path.string(), mf.bytes);
      const FatbinEntry* ptx = nullptr;
      for (auto& e : entries) {
        if (e.kind == ImageKind::ptx && (!ptx || e.arch.number() < ptx->arch.number())) ptx = &e;
        if (e.kind == ImageKind::sass && !e.compressed)
          src.sass.emplace_back(e.arch, Bytes(mf.bytes.begin() + e.offset, mf.bytes.begin() + e.offset + e.size));
      }
      if (ptx && ptx->compressed && src.sass.empty())
        fail(Exit::target, fmt::format("module {} holds compressed PTX only, which wrpkit cannot decompress; build "
                                       "from the original capture",
                                       rec.binary_filename));
      if (ptx && !ptx->compressed) {
        auto t = strip_trailing_nuls(ByteView(mf.bytes).subspan(ptx->offset, ptx->size));
        src.ptx.assign(t.begin(), t.end());
        src.ptx_arch = ptx->arch;
        src.sass.clear();
      }
      break;
    }
    case ModuleKind::object:
      fail(Exit::bad_input, fmt::format("module {} is a host object in a CUDA graph", rec.binary_filename));
  }
  return src;
}

void check_entries(const std::string& what, const std::vector<std::string>& have, const Metadata& meta,
                   const std::string& module_hash, Exit code) {
  for (auto& k : meta.kernels) {
    if (k.module_hash != module_hash) continue;
    for (auto* n : {&k.forward_name, &k.backward_name})
      if (!n->empty() && std::find(have.begin(), have.end(), *n) == have.end())
        fail(code, fmt::format("{} lacks kernel entry '{}' that the metadata names for kernel '{}'", what, *n, k.key));
  }
}

// Cuts the module's PTX down to the kernels the metadata names (see ptx_prune.hpp).
// Anything unexpected leaves the whole module in place: slower, never wrong.
void keep_launched_kernels(const std::string& where, const Metadata& meta, const std::string& module_hash,
                           const PtxInfo& info, Source& src) {
  std::set<std::string> keep;
  for (auto& k : meta.kernels)
    if (k.module_hash == module_hash)
      for (auto* n : {&k.forward_name, &k.backward_name})
        if (!n->empty()) keep.insert(*n);
  if (keep.empty() || keep.size() >= info.entries.size()) return;
  auto text = std::string_view(reinterpret_cast<const char*>(src.ptx.data()), src.ptx.size());
  auto cut = keep_entries(text, keep);
  if (!cut) {
    spdlog::warn("{}: PTX not shaped as expected; compiling all {} kernels", where, info.entries.size());
    return;
  }
  Bytes bytes(cut->begin(), cut->end());
  auto left = parse_ptx(where, bytes).entries;
  if (std::set<std::string>(left.begin(), left.end()) != keep || left.size() != keep.size()) {
    spdlog::warn("{}: cutting unused kernels went wrong; compiling all {} kernels", where, info.entries.size());
    return;
  }
  src.ptx = std::move(bytes);
  src.kernels_kept = keep.size();
}

struct Job {
  size_t module;
  Arch arch;
};

fs::path canonical_or_self(const fs::path& p) {
  std::error_code ec;
  auto c = fs::weakly_canonical(p, ec);
  return ec ? p : c;
}

void check_output_paths(const BuildOptions& opt, const fs::path& out) {
  if (out.extension() != ".wrp")
    fail(Exit::usage, fmt::format("-o {}: the output must end in .wrp (Warp finds NAME_modules/ beside NAME.wrp)",
                                  out.string()));
  auto in_wrp = canonical_or_self(opt.input), out_wrp = canonical_or_self(out);
  if (in_wrp == out_wrp || canonical_or_self(modules_dir_for(opt.input)) == canonical_or_self(modules_dir_for(out)))
    fail(Exit::usage, fmt::format("-o {} would overwrite the input; choose another output name", out.string()));
  std::error_code ec;
  if (!opt.force && (fs::exists(out, ec) || fs::exists(modules_dir_for(out), ec)))
    fail(Exit::usage, fmt::format("{} already exists; pass --force to replace it", out.string()));
}

std::string random_suffix() {
  std::random_device rd;
  return fmt::format(".tmp{:08x}", rd());
}

// Writes modules into a temporary folder and the .wrp into a temporary file,
// then renames both into place; on any failure nothing is left behind.
void write_artifact(const fs::path& out, const Bytes& wrp, const std::vector<std::pair<std::string, Bytes>>& files,
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

struct Tools {
  std::unique_ptr<Compiler> compiler;
  std::unique_ptr<Packager> packager;
};

BuildOutput build_one(const BuildOptions& opt, const Artifact& a, const fs::path& out, std::vector<Arch> targets,
                      Tools& tools, BuildReport& report) {
  std::sort(targets.begin(), targets.end());
  check_output_paths(opt, out);
  BuildOutput res;
  res.wrp = out;
  res.targets = targets;

  // Plan: what each module needs for each target, refusing what cannot work.
  std::vector<Source> sources;
  std::vector<Job> jobs;
  for (size_t m = 0; m < a.modules.size(); ++m) {
    auto& rec = a.meta.modules[m];
    sources.push_back(module_source(a, m));
    auto& src = sources.back();
    for (auto& t : targets) {
      if (!src.ptx.empty()) {
        if (!ptx_jits_on(src.ptx_arch, t))
          fail(Exit::target,
               fmt::format("module {} holds PTX for {}, which cannot be compiled for {} (below it). Recapture with "
                           "wp.config.ptx_target_arch = {} (the lowest target), or drop {} from the targets",
                           rec.binary_filename, src.ptx_arch.str(), t.sm(), targets.front().number(), t.sm()));
        jobs.push_back({m, t});
        continue;
      }
      bool covered = std::any_of(src.sass.begin(), src.sass.end(), [&](auto& s) { return sass_runs_on(s.first, t.as_gpu()) && (t.variant != Variant::arch_specific || s.first == t); });
      if (!covered)
        fail(Exit::target,
             fmt::format("module {} is CUBIN only ({}), which cannot run on {} and has no PTX to compile. Recapture "
                         "with wp.config.cuda_output = \"ptx\" so it can be built for every target, or drop {}",
                         rec.binary_filename, images_of(a.modules[m].binary), t.sm(), t.sm()));
    }
    if (!src.ptx.empty()) {
      auto where = a.modules[m].path.string();
      auto info = parse_ptx(where, src.ptx);
      src.ptx_isa = info.isa_major * 10 + info.isa_minor;
      check_entries(where, info.entries, a.meta, rec.hash, Exit::bad_input);
      src.kernels_total = src.kernels_kept = info.entries.size();
      if (!opt.all_kernels) keep_launched_kernels(where, a.meta, rec.hash, info, src);
    }
  }

  bool need_compiler = !jobs.empty();
  if ((need_compiler && !tools.compiler) || !tools.packager) {
    auto tc = find_toolchain(opt.cuda_root);  // one search serves both
    if (need_compiler && !tools.compiler) tools.compiler = std::make_unique<Compiler>(tc, opt.compiler, opt.cache_dir);
    if (!tools.packager) tools.packager = std::make_unique<Packager>(tc, opt.packager);
  }
  if (need_compiler) {
    for (auto& t : targets)
      if (!tools.compiler->supports(t)) {
        std::string list;
        for (int n : tools.compiler->supported_archs()) list += fmt::format("{}sm_{}", list.empty() ? "" : " ", n);
        fail(Exit::target, fmt::format("{} cannot compile for {}; it compiles for: {}. Use a CUDA toolkit that "
                                       "supports {}, or drop it",
                                       tools.compiler->description(), t.sm(), list, t.sm()));
      }
    // PTX from a newer CUDA than the compiler (warp-lang wheels built with a newer
    // NVRTC) fails deep inside it; say so up front, with what would read it.
    int readable = max_ptx_isa(tools.compiler->cuda_version());
    for (size_t m = 0; m < sources.size(); ++m)
      if (sources[m].ptx_isa > readable) {
        auto need = cuda_release_for_isa(sources[m].ptx_isa);
        fail(Exit::toolchain,
             fmt::format("module {} holds PTX ISA {} (written by CUDA {} or newer), but {} reads PTX up to ISA {}. "
                         "Use a CUDA {}+ toolchain (pip install \"nvidia-nvjitlink=={}.*\" or --cuda DIR); GPUs "
                         "whose driver is older than {} will not JIT its embedded PTX",
                         a.meta.modules[m].binary_filename, isa_str(sources[m].ptx_isa), need,
                         tools.compiler->description(), isa_str(readable), need, need, need));
      }
  }

  // Compile: identical PTX for the same arch is compiled once.
  std::map<std::pair<std::string, std::string>, size_t> unique;
  std::vector<size_t> job_result(jobs.size());
  std::vector<Job> distinct;
  std::vector<std::string> ptx_hash(sources.size());
  for (size_t m = 0; m < sources.size(); ++m)
    if (!sources[m].ptx.empty()) ptx_hash[m] = sha256_hex(sources[m].ptx);
  for (size_t j = 0; j < jobs.size(); ++j) {
    auto key = std::make_pair(ptx_hash[jobs[j].module], jobs[j].arch.str());
    auto [it, inserted] = unique.emplace(key, distinct.size());
    if (inserted) distinct.push_back(jobs[j]);
    job_result[j] = it->second;
  }
  std::vector<Bytes> cubins(distinct.size());
  unsigned nthreads = opt.jobs ? opt.jobs : std::max(1u, std::thread::hardware_concurrency());
  report.jobs = nthreads;
  // Longest work first: bigger PTX tends to take longer, so start it early.
  std::vector<size_t> order(distinct.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) {
    return sources[distinct[x].module].ptx.size() > sources[distinct[y].module].ptx.size();
  });
  auto t0 = std::chrono::steady_clock::now();
  auto since = [](auto t) { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count(); };
  parallel_for(distinct.size(), nthreads, [&](size_t k) {
    size_t i = order[k];
    auto& job = distinct[i];
    auto& rec = a.meta.modules[job.module];
    spdlog::info("compile {} for {}", rec.binary_filename, job.arch.sm());
    cubins[i] = tools.compiler->compile(sources[job.module].ptx, job.arch, rec.binary_filename);
    auto info = parse_elf(fmt::format("{} compiled for {}", rec.binary_filename, job.arch.sm()), cubins[i]);
    if (info.arch.number() != job.arch.number())
      fail(Exit::toolchain, fmt::format("{}: the compiler produced {} SASS when {} was asked", rec.binary_filename,
                                        info.arch.sm(), job.arch.sm()));
    check_entries(fmt::format("{} SASS for {}", rec.binary_filename, job.arch.sm()), info.entries, a.meta, rec.hash,
                  Exit::toolchain);
  });
  report.compiles += distinct.size();
  spdlog::info("compiled {} image(s) in {:.2f} s on {} thread(s)", distinct.size(), since(t0), nthreads);
  t0 = std::chrono::steady_clock::now();

  // Package and verify one fatbin per module.
  std::vector<std::pair<std::string, Bytes>> files(a.modules.size());
  res.modules.resize(a.modules.size());
  parallel_for(a.modules.size(), nthreads, [&](size_t m) {
    auto& rec = a.meta.modules[m];
    auto& src = sources[m];
    std::vector<FatbinInput> inputs;
    auto& bm = res.modules[m];
    bm.source_file = rec.binary_filename;
    bm.output_file = fatbin_name(rec.binary_filename);
    bm.kernels_kept = src.kernels_kept, bm.kernels_total = src.kernels_total;
    for (size_t j = 0; j < jobs.size(); ++j)
      if (jobs[j].module == m) inputs.push_back({false, jobs[j].arch, cubins[job_result[j]], jobs[j].arch.sm()});
    if (src.ptx.empty()) {
      // Prebuilt SASS: keep each image that serves at least one target, once.
      for (auto& [arch, bytes] : src.sass)
        if (std::any_of(targets.begin(), targets.end(), [&](auto& t) { return sass_runs_on(arch, t.as_gpu()); }))
          inputs.push_back({false, arch, bytes, arch.sm()});
    } else if (opt.ptx == PtxMode::lowest) {
      inputs.push_back({true, src.ptx_arch, src.ptx, src.ptx_arch.str()});
    }
    for (auto& in : inputs)
      bm.images.push_back({in.is_ptx ? "ptx" : "sass", in.arch, in.data.size(), sha256_hex(in.data)});
    auto what = fmt::format("module {}", rec.binary_filename);
    auto fat = tools.packager->pack(inputs, opt.compress, what);
    // Verify what was written: every image present, every SASS image holding every entry.
    auto entries = parse_fatbin(bm.output_file, fat);
    if (entries.size() != inputs.size())
      fail(Exit::toolchain, fmt::format("{}: the fatbin holds {} images, {} were packed", what, entries.size(),
                                        inputs.size()));
    for (auto& e : entries) {
      if (e.kind != ImageKind::sass || e.compressed) continue;
      auto info = parse_elf(bm.output_file, ByteView(fat).subspan(e.offset, e.size));
      check_entries(fmt::format("{} ({} in the fatbin)", what, e.arch.sm()), info.entries, a.meta, rec.hash,
                    Exit::toolchain);
    }
    bm.bytes = fat.size();
    files[m] = {bm.output_file, std::move(fat)};
  });
  spdlog::info("packed {} fatbin(s) in {:.2f} s", files.size(), since(t0));
  std::map<std::string, size_t> names;
  for (auto& f : files)
    if (names[f.first]++)
      fail(Exit::bad_input, fmt::format("two modules would both be written as {}; module file names must differ "
                                        "before their .smNN suffix",
                                        f.first));

  // The new .wrp: Warp's sections unchanged but for file names (and target_arch
  // of if/while graphs), plus wrpkit's provenance section.
  Container c = a.container;
  Metadata meta = a.meta;
  for (size_t m = 0; m < meta.modules.size(); ++m) meta.modules[m].binary_filename = files[m].first;
  res.target_arch = meta.target_arch;
  if (a.ops.has_conditionals && meta.target_arch != uint32_t(targets.front().number())) {
    res.target_arch = uint32_t(targets.front().number());
    res.target_arch_changed = true;
    meta.target_arch = c.target_arch = res.target_arch;
  }
  c.find(kSectionMetadata)->data = serialize_metadata(meta);

  toml::table prov;
  prov.insert("wrpkit_version", WRPKIT_VERSION);
  toml::array tarr;
  for (auto& t : targets) tarr.push_back(t.sm());
  prov.insert("targets", std::move(tarr));
  prov.insert("ptx", opt.ptx == PtxMode::lowest ? "lowest" : "none");
  prov.insert("compress", opt.compress);
  prov.insert("kernels", opt.all_kernels ? "all" : "launched");
  prov.insert("target_arch", int64_t(res.target_arch));
  prov.insert("input", toml::table{{"wrp", a.wrp_path.filename().string()},
                                   {"wrp_sha256", sha256_hex(serialize_container(a.container))}});
  prov.insert("toolchain", toml::table{{"compiler", tools.compiler ? tools.compiler->description() : "none"},
                                       {"packager", tools.packager->description()},
                                       {"options", "-O3"}});
  toml::array mods;
  for (size_t m = 0; m < res.modules.size(); ++m) {
    auto& bm = res.modules[m];
    toml::array imgs;
    for (auto& i : bm.images)
      imgs.push_back(toml::table{{"kind", i.kind}, {"arch", i.arch.str()}, {"size", int64_t(i.size)}, {"sha256", i.sha256}});
    mods.push_back(toml::table{{"file", bm.output_file}, {"source", bm.source_file},
                               {"source_sha256", sha256_hex(a.modules[m].bytes)},
                               {"sha256", sha256_hex(files[m].second)}, {"kernels_built", int64_t(bm.kernels_kept)},
                               {"kernels_in_source", int64_t(bm.kernels_total)}, {"images", std::move(imgs)}});
  }
  prov.insert("modules", std::move(mods));
  if (auto* s = c.find(kSectionWrpkit)) s->data = serialize_provenance(prov);
  else c.sections.push_back({kSectionWrpkit, 0, 0, serialize_provenance(prov)});

  write_artifact(out, serialize_container(c), files, meta_files(a));
  return res;
}

}  // namespace

fs::path family_output_path(const fs::path& out, int major) {
  auto p = out;
  p.replace_extension();
  return fs::path(fmt::format("{}.sm{}x.wrp", p.string(), major));
}

BuildReport run_build(const BuildOptions& opt) {
  if (opt.targets.empty()) fail(Exit::usage, "no target archs: pass --arch or --profile");
  for (auto& t : opt.targets)
    if (t.is_virtual) fail(Exit::usage, fmt::format("--arch {}: name SASS targets (sm_XY); PTX is added by --ptx", t.str()));
  if (opt.compress != "none" && opt.compress != "default" && opt.compress != "size")
    fail(Exit::usage, fmt::format("--compress {}: expected none, default or size", opt.compress));
  auto a = open_artifact(opt.input);
  BuildReport report;
  if (a.is_cpu()) {
    if (!opt.allow_cpu)
      fail(Exit::bad_input, fmt::format("{} is a CPU graph: there is nothing to compile for GPUs. Pass --allow-cpu "
                                        "to copy it through unchanged",
                                        opt.input.string()));
    check_output_paths(opt, opt.output);
    std::vector<std::pair<std::string, Bytes>> files;
    for (size_t m = 0; m < a.modules.size(); ++m)
      files.emplace_back(a.meta.modules[m].binary_filename, a.modules[m].bytes);
    write_artifact(opt.output, serialize_container(a.container), files, meta_files(a));
    report.outputs.push_back({opt.output, {}, a.meta.target_arch, false, {}});
    return report;
  }

  std::map<int, std::vector<Arch>> families;
  for (auto& t : opt.targets) families[t.major].push_back(t);
  Tools tools;
  if (a.ops.has_conditionals && families.size() > 1) {
    if (!opt.split_families) {
      std::string fam;
      for (auto& [major, archs] : families) fam += fmt::format("{}sm_{}x", fam.empty() ? "" : ", ", major);
      fail(Exit::target,
           fmt::format("{} has if/while ops: stock Warp compiles their condition kernels at load as SASS for the "
                       "graph's one target_arch, which runs only within one major arch family, but the targets span "
                       "{}. Build once per family (e.g. --arch {}), or pass --split-families to write one artifact "
                       "per family",
                       opt.input.string(), fam, families.begin()->second.front().sm()));
    }
    for (auto& [major, archs] : families)
      report.outputs.push_back(build_one(opt, a, family_output_path(opt.output, major), archs, tools, report));
  } else {
    report.outputs.push_back(build_one(opt, a, opt.output, opt.targets, tools, report));
  }
  report.compiler = tools.compiler ? tools.compiler->description() : "none";
  report.packager = tools.packager ? tools.packager->description() : "none";
  return report;
}

toml::table BuildReport::json() const {
  toml::array outs;
  for (auto& o : outputs) {
    toml::array targets, mods;
    for (auto& t : o.targets) targets.push_back(t.sm());
    for (auto& m : o.modules) {
      toml::array imgs;
      for (auto& i : m.images)
        imgs.push_back(toml::table{{"kind", i.kind}, {"arch", i.arch.str()}, {"size", int64_t(i.size)}, {"sha256", i.sha256}});
      mods.push_back(toml::table{{"source", m.source_file}, {"file", m.output_file}, {"size", int64_t(m.bytes)},
                                 {"kernels_built", int64_t(m.kernels_kept)}, {"kernels_in_source", int64_t(m.kernels_total)},
                                 {"images", std::move(imgs)}});
    }
    outs.push_back(toml::table{{"wrp", o.wrp.string()}, {"modules_dir", modules_dir_for(o.wrp).string()},
                               {"targets", std::move(targets)}, {"target_arch", int64_t(o.target_arch)},
                               {"target_arch_changed", o.target_arch_changed}, {"modules", std::move(mods)}});
  }
  return toml::table{{"outputs", std::move(outs)}, {"compiler", compiler}, {"packager", packager},
                     {"jobs", int64_t(jobs)}, {"compiles", int64_t(compiles)}};
}

std::string BuildReport::text() const {
  std::string s;
  for (auto& o : outputs) {
    std::string targets;
    for (auto& t : o.targets) targets += fmt::format("{}{}", targets.empty() ? "" : " ", t.sm());
    s += fmt::format("wrote {} ({} module(s)){}\n", o.wrp.string(), o.modules.size(),
                     targets.empty() ? "" : " for " + targets);
    for (auto& m : o.modules) {
      std::string imgs;
      for (auto& i : m.images) imgs += fmt::format("{}{}", imgs.empty() ? "" : " ", i.arch.str());
      std::string kernels;
      if (m.kernels_kept < m.kernels_total)
        kernels = fmt::format("; {} of its {} kernels, the rest are never launched", m.kernels_kept, m.kernels_total);
      s += fmt::format("  {} -> {} ({} bytes: {}{})\n", m.source_file, m.output_file, m.bytes, imgs, kernels);
    }
    if (o.target_arch_changed)
      s += fmt::format("  target_arch set to {} so if/while condition kernels build for every target\n", o.target_arch);
  }
  if (compiles) s += fmt::format("{} compilation(s) with {}, packed with {}, {} job(s)\n", compiles, compiler, packager, jobs);
  return s;
}

}  // namespace wrp
