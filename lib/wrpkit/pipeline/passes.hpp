// wrp-build's stages after the plan (plan.hpp), each in its own file:
//   compile (compile.cpp): every CompileJob, in parallel, each output checked
//   pack    (pack.cpp):    one fatbin per module, verified after packing
//   helpers (helper_kernels.cpp): wrp-run's helper kernels, where the graph needs them
//   emit    (emit.cpp):    the new .wrp + modules folder, written atomically
#pragma once
#include <string>
#include <vector>

#include "wrpkit/base/error.hpp"
#include "wrpkit/base/progress.hpp"
#include "wrpkit/pipeline/build.hpp"
#include "wrpkit/pipeline/plan.hpp"
#include "wrpkit/trust/seal.hpp"

namespace wrp {

struct Artifact;

// Outputs parallel to plan.jobs. Throws wrp::Error(toolchain) when a compiler fails
// or makes an image for another arch or without an entry the metadata names.
std::vector<Bytes> compile_stage(const BuildPlan& plan, const Artifact& a, Toolset& tools, unsigned threads,
                                 Progress& progress);

struct PackedModule {
  Bytes fatbin;
  BuiltModule report;
};
std::vector<PackedModule> pack_stage(const BuildPlan& plan, const Artifact& a, const std::vector<Bytes>& compiled,
                                     Toolset& tools, const BuildOptions& opt, unsigned threads, Progress& progress);

// wrp-run's helper kernels for plan.helpers and its mesh kernels for plan.mesh, each
// packed into a fatbin and checked (helper_kernels.cpp); empty where the plan has none.
struct HelperFatbins {
  Bytes replay, mesh;
};
HelperFatbins helpers_stage(const BuildPlan& plan, Toolset& tools, const BuildOptions& opt, unsigned threads,
                            Progress& progress);

// Writes plan.out and its modules folder, with the helper fatbins (if any) as the
// wrpkit-helpers and wrpkit-mesh sections; returns what the report shows.
// The output is sealed (a manifest of every byte written) and, with `key`, signed.
BuildOutput emit_stage(const BuildPlan& plan, const Artifact& a, const std::vector<PackedModule>& packed,
                       const HelperFatbins& helpers, const BuildOptions& opt, const std::string& toolchain,
                       const SigningKey* key);

// Writes the artifact as it is (a CPU graph with --allow-cpu): the same .wrp bytes and module files.
void emit_unchanged(const Artifact& a, const std::filesystem::path& out);

// Checks a compiled image: PTX, or SASS of exactly `arch`, listing every entry in `entries`;
// throws wrp::Error(toolchain) naming `what`. Used for modules and wrp-run's helper kernels.
void check_compiled(const std::string& what, ByteView img, const Arch& arch, bool to_ptx,
                    const std::vector<std::string>& entries);

// Checks that an image lists every entry in `entries`; throws `code` naming `what`.
void check_entries(const std::string& what, const std::vector<std::string>& have,
                   const std::vector<std::string>& entries, Exit code);

}  // namespace wrp
