// Paths to real Warp captures. The repository's own (tests/data, see its READMEs)
// are always there; ../shared/fixtures* beside the checkout are extra coverage,
// used when present (shared() says so) and never needed for a green suite.
#pragma once
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/error.hpp"

// Ends the running test case as skipped: ctest reports it "Skipped" (the discovered
// tests' SKIP_REGULAR_EXPRESSION in tests/CMakeLists.txt), never "Passed".
#define WRPKIT_SKIP(why)                   \
  do {                                     \
    std::printf("WRPKIT-SKIP: %s\n", why); \
    std::fflush(stdout);                   \
    return;                                \
  } while (0)

namespace fixtures {

// An SM arch by name ("sm_90"), for tests that spell them.
inline wrp::Arch sm(const char* s) { return *wrp::parse_arch(s); }
// A section's or file's bytes as text, and text as bytes.
inline std::string text(wrp::ByteView b) { return std::string(b.begin(), b.end()); }
inline wrp::ByteView bytes_of(const std::string& s) {
  return wrp::ByteView(reinterpret_cast<const uint8_t*>(s.data()), s.size());
}
// The message of the wrp::Error `f` throws ("" when it throws none), and its code.
inline std::string error_of(const std::function<void()>& f, wrp::Exit* code = nullptr) {
  try {
    f();
  } catch (const wrp::Error& e) {
    if (code) *code = e.code();
    return e.what();
  }
  return "";
}

namespace fs = std::filesystem;

inline fs::path data() { return fs::path(WRPKIT_SOURCE_DIR) / "tests" / "data"; }
// A capture in tests/data by its folder, e.g. "warp-1.17.0-h200/particles".
inline fs::path local(const std::string& folder) {
  auto d = data() / folder;
  return d / (d.filename().string() + ".wrp");
}
// Named captures the unit tests rely on, one per form a user meets.
inline fs::path ptx75() { return local("warp-1.17.0-h200/particles"); }             // format 15, PTX compute_75
inline fs::path two_modules() { return local("warp-1.17.0-h200/unique_adjoint"); }  // two modules, an adjoint launch
inline fs::path while_loop() { return local("warp-1.17.0-h200/while_loop"); }
inline fs::path cubin16() { return local("warp-1.18.0-h200/default/tiles"); }            // format 16, CUBIN sm_90 only
inline fs::path ptx16() { return local("warp-1.18.0-h200/ptx75/unique_adjoint"); }       // format 16, PTX ISA 9.4
inline fs::path cubin18_source() { return local("warp-1.19.0-h200/default-sf/tiles"); }  // format 18, CUBIN + .cu
inline fs::path ptx18_source() { return local("warp-1.19.0-h200/ptx75-sf/unique_adjoint"); }
inline fs::path cubin18_binary_only() { return local("warp-1.19.0-h200/binary-only/saxpy__default"); }
// Warp 1.19 on the H100 (issue 33): launches with clusters of 2 and 16, BSR from triplets and
// transpose, meshes (a handle, 352 and 100,352 triangles), a mesh id saved as a plain number.
inline fs::path clusters18() { return local("warp-1.19.0-h100/default-sf/clusters"); }
inline fs::path bsr18() { return local("warp-1.19.0-h100/default-sf/bsr"); }
// BSR variants: a device-side triplet count and a rectangular matrix; padded matrices
// (transposes with source row counts, one into rows too small: its status set).
inline fs::path bsr_counted18() { return local("warp-1.19.0-h100/default-sf/bsr_counted"); }
inline fs::path bsr_padded18() { return local("warp-1.19.0-h100/default-sf/bsr_padded"); }
// Compact and padded transposes of a matrix built before the capture (op 15 alone), as PTX and CUBIN.
inline fs::path bsr_transpose18(const std::string& form) {
  return local("warp-1.19.0-h100/" + form + "/bsr_transpose");
}
// The same three scenes captured by stock Warp 1.18.0 (format 16) on an H200, as PTX and CUBIN.
inline fs::path bsr16(const std::string& scene, const std::string& form = "ptx75") {
  return local("warp-1.18.0-h200/" + form + "/" + scene);
}
inline fs::path mesh18() { return local("warp-1.19.0-h100/default-sf/mesh_small"); }
inline fs::path mesh15() { return local("warp-1.17.0.dev4-h200/mesh_query_ptx75"); }  // Warp 1.17.0.dev4
inline fs::path mesh100k18() { return local("warp-1.19.0-h100/default-sf/mesh_100k"); }
inline fs::path mesh_raw_id18() { return local("warp-1.19.0-h100/default-sf/mesh_raw_id"); }
// The particles scene captured on the CPU by stock Warp 1.15.0 (format 14) and 1.16.0 (15).
inline fs::path cpu14_particles() { return local("cpu/particles_cpu_w115"); }
inline fs::path cpu15_particles() { return local("cpu/particles_cpu_w116"); }
inline fs::path cpu16() { return local("cpu/saxpy_cpu_w118"); }
inline fs::path cpu18() { return local("cpu/saxpy_cpu_w119"); }

// Every .wrp under a folder, sorted.
inline std::vector<fs::path> wrps_under(const fs::path& root) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec))
    if (it->path().extension() == ".wrp" && it->path().parent_path().filename() == it->path().stem())
      out.push_back(it->path());
  std::sort(out.begin(), out.end());
  return out;
}

// ../shared beside the checkout, when there.
inline fs::path shared() { return WRPKIT_FIXTURES; }
inline bool have_shared() { return fs::is_directory(shared()); }

// Every real capture: tests/data, plus shared/fixtures, fixtures-w119 and fixtures-cpu when present.
inline std::vector<fs::path> all() {
  auto out = wrps_under(data());
  if (have_shared())
    for (auto* d : {"fixtures", "fixtures-w119", "fixtures-cpu"}) {
      auto more = wrps_under(shared().parent_path() / d);
      out.insert(out.end(), more.begin(), more.end());
    }
  return out;
}

}  // namespace fixtures
