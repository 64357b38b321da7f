// Makes the example artifact the README uses: compiles examples/saxpy.cu to
// compute_75 PTX with NVRTC, then writes example.wrp + example_modules/ with
// wrpkit's own writer (one module, one kernel, two bindings, one launch),
// laid out exactly as Warp 1.17/1.18 (format 15) writes a capture.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "../tools/command_lines.hpp"
#include "../tools/tool_main.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/toolchain/find.hpp"
#include "wrpkit/toolchain/nvrtc.hpp"

namespace fs = std::filesystem;
using namespace wrp;

static Bytes memory_section(uint32_t n) {
  Writer w;
  w.u32(2);
  for (uint32_t id : {1u, 2u}) {
    w.u32(id);
    w.u32(4);
    w.u64(uint64_t(n) * 4);
    w.u8(1);
    for (int i = 0; i < 7; ++i) w.u8(0);
    for (uint32_t i = 0; i < n; ++i) {
      float v = id == 1 ? float(i) : 1.0f;
      uint32_t bits;
      std::memcpy(&bits, &v, 4);
      w.u32(bits);
    }
  }
  return w.take();
}

// One kernel launch: saxpy(n, a, x, y) with x and y relocated to regions 1, 2.
static Bytes ops_section(const std::string& key, const std::string& hash, uint32_t n) {
  Writer v;  // value data: n (4), a (4), x ptr (8), y ptr (8)
  v.u32(n);
  float a = 2.0f;
  uint32_t bits;
  std::memcpy(&bits, &a, 4);
  v.u32(bits);
  v.u64(0);
  v.u64(0);
  Writer w;
  w.u32(1);
  size_t start = w.size();
  w.u32(1);  // op type: kernel launch
  w.u32(0);  // total size, patched below
  w.u32(n);
  w.u32(1);
  w.u32(1);
  w.u32(1);  // shape
  w.u32(1);  // ndim
  w.u64(n);  // size
  w.u64(n);  // dim
  w.u32(0);
  w.u32(256);
  w.u32(0);
  w.u32(1);  // max_blocks, block_dim, smem, grid_stride
  w.u8(1);
  w.u8(0);
  w.u16(0);  // is_forward, cluster_dim, pad
  w.u16(uint16_t(key.size()));
  w.u16(uint16_t(hash.size()));
  w.u16(4);
  w.u16(0);
  w.u32(2);  // relocations
  w.u32(uint32_t(v.size()));
  w.raw(key);
  w.raw(hash);
  uint32_t offs[] = {0, 4, 8, 16}, sizes[] = {4, 4, 8, 8};
  for (uint16_t p = 0; p < 4; ++p) {
    w.u16(uint16_t(p + 1));
    w.u16(p >= 2 ? 1 : 0);
    w.u32(offs[p]);
    w.u32(sizes[p]);
    w.u32(sizes[p]);
  }
  // A relocation's value_byte_offset is inside its own param's value (x and y: byte 0).
  for (int32_t region : {1, 2}) {
    w.u32(0);
    w.u32(uint32_t(region));
    w.u64(0);
    w.u8(1);
    for (int i = 0; i < 7; ++i) w.u8(0);
  }
  w.raw(v.bytes());
  Bytes out = w.take();
  uint32_t total = uint32_t(out.size() - start);
  for (int i = 0; i < 4; ++i) out[start + 4 + i] = uint8_t(total >> (8 * i));
  return out;
}

int main(int argc, char** argv) {
  ExampleCommand cmd{fs::path(__FILE__).parent_path() / "saxpy.cu", "example/saxpy.wrp", ""};
  if (auto done = parse_example_options(argc, argv, cmd)) return *done;
  auto& [source, out, cuda] = cmd;
  return tool_main("make_example", [&] {
    std::ifstream in(source);
    if (!in) fail(Exit::usage, source + ": cannot open");
    std::stringstream ss;
    ss << in.rdbuf();
    auto tc = find_toolchain(cuda.empty() ? std::nullopt : std::optional<fs::path>(cuda));
    if (!tc.nvrtc)
      fail(Exit::toolchain, fmt::format("NVRTC not found in {}; {}", tc.searched(), toolchain_install_hint()));
    Nvrtc nvrtc(tc.nvrtc->string());
    auto ptx = nvrtc.compile_to_ptx(ss.str(), "saxpy.cu", *parse_arch("sm_75"));

    const std::string hash = "e7a3b5c0d1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8";
    const std::string file = "wp_example_e7a3b5c.sm75.ptx", key = "saxpy_example";
    Metadata m;
    m.version = 15;
    m.target_arch = 75;
    m.modules.push_back({hash, "example", file, 75});
    m.kernels.push_back({key, hash, "saxpy_example_cuda_kernel_forward", "", 0, 0, 256});
    m.bindings.push_back({"x", 1});
    m.bindings.push_back({"y", 2});
    const uint32_t n = 1024;
    Container c;
    c.version = 15;
    c.device = kDeviceCuda;
    c.target_arch = 75;
    c.sections.push_back({kSectionMetadata, 0, 0, serialize_metadata(m)});
    c.sections.push_back({kSectionMemory, 0, 0, memory_section(n)});
    c.sections.push_back({kSectionOperations, 0, 0, ops_section(key, hash, n)});
    auto dir = modules_dir_for(out);
    if (fs::path(out).has_parent_path()) fs::create_directories(fs::path(out).parent_path());
    fs::create_directories(dir);
    write_file_atomic(dir / file, ByteView(reinterpret_cast<const uint8_t*>(ptx.data()), ptx.size()));
    write_file_atomic(out, serialize_container(c));
    open_artifact(out);  // the example must read back cleanly
    fmt::print("wrote {} and {} (PTX from NVRTC {})\n", out, (dir / file).string(), nvrtc.version());
    return 0;
  });
}
