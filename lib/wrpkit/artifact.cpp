#include "wrpkit/artifact.hpp"

#include <fmt/format.h>

#include "wrpkit/error.hpp"

namespace wrp {

fs::path modules_dir_for(const fs::path& wrp) {
  std::string s = wrp.string();
  if (s.size() > 4 && s.ends_with(".wrp")) s.resize(s.size() - 4);
  return fs::path(s + "_modules");
}

void parse_sections(Artifact& a) {
  auto file = a.name();
  auto& md = a.container.require(kSectionMetadata, file);
  a.meta = parse_metadata(file, md.data, md.file_offset);
  if (a.meta.version < kMinVersion || a.meta.version > kMaxVersion)
    fail(Exit::bad_input, fmt::format("{}: metadata.version at byte {} is {}, outside the supported {}..{}", file,
                                      hex_offset(md.file_offset), a.meta.version, kMinVersion, kMaxVersion));
  auto& mem = a.container.require(kSectionMemory, file);
  a.regions = parse_memory(file, mem.data, mem.file_offset);
  auto& ops = a.container.require(kSectionOperations, file);
  a.ops = walk_ops(file, ops.data, ops.file_offset, a.meta);
  for (auto& b : a.meta.bindings)
    if (!find_region(a.regions, b.region_id))
      fail(Exit::bad_input, fmt::format("{}: binding '{}' names region {} that the memory section lacks", file, b.name,
                                        b.region_id));
}

Artifact open_artifact(const fs::path& wrp, bool read_modules) {
  Artifact a;
  a.wrp_path = wrp;
  a.modules_dir = modules_dir_for(wrp);
  auto bytes = read_file(wrp);
  a.container = parse_container(a.name(), bytes);
  parse_sections(a);
  if (!read_modules) return a;
  for (auto& m : a.meta.modules) {
    ModuleFile mf;
    mf.path = a.modules_dir / m.binary_filename;
    std::error_code ec;
    if (!fs::is_regular_file(mf.path, ec))
      fail(Exit::bad_input, fmt::format("{}: module '{}' file {} is missing; keep the .wrp next to its {} folder",
                                        a.name(), m.name, mf.path.string(), a.modules_dir.filename().string()));
    mf.bytes = read_file(mf.path);
    mf.binary = read_module_binary(mf.path.string(), mf.bytes);
    a.modules.push_back(std::move(mf));
  }
  return a;
}

}  // namespace wrp
