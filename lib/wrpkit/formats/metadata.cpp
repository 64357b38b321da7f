#include "wrpkit/formats/metadata.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/format_version.hpp"

namespace wrp {

const char* binary_kind_name(uint8_t kind) {
  switch (kind) {
    case kBinaryNone: return "none";
    case kBinaryPtx: return "ptx";
    case kBinaryCubin: return "cubin";
    default: return "unknown";
  }
}

void ModuleRecord::make_binary_only() {
  binary_digest.clear(), source_filename.clear(), source_digest.clear();
  binary_kind = kBinaryNone, fallback_reason = kSourceUnavailable;
  recipe.fill(0);
}

static bool is_sha256_hex(const std::string& s) {
  if (s.size() != 64) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

const ModuleRecord* Metadata::module_by_hash(const std::string& hash) const {
  for (auto& m : modules)
    if (m.hash == hash) return &m;
  return nullptr;
}

const KernelRecord* Metadata::kernel(const std::string& module_hash, const std::string& key) const {
  for (auto& k : kernels)
    if (k.module_hash == module_hash && k.key == key) return &k;
  return nullptr;
}

std::vector<std::string> Metadata::entries_of(const std::string& module_hash) const {
  std::vector<std::string> out;
  for (auto& k : kernels)
    if (k.module_hash == module_hash)
      for (auto* n : {&k.forward_name, &k.backward_name})
        if (!n->empty() && std::find(out.begin(), out.end(), *n) == out.end()) out.push_back(*n);
  return out;
}

bool is_safe_module_filename(const std::string& name) {
  if (name.empty() || name == "." || name == "..") return false;
  if (name.find_first_of("/\\") != std::string::npos) return false;
  if (name.find("..") != std::string::npos) return false;
  if (name.size() >= 2 && name[1] == ':') return false;  // Windows drive path
  // Control characters (NUL, a newline...): no name Warp writes has one, and a name is
  // printed in messages that must stay one line.
  return std::none_of(name.begin(), name.end(), [](char ch) { return uint8_t(ch) < 0x20 || ch == 0x7f; });
}

// Each record costs at least this many bytes, so a count larger than
// remaining/min_size is corrupt; checking first avoids huge allocations.
static void check_count(Reader& r, uint32_t count, size_t min_size, const char* what) {
  if (uint64_t(count) * min_size > r.left())
    r.error(fmt::format("metadata.n_{}", what),
            fmt::format("{} {} cannot fit in the {} bytes left in the section", count, what, r.left()));
}

namespace {

// Format 18's fields of a module record: digests, retained source, kind, recipe.
void read_module_artifacts(Reader& r, ModuleRecord& mod, uint64_t name_at,
                           const std::function<std::string(const char*)>& f) {
  for (auto [field, value] : {std::pair{"binary_digest", &mod.binary_digest},
                              {"source_filename", &mod.source_filename},
                              {"source_digest", &mod.source_digest}}) {
    uint64_t at = r.file_offset();
    *value = r.str(f(field));
    bool ok = std::string_view(field) == "source_filename"
                  ? value->empty() || (is_safe_module_filename(*value) && value->ends_with(".cu"))
                  : value->empty() || is_sha256_hex(*value);
    if (!ok)
      r.error_at(at, f(field),
                 std::string_view(field) == "source_filename"
                     ? fmt::format("'{}' is not a bare file name ending in .cu", printable(*value))
                     : fmt::format("'{}' is not 64 lowercase hex digits (a SHA-256)", printable(*value)));
  }
  uint64_t at = r.file_offset();
  mod.binary_kind = r.u8(f("binary_kind"));
  if (mod.binary_kind > kBinaryCubin)
    r.error_at(at, f("binary_kind"), fmt::format("unknown binary kind {} (0 none, 1 PTX, 2 CUBIN)", mod.binary_kind));
  mod.fallback_reason = r.u8(f("fallback_reason"));
  auto raw = r.take(16, f("compile_recipe"));
  std::copy(raw.begin(), raw.end(), mod.recipe.begin());
  if (mod.retains_source() != !mod.source_digest.empty())
    r.error_at(name_at, f("source_digest"), "a source file name and its digest must come together");
}

ModuleRecord read_module(Reader& r, uint32_t i, uint32_t version) {
  auto f = [&](const char* x) { return fmt::format("metadata.modules[{}].{}", i, x); };
  ModuleRecord mod;
  mod.hash = r.str(f("module_hash"));
  mod.name = r.str(f("module_name"));
  uint64_t name_at = r.file_offset();
  mod.binary_filename = r.str(f("binary_filename"));
  if (!is_safe_module_filename(mod.binary_filename))
    r.error_at(name_at, f("binary_filename"),
               fmt::format("unsafe module file name '{}': it must be a bare file name inside the "
                           "modules folder (no '/', '\\', '..' or control characters); refusing to read outside it",
                           printable(mod.binary_filename)));
  mod.target_arch = r.u32(f("target_arch"));
  if (has_module_artifacts(version)) read_module_artifacts(r, mod, name_at, f);
  return mod;
}

KernelRecord read_kernel(Reader& r, uint32_t i) {
  auto f = [&](const char* x) { return fmt::format("metadata.kernels[{}].{}", i, x); };
  KernelRecord k;
  k.key = r.str(f("kernel_key"));
  k.module_hash = r.str(f("module_hash"));
  k.forward_name = r.str(f("forward_name"));
  k.backward_name = r.str(f("backward_name"));
  k.forward_smem_bytes = r.u32(f("forward_smem_bytes"));
  k.backward_smem_bytes = r.u32(f("backward_smem_bytes"));
  k.block_dim = r.u32(f("block_dim"));
  return k;
}

BindingRecord read_binding(Reader& r, uint32_t i) {
  BindingRecord b;
  b.name = r.str(fmt::format("metadata.bindings[{}].name", i));
  b.region_id = r.u32(fmt::format("metadata.bindings[{}].region_id", i));
  return b;
}

MeshRecord read_mesh(Reader& r, uint32_t i) {
  auto f = fmt::format("metadata.meshes[{}]", i);
  MeshRecord x;
  x.num_points = r.i32(f);
  x.num_tris = r.i32(f);
  x.winding = r.u8(f);
  x.bvh_constructor = r.u8(f);
  x.bvh_leaf_size = r.u16(f);
  x.points_region = r.u32(f);
  x.indices_region = r.u32(f);
  x.velocities_region = r.u32(f);
  x.original_id = r.u64(f);
  return x;
}

PtrLocation read_ptr_location(Reader& r, uint32_t i, uint32_t version) {
  auto f = fmt::format("metadata.ptr_locations[{}]", i);
  PtrLocation p;
  p.region_id = r.u32(f);
  p.offset = r.u64(f);
  p.stride = r.u64(f);
  if (ptr_location_has_count(version)) p.count = r.u64(f);
  return p;
}

// `count` records of at least `min_size` bytes each, read by `read(i)`.
template <class T, class Read>
void read_records(Reader& r, std::vector<T>& out, uint32_t count, size_t min_size, const char* what, Read&& read) {
  check_count(r, count, min_size, what);
  for (uint32_t i = 0; i < count; ++i) out.push_back(read(i));
}

}  // namespace

Metadata parse_metadata(const std::string& file, ByteView data, uint64_t origin) {
  Reader r(file, data, origin);
  Metadata m;
  m.version = r.u32("metadata.version");
  if (!is_supported_format(m.version))
    r.refuse_at(origin, "metadata.version",
                fmt::format("unsupported format version {}; {}", m.version, unsupported_format_advice(m.version)));
  const uint32_t v = m.version;
  if (has_producer_version(v)) m.producer_version = r.str("metadata.producer_version");
  m.target_arch = r.u32("metadata.target_arch");
  uint32_t n_modules = r.u32("metadata.n_modules");
  uint32_t n_kernels = r.u32("metadata.n_kernels");
  uint32_t n_bindings = r.u32("metadata.n_bindings");
  uint32_t n_meshes = r.u32("metadata.n_meshes");
  uint32_t n_ptrs = r.u32("metadata.n_ptr_locations");
  read_records(r, m.modules, n_modules, has_module_artifacts(v) ? 46 : 16, "modules",
               [&](uint32_t i) { return read_module(r, i, v); });
  read_records(r, m.kernels, n_kernels, 28, "kernels", [&](uint32_t i) { return read_kernel(r, i); });
  read_records(r, m.bindings, n_bindings, 8, "bindings", [&](uint32_t i) { return read_binding(r, i); });
  read_records(r, m.meshes, n_meshes, 32, "meshes", [&](uint32_t i) { return read_mesh(r, i); });
  read_records(r, m.ptr_locations, n_ptrs, ptr_location_has_count(v) ? 28 : 20, "ptr_locations",
               [&](uint32_t i) { return read_ptr_location(r, i, v); });
  if (!r.at_end())
    r.error("metadata", fmt::format("{} unexpected bytes after the last record (corrupt counts?)", r.left()));
  for (auto& k : m.kernels)
    if (!m.module_by_hash(k.module_hash))
      r.error_at(origin, "metadata.kernels",
                 fmt::format("kernel '{}' names module hash '{}' that no module record has", printable(k.key),
                             printable(k.module_hash)));
  return m;
}

Bytes serialize_metadata(const Metadata& m) {
  Writer w;
  const uint32_t v = m.version;
  w.u32(v);
  if (has_producer_version(v)) w.str(m.producer_version);
  w.u32(m.target_arch);
  w.u32(uint32_t(m.modules.size()));
  w.u32(uint32_t(m.kernels.size()));
  w.u32(uint32_t(m.bindings.size()));
  w.u32(uint32_t(m.meshes.size()));
  w.u32(uint32_t(m.ptr_locations.size()));
  for (auto& x : m.modules) {
    w.str(x.hash);
    w.str(x.name);
    w.str(x.binary_filename);
    w.u32(x.target_arch);
    if (!has_module_artifacts(v)) continue;
    w.str(x.binary_digest);
    w.str(x.source_filename);
    w.str(x.source_digest);
    w.u8(x.binary_kind);
    w.u8(x.fallback_reason);
    w.raw(ByteView(x.recipe));
  }
  for (auto& k : m.kernels) {
    w.str(k.key);
    w.str(k.module_hash);
    w.str(k.forward_name);
    w.str(k.backward_name);
    w.u32(k.forward_smem_bytes);
    w.u32(k.backward_smem_bytes);
    w.u32(k.block_dim);
  }
  for (auto& b : m.bindings) {
    w.str(b.name);
    w.u32(b.region_id);
  }
  for (auto& x : m.meshes) {
    w.u32(uint32_t(x.num_points));
    w.u32(uint32_t(x.num_tris));
    w.u8(x.winding);
    w.u8(x.bvh_constructor);
    w.u16(x.bvh_leaf_size);
    w.u32(x.points_region);
    w.u32(x.indices_region);
    w.u32(x.velocities_region);
    w.u64(x.original_id);
  }
  for (auto& p : m.ptr_locations) {
    w.u32(p.region_id);
    w.u64(p.offset);
    w.u64(p.stride);
    if (ptr_location_has_count(v)) w.u64(p.count);
  }
  return w.take();
}

}  // namespace wrp
