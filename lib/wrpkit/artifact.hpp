// A whole artifact: NAME.wrp parsed and checked, plus the module binaries in
// NAME_modules/ that its metadata names.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "wrpkit/container.hpp"
#include "wrpkit/memory.hpp"
#include "wrpkit/metadata.hpp"
#include "wrpkit/module_binary.hpp"
#include "wrpkit/ops.hpp"

namespace wrp {

namespace fs = std::filesystem;

struct ModuleFile {
  fs::path path;
  Bytes bytes;
  ModuleBinary binary;
};

struct Artifact {
  fs::path wrp_path;
  fs::path modules_dir;
  Container container;
  Metadata meta;
  std::vector<Region> regions;
  OpSummary ops;
  std::vector<ModuleFile> modules;  // parallel to meta.modules

  bool is_cpu() const { return container.device == kDeviceCpu; }
  std::string name() const { return wrp_path.string(); }
};

// Warp's rule: strip ".wrp", append "_modules".
fs::path modules_dir_for(const fs::path& wrp);

// Parses the .wrp and all its sections. With `read_modules`, also reads and
// classifies every module file; a missing or malformed one is an error.
Artifact open_artifact(const fs::path& wrp, bool read_modules = true);

// Parses the sections of a container already in memory (no module files).
void parse_sections(Artifact& a);

}  // namespace wrp
