#include "wrpkit/pipeline/targets.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "wrpkit/base/error.hpp"

namespace wrp {

std::string_view embedded_targets_toml();  // the project's targets.toml (cmake/embed_file.cmake)

const Profile& TargetManifest::profile(const std::string& name) const {
  if (auto it = profiles.find(name); it != profiles.end()) return it->second;
  std::string names;
  for (auto& [n, p] : profiles) names += fmt::format("{}{}", names.empty() ? "" : ", ", printable(n));
  fail(Exit::usage, fmt::format("{}: no profile '{}'; profiles: {}", path.string(), printable(name), names));
}

TargetManifest parse_manifest(const std::string& text, const std::string& source) {
  TargetManifest m;
  m.path = source;
  toml::table root;
  try {
    root = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    fail(Exit::usage, fmt::format("{}:{}:{}: {}", source, e.source().begin.line, e.source().begin.column,
                                  printable(e.description())));
  }
  auto bad = [&](const std::string& key, const std::string& what) {
    fail(Exit::usage, fmt::format("{}: {}: {}", source, printable(key), printable(what)));
  };
  for (auto& [k, v] : root)
    if (k != "default" && k != "profiles")
      bad(std::string(k.str()), "unknown key (expected 'default' and [profiles.NAME])");
  auto* profiles = root["profiles"].as_table();
  if (!profiles || profiles->empty()) bad("profiles", "no [profiles.NAME] tables");
  for (auto& [name, node] : *profiles) {
    std::string key = fmt::format("profiles.{}", name.str());
    auto* t = node.as_table();
    if (!t) bad(key, "must be a table with an 'archs' list");
    Profile p;
    p.name = std::string(name.str());
    for (auto& [k, v] : *t)
      if (k != "archs" && k != "description" && k != "cuda")
        bad(fmt::format("{}.{}", key, k.str()), "unknown key (expected archs, description, cuda)");
    if (auto d = (*t)["description"].value<std::string>()) p.description = *d;
    if (auto* c = (*t)["cuda"].node()) {
      auto text = c->value<std::string>();
      p.min_driver = text ? parse_cuda_version(*text) : std::nullopt;
      if (!p.min_driver)
        bad(key + ".cuda", "the oldest driver's CUDA release as a string, e.g. cuda = \"12.6\" (JetPack 6)");
    }
    auto* archs = (*t)["archs"].as_array();
    if (!archs) bad(key + ".archs", "missing; list the GPUs, e.g. archs = [\"sm_87\"]");
    if (archs->empty()) bad(key + ".archs", "empty list; name at least one arch");
    for (auto& a : *archs) {
      auto s = a.value<std::string>();
      if (!s) bad(key + ".archs", "entries must be strings such as \"sm_90\"");
      auto arch = parse_arch(*s);
      if (!arch || arch->is_virtual)
        bad(key + ".archs", fmt::format("'{}' is not an SM arch name (expected e.g. sm_87, sm_90a)", *s));
      if (!is_gpu_arch(*arch))
        bad(key + ".archs", fmt::format("unknown arch '{}'; CUDA 13 builds for: {}", *s, known_arch_list()));
      if (std::find(p.archs.begin(), p.archs.end(), *arch) == p.archs.end()) p.archs.push_back(*arch);
    }
    m.profiles.emplace(p.name, std::move(p));
  }
  auto def = root["default"].value<std::string>();
  if (!def) bad("default", "missing; name the profile used without --profile, e.g. default = \"portable\"");
  if (!m.profiles.count(*def)) bad("default", fmt::format("names profile '{}', which the file does not define", *def));
  m.default_profile = *def;
  return m;
}

TargetManifest load_manifest(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) fail(Exit::usage, fmt::format("{}: cannot open the targets manifest", path.string()));
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_manifest(ss.str(), path.string());
}

TargetManifest default_manifest() {
  if (const char* p = std::getenv("WRPKIT_TARGETS"); p && *p) return load_manifest(p);
  return parse_manifest(std::string(embedded_targets_toml()), "built-in targets.toml");
}

}  // namespace wrp
