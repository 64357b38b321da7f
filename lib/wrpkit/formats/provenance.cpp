#include "wrpkit/formats/provenance.hpp"

#include <fmt/format.h>

#include <sstream>

#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/provenance_toml.hpp"

namespace wrp {

namespace {

// Keys are written only when recorded, so a record read back prints as it was written.
void put(toml::table& t, std::string_view key, const std::string& v) {
  if (!v.empty()) t.insert(key, v);
}
void put(toml::table& t, std::string_view key, std::optional<int64_t> v) {
  if (v) t.insert(key, *v);
}
toml::array strings(const std::vector<std::string>& v) {
  toml::array a;
  for (auto& s : v) a.push_back(s);
  return a;
}

std::string str(const toml::node_view<const toml::node>& n) { return n.value_or(std::string()); }
// Integers only: toml++ would also convert a float, and one beyond int64's
// range is undefined behaviour there (found by scripts/fuzz under UBSan).
std::optional<int64_t> num(const toml::node_view<const toml::node>& n) {
  if (auto* i = n.as_integer()) return i->get();
  return std::nullopt;
}
std::vector<std::string> str_list(const toml::node_view<const toml::node>& n) {
  std::vector<std::string> out;
  if (auto* arr = n.as_array())
    for (auto& e : *arr) out.push_back(e.value_or(std::string("?")));
  return out;
}

ProvenanceImage read_image(const toml::table& t) {
  ProvenanceImage i;
  i.kind = str(t["kind"]);
  i.arch = str(t["arch"]);
  i.from = str(t["from"]);
  i.sha256 = str(t["sha256"]);
  i.compiler = str(t["compiler"]);
  i.ptx_isa = str(t["ptx_isa"]);
  i.min_driver = str(t["min_driver"]);
  i.size = num(t["size"]);
  return i;
}

ProvenanceModule read_module(const toml::table& t) {
  ProvenanceModule m;
  m.file = str(t["file"]);
  m.source = str(t["source"]);
  m.from = str(t["from"]);
  m.source_sha256 = str(t["source_sha256"]);
  m.sha256 = str(t["sha256"]);
  m.recipe = str(t["recipe"]);
  m.cuda_source = str(t["cuda_source"]);
  m.kernels_built = num(t["kernels_built"]);
  m.kernels_in_source = num(t["kernels_in_source"]);
  if (auto* arr = t["images"].as_array())
    for (auto& e : *arr)
      if (auto* it = e.as_table()) m.images.push_back(read_image(*it));
  return m;
}

}  // namespace

toml::table provenance_table(const Provenance& p) {
  toml::table t;
  put(t, "wrpkit_version", p.wrpkit_version);
  t.insert("targets", strings(p.targets));
  put(t, "ptx", p.ptx);
  put(t, "compress", p.compress);
  put(t, "kernels", p.kernels);
  put(t, "target_arch", p.target_arch);
  put(t, "min_driver", p.min_driver);
  put(t, "min_driver_from", p.min_driver_from);
  put(t, "capture_cuda", p.capture_cuda);
  put(t, "integrity", p.integrity);
  toml::table input;
  put(input, "wrp", p.input_wrp);
  put(input, "wrp_sha256", p.input_wrp_sha256);
  t.insert("input", std::move(input));
  toml::table tools;
  put(tools, "tools", p.tools);
  put(tools, "options", p.options);
  t.insert("toolchain", std::move(tools));
  toml::array mods;
  for (auto& m : p.modules) {
    toml::array imgs;
    for (auto& i : m.images) {
      toml::table it;
      put(it, "kind", i.kind);
      put(it, "arch", i.arch);
      put(it, "size", i.size);
      put(it, "sha256", i.sha256);
      put(it, "from", i.from);
      put(it, "compiler", i.compiler);
      put(it, "ptx_isa", i.ptx_isa);
      put(it, "min_driver", i.min_driver);
      imgs.push_back(std::move(it));
    }
    toml::table mt;
    put(mt, "file", m.file);
    put(mt, "source", m.source);
    put(mt, "from", m.from);
    put(mt, "source_sha256", m.source_sha256);
    put(mt, "sha256", m.sha256);
    put(mt, "kernels_built", m.kernels_built);
    put(mt, "kernels_in_source", m.kernels_in_source);
    mt.insert("images", std::move(imgs));
    put(mt, "recipe", m.recipe);
    put(mt, "cuda_source", m.cuda_source);
    mods.push_back(std::move(mt));
  }
  t.insert("modules", std::move(mods));
  if (auto& h = p.replay_helpers) {
    toml::table ht{{"images", strings(h->images)}};
    put(ht, "size", h->size);
    put(ht, "sha256", h->sha256);
    t.insert("replay_helpers", std::move(ht));
  }
  return t;
}

Bytes serialize_provenance(const Provenance& p) {
  std::ostringstream os;
  os << provenance_table(p) << "\n";
  auto s = os.str();
  return Bytes(s.begin(), s.end());
}

Provenance parse_provenance(const std::string& file, ByteView data, uint64_t origin) {
  std::string_view text(reinterpret_cast<const char*>(data.data()), data.size());
  toml::table parsed;
  try {
    parsed = toml::parse(text);
  } catch (const toml::parse_error& e) {
    fail(Exit::bad_input, fmt::format("{}: wrpkit section at byte {}: not valid TOML ({}); rebuild with wrp-build",
                                      file, hex_offset(origin), printable(e.description())));
  }
  const toml::table& t = parsed;
  Provenance p;
  p.wrpkit_version = str(t["wrpkit_version"]);
  p.targets = str_list(t["targets"]);
  p.ptx = str(t["ptx"]);
  p.compress = str(t["compress"]);
  p.kernels = str(t["kernels"]);
  p.target_arch = num(t["target_arch"]);
  p.min_driver = str(t["min_driver"]);
  p.min_driver_from = str(t["min_driver_from"]);
  p.capture_cuda = str(t["capture_cuda"]);
  p.integrity = str(t["integrity"]);
  p.input_wrp = str(t["input"]["wrp"]);
  p.input_wrp_sha256 = str(t["input"]["wrp_sha256"]);
  p.tools = str(t["toolchain"]["tools"]);
  p.options = str(t["toolchain"]["options"]);
  if (auto* arr = t["modules"].as_array())
    for (auto& e : *arr)
      if (auto* mt = e.as_table()) p.modules.push_back(read_module(*mt));
  if (auto* h = t["replay_helpers"].as_table()) {
    ProvenanceHelpers helpers;
    helpers.images = str_list((*h)["images"]);
    helpers.size = num((*h)["size"]);
    helpers.sha256 = str((*h)["sha256"]);
    p.replay_helpers = std::move(helpers);
  }
  return p;
}

}  // namespace wrp
