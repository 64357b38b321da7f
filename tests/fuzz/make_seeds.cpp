// wrpkit-fuzz-seeds OUTDIR WRP...: seed corpora for every fuzz target, cut from
// real artifacts (captures and wrp-build outputs): whole files, each section,
// each module file and each image inside a fatbin, one file per input, named
// by content so reruns add nothing twice. Format 13 and 14 seeds are format-15
// captures relabelled (their layouts match; format_version.hpp).
#include <cstdio>
#include <filesystem>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/formats/fatbin.hpp"
#include "wrpkit/formats/memory.hpp"
#include "wrpkit/formats/ptx.hpp"
#include "wrpkit/pipeline/ptx_prune.hpp"

namespace fs = std::filesystem;

static fs::path out_root;
static size_t written = 0;

static void seed(const char* target, wrp::ByteView bytes) {
  auto dir = out_root / target;
  fs::create_directories(dir);
  auto path = dir / wrp::sha256_hex(bytes).substr(0, 16);
  if (fs::exists(path)) return;
  wrp::write_file_atomic(path, bytes);
  ++written;
}

static void put_u32(wrp::Bytes& b, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + i] = uint8_t(v >> (8 * i));
}

constexpr size_t kMaxWholeFile = 256 * 1024;  // larger files make slow, shallow seeds

// PTX seeds: the module, and the module cut to each one of its entries (small
// inputs run many times faster under instrumentation, and reach the same code).
static void ptx_seeds(const std::string& file, wrp::ByteView ptx) {
  seed("ptx", ptx);
  seed("ptx_prune", ptx);
  auto text = wrp::strip_trailing_nuls(ptx);
  std::string_view sv(reinterpret_cast<const char*>(text.data()), text.size());
  for (auto& entry : wrp::parse_ptx(file, ptx).entries)
    if (auto one = wrp::keep_entries(sv, {entry})) {
      wrp::ByteView b(reinterpret_cast<const uint8_t*>(one->data()), one->size());
      seed("ptx", b);
      seed("ptx_prune", b);
      seed("module_binary", b);
    }
}

// kernel_signature: "ENTRY\n" then the module's retained CUDA source, per kernel of it.
static void source_seeds(const wrp::Artifact& a) {
  for (size_t m = 0; m < a.modules.size() && m < a.meta.modules.size(); ++m) {
    auto& src = a.modules[m].source;
    if (src.empty() || src.size() > kMaxWholeFile) continue;
    for (auto& k : a.meta.kernels) {
      if (k.module_hash != a.meta.modules[m].hash) continue;
      wrp::Bytes in(k.forward_name.begin(), k.forward_name.end());
      in.push_back('\n');
      in.insert(in.end(), src.begin(), src.end());
      seed("kernel_signature", in);
      break;  // one kernel per module: the seeds stay small
    }
  }
}

static void module_seeds(const wrp::ModuleFile& mf) {
  wrp::ByteView bytes = mf.bytes;
  seed("module_binary", bytes);
  switch (mf.binary.kind) {
    case wrp::ModuleKind::ptx: ptx_seeds(mf.path.string(), bytes); break;
    case wrp::ModuleKind::cubin:
    case wrp::ModuleKind::object: seed("elf", bytes); break;
    case wrp::ModuleKind::fatbin:
      seed("fatbin", bytes);
      for (auto& e : wrp::parse_fatbin(mf.path.string(), bytes)) {
        if (e.compressed) continue;
        auto image = bytes.subspan(e.offset, e.payload_size);
        if (e.kind == wrp::ImageKind::sass) seed("elf", image);
        if (e.kind == wrp::ImageKind::ptx) ptx_seeds(mf.path.string(), image);
      }
      break;
  }
}

// meshes: a record as fuzz_meshes reads it (points in region 1, indices in region 2), then
// the points' and indices' initial data.
static void mesh_seeds(const wrp::Artifact& a) {
  auto& mem = a.container.require(wrp::kSectionMemory, "");
  auto data_of = [&](uint32_t id, uint64_t bytes) -> wrp::ByteView {
    auto* r = wrp::find_region(a.regions, id);
    if (!r || !r->has_initial_data || r->size < bytes) return {};
    return wrp::initial_data(*r, mem.data, mem.file_offset, bytes);
  };
  for (auto& m : a.meta.meshes) {
    auto points = data_of(m.points_region, uint64_t(m.num_points) * 12);
    auto indices = data_of(m.indices_region, uint64_t(m.num_tris) * 12);
    if (points.empty() || indices.empty() || points.size() + indices.size() > kMaxWholeFile) continue;
    wrp::Bytes in(32, 0);
    put_u32(in, 0, uint32_t(m.num_points));
    put_u32(in, 4, uint32_t(m.num_tris));
    in[8] = m.winding, in[9] = m.bvh_constructor, in[10] = uint8_t(m.bvh_leaf_size),
    in[11] = uint8_t(m.bvh_leaf_size >> 8);
    in[12] = 1, in[13] = 2;
    in.insert(in.end(), points.begin(), points.end());
    in.insert(in.end(), indices.begin(), indices.end());
    seed("meshes", in);
  }
}

static void artifact_seeds(const fs::path& path) {
  auto bytes = wrp::read_file(path);
  auto a = wrp::open_artifact(path);
  if (bytes.size() <= kMaxWholeFile) {
    seed("container", bytes);
    if (a.container.version == 15)
      for (uint32_t v : {13u, 14u}) {
        auto old = bytes;
        put_u32(old, 4, v);
        put_u32(old, a.container.require(wrp::kSectionMetadata, "").file_offset, v);
        seed("container", old);
      }
  }
  for (auto& s : a.container.sections) {
    if (s.type == wrp::kSectionMetadata) seed("metadata", s.data);
    if (s.type == wrp::kSectionMemory && s.data.size() <= kMaxWholeFile) seed("memory", s.data);
    if (s.type == wrp::kSectionOperations) {
      seed("ops", s.data);
      seed("replay_graph", s.data);
    }
    if (s.type == wrp::kSectionWrpkit) seed("provenance", s.data);
    if (s.type == wrp::kSectionWrpkitManifest) seed("manifest", s.data);
    if (s.type == wrp::kSectionWrpkitSignature) seed("signature", s.data);
  }
  for (auto& mf : a.modules) module_seeds(mf);
  mesh_seeds(a);
  source_seeds(a);
  if (!a.modules.empty() && bytes.size() + a.modules[0].bytes.size() <= 2 * kMaxWholeFile) {
    wrp::Bytes in(4);
    put_u32(in, 0, uint32_t(bytes.size()));
    in.insert(in.end(), bytes.begin(), bytes.end());
    in.insert(in.end(), a.modules[0].bytes.begin(), a.modules[0].bytes.end());
    seed("inspect", in);
  }
}

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: wrpkit-fuzz-seeds OUTDIR ARTIFACT.wrp...\n");
    return 1;
  }
  out_root = argv[1];
  for (int i = 2; i < argc; ++i) {
    try {
      artifact_seeds(argv[i]);
    } catch (const wrp::Error& e) {
      std::fprintf(stderr, "wrpkit-fuzz-seeds: skipped: %s\n", e.what());
    }
  }
  std::printf("wrpkit-fuzz-seeds: %zu new seed files in %s\n", written, out_root.c_str());
  return 0;
}
