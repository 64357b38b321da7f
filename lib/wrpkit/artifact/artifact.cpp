#include "wrpkit/artifact/artifact.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "wrpkit/base/error.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/formats/helpers_section.hpp"
#include "wrpkit/formats/meshes.hpp"

namespace wrp {

const char* digest_name(Digest d) {
  switch (d) {
    case Digest::none: return "none";
    case Digest::match: return "match";
    case Digest::mismatch: return "mismatch";
    case Digest::missing: return "missing";
  }
  return "?";
}

static Digest compare_digest(const std::string& recorded, const std::string& digest) {
  if (recorded.empty()) return Digest::none;
  return digest == recorded ? Digest::match : Digest::mismatch;
}

// A module-folder file's SHA-256, once, where the manifest or Warp 1.19's record asks for it.
static std::string digest_if(bool needed, ByteView bytes) { return needed ? sha256_hex(bytes) : std::string(); }

bool has_source_fallback(const Artifact& a, size_t m) {
  return !a.is_cpu() && has_module_artifacts(a.meta.version) && m < a.modules.size() &&
         a.meta.modules[m].retains_source() && a.modules[m].source_digest == Digest::match;
}

uint64_t binding_size(const Artifact& a, const std::string& name) {
  std::string names;
  for (auto& b : a.meta.bindings) {
    if (b.name == name && b.region_id == kUntrackedRegion)
      fail(Exit::usage, fmt::format("{}: binding '{}' has no memory: Warp did not track its array while capturing "
                                    "(region -1), so it cannot be set or read; bind an array the graph uses",
                                    a.name(), printable(name)));
    if (b.name == name) return find_region(a.regions, b.region_id)->size;  // parse_sections checked it exists
    names += (names.empty() ? "" : ", ") + printable(b.name);
  }
  fail(Exit::usage, fmt::format("{}: no binding named '{}'; it has: {}", a.name(), printable(name),
                                names.empty() ? "(none)" : names));
}

fs::path modules_dir_for(const fs::path& wrp) {
  std::string s = wrp.string();
  if (s.size() > 4 && s.ends_with(".wrp")) s.resize(s.size() - 4);
  return fs::path(s + "_modules");
}

// The metadata section: what the module files are (read_module_files needs nothing else).
static void parse_metadata_section(Artifact& a) {
  auto file = a.name();
  auto& md = a.container.require(kSectionMetadata, file);
  a.meta = parse_metadata(file, md.data, md.file_offset);
  if (a.meta.version != a.container.version)
    fail(Exit::bad_input, fmt::format("{}: metadata.version at byte {} is {} but the header says format {}; the file "
                                      "is corrupt or was edited: re-save the capture",
                                      file, hex_offset(md.file_offset), a.meta.version, a.container.version));
  if (strict_header_arch(a.meta.version) && a.meta.target_arch != a.container.target_arch)
    fail(Exit::bad_input, fmt::format("{}: metadata.target_arch at byte {} is {} but header.target_arch is {}; Warp "
                                      "1.19 refuses a format-18 file where they differ: re-save the capture",
                                      file, hex_offset(md.file_offset + 4 + 4 + a.meta.producer_version.size()),
                                      a.meta.target_arch, a.container.target_arch));
}

static void parse_other_sections(Artifact& a, ProvenanceRead provenance) {
  auto file = a.name();
  auto& mem = a.container.require(kSectionMemory, file);
  a.regions = parse_memory(file, mem.data, mem.file_offset);
  auto& ops = a.container.require(kSectionOperations, file);
  a.ops = walk_ops(file, ops.data, ops.file_offset, a.meta);
  if (auto* h = a.container.find(kSectionWrpkitHelpers)) a.replay_helpers = parse_replay_helpers(file, *h);
  if (auto* h = a.container.find(kSectionWrpkitMesh)) a.mesh_helpers = parse_replay_helpers(file, *h);
  auto* s = a.container.find(kSectionWrpkit);
  if (s && (provenance == ProvenanceRead::always || !a.container.find(kSectionWrpkitManifest))) {
    try {
      a.provenance = parse_provenance(file, s->data, s->file_offset);
    } catch (const Error& e) {
      a.provenance_error = e.what();
    }
  }
  check_meshes(file, a.meta.meshes, a.regions, mem.data, mem.file_offset);
  for (auto& b : a.meta.bindings)
    if (b.region_id != kUntrackedRegion && !find_region(a.regions, b.region_id))
      fail_damaged(fmt::format("{}: binding '{}' names region {} that the memory section lacks", file,
                               printable(b.name), b.region_id));
}

void parse_sections(Artifact& a, ProvenanceRead provenance) {
  parse_metadata_section(a);
  parse_other_sections(a, provenance);
}

// The manifest's image lines against the images of a module file (each image's bytes
// hashed): where the file differs, the problem names the images that changed; where
// it matches, lines that do not are a damaged manifest (never trusted blindly).
static void check_images(Integrity& in, const std::string& path, const std::string& name, const ModuleFile& mf,
                         bool intact, ImageLines lines) {
  auto* want = in.manifest ? in.manifest->file(name) : nullptr;
  if (!want || (intact && lines == ImageLines::when_file_differs)) return;
  std::vector<std::string> changed;
  for (size_t i = 0; i < std::max(mf.binary.images.size(), want->images.size()); ++i) {
    if (i >= mf.binary.images.size()) {
      changed.push_back(want->images[i].arch + " (gone)");
      continue;
    }
    auto& img = mf.binary.images[i];
    auto bytes = img.bytes_in(mf.bytes);
    if (i >= want->images.size() || want->images[i].arch != img.arch.str() || want->images[i].size != bytes.size() ||
        want->images[i].sha256 != sha256_hex(bytes))
      changed.push_back(img.arch.str());
  }
  if (intact) {
    if (!changed.empty())
      in.problems.push_back({"manifest_invalid", name,
                             fmt::format("{}: the file matches its digest in the wrpkit manifest, but the manifest's "
                                         "image lines do not ({}): the manifest is damaged; copy the artifact again "
                                         "from its source, or rebuild it",
                                         path, fmt::join(changed, ", "))});
    return;
  }
  auto& msg = in.problems.back().message;
  if (!changed.empty())
    msg += fmt::format(" (changed: image {})", fmt::join(changed, ", "));
  else
    msg += " (the images match: the bytes around them changed)";
}

// The file's bytes, checked against the manifest before anything parses them: a parse
// error in a file that differs reports the difference, the cause.
template <class F>
static auto parse_checked(Integrity& in, bool intact, F&& parse) {
  try {
    return parse();
  } catch (const Error&) {
    size_t known = in.problems.size();
    finish_deferred_digest(in);  // the section still being hashed may be what broke the parse
    if (!intact || in.problems.size() > known) fail(Exit::bad_input, integrity_error(in));
    throw;
  }
}

static void read_module_files(Artifact& a, const ModuleFileReader& read_module, ImageLines lines) {
  auto& in = a.integrity;
  for (auto& m : a.meta.modules) {
    ModuleFile mf;
    mf.path = a.modules_dir / m.binary_filename;
    auto bytes = read_module(m.binary_filename);
    if (!bytes)
      fail(Exit::bad_input,
           fmt::format("{}: module '{}' file {} is missing; keep the .wrp next to its {} folder", a.name(),
                       printable(m.name), printable(mf.path.string()), a.modules_dir.filename().string()));
    mf.bytes = std::move(*bytes);
    auto digest = digest_if(in.manifest || !m.binary_digest.empty(), mf.bytes);
    bool intact = check_module_file(in, mf.path.string(), m.binary_filename, mf.bytes.size(), digest);
    mf.binary = parse_checked(in, intact, [&] { return read_module_binary(mf.path.string(), mf.bytes); });
    check_images(in, mf.path.string(), m.binary_filename, mf, intact, lines);
    mf.binary_digest = compare_digest(m.binary_digest, digest);
    if (m.retains_source()) {
      mf.source_path = a.modules_dir / m.source_filename;
      if (auto src = read_module(m.source_filename)) {
        mf.source = std::move(*src);
        auto source_digest = digest_if(in.manifest || !m.source_digest.empty(), mf.source);
        check_module_file(in, mf.source_path.string(), m.source_filename, mf.source.size(), source_digest);
        mf.source_digest = compare_digest(m.source_digest, source_digest);
      } else {
        mf.source_digest = Digest::missing;
      }
    }
    a.modules.push_back(std::move(mf));
  }
  // The folder's other files the manifest lists (Warp's .meta files): checked where the
  // reader has them; a loader given only the files it needs is not refused for the rest.
  if (!in.manifest) return;
  for (auto& f : in.manifest->files) {
    if (std::find(in.files_checked.begin(), in.files_checked.end(), f.name) != in.files_checked.end()) continue;
    if (auto bytes = read_module(f.name))
      check_module_file(in, (a.modules_dir / f.name).string(), f.name, bytes->size(), sha256_hex(*bytes));
    else
      in.files_not_read.push_back(f.name);
  }
}

// The container's sections against its manifest, then parsed (a parse error in a
// section that differs from the manifest reports the difference), then the module files
// the metadata names. Where a loader is still reading the memory section
// (OpenOptions::memory_read), the module files are read and hashed first, meanwhile: a
// problem in one is then reported before a section's parse error.
static void open_sections_and_modules(Artifact& a, const ModuleFileReader& read_module, const OpenOptions& options) {
  a.integrity = check_sections(a.name(), a.container, options.timing, options.memory_read);
  bool intact = a.integrity.problems.empty();
  auto parse = [&](auto&& how) { parse_checked(a.integrity, intact, [&] { return how(), 0; }); };
  auto parse_rest = [&] { parse([&] { parse_other_sections(a, options.provenance); }); };
  parse([&] { parse_metadata_section(a); });
  bool reading = options.memory_read.valid();
  if (!reading) parse_rest();
  if (read_module) read_module_files(a, read_module, options.image_lines);
  if (reading) {
    options.memory_read.get();
    parse_rest();
  }
  if (a.provenance && a.provenance->integrity == "manifest" && !a.container.find(kSectionWrpkitManifest))
    a.integrity.problems.push_back({"manifest_missing", "",
                                    fmt::format("{}: its wrpkit section says wrp-build wrote a manifest, but the file "
                                                "has none; the artifact was damaged or changed after wrp-build wrote "
                                                "it: copy it again from its source, or rebuild it",
                                                a.name())});
}

std::string damaged_remedy(const Artifact& a) {
  bool built = a.container.find(kSectionWrpkitManifest) || a.container.find(kSectionWrpkit);
  return built ? "the artifact is damaged: copy it again from its source, or rebuild it with wrp-build"
               : "the capture is damaged or was not written by Warp: re-save it";
}

template <class F>
static Artifact open_with_remedy(const fs::path& wrp, F&& open) {
  Artifact a;
  a.wrp_path = wrp;
  a.modules_dir = modules_dir_for(wrp);
  try {
    open(a);
  } catch (const DamagedInput& e) {
    fail(Exit::bad_input, fmt::format("{}; {}", e.what(), damaged_remedy(a)));
  }
  return a;
}

Artifact open_artifact_bytes(const fs::path& wrp, SharedBytes wrp_bytes, const ModuleFileReader& read_module,
                             const OpenOptions& options) {
  return open_with_remedy(wrp, [&](Artifact& a) {
    a.container = parse_container(a.name(), wrp_bytes);
    open_sections_and_modules(a, read_module, options);
  });
}

Artifact open_artifact(const fs::path& wrp, bool read_modules) {
  return open_with_remedy(wrp, [&](Artifact& a) {
    a.container = parse_container(a.name(), read_file_shared(wrp));
    open_sections_and_modules(a, read_modules ? module_files_in(a.modules_dir) : ModuleFileReader(), {});
  });
}

ModuleFileReader module_files_in(const fs::path& dir) {
  // Names were checked by parse_metadata (is_safe_module_filename): bare names, no path parts.
  return [dir](const std::string& name) -> std::optional<SharedBytes> {
    auto path = dir / name;
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return std::nullopt;
    return read_file_shared(path);
  };
}

}  // namespace wrp
