// Finding an installed warp-lang whose native headers a source build needs:
// the generated .cu of a format-18 module includes Warp's `native/` headers of
// the exact release that wrote it. Looked for in this order: an explicit folder
// (--warp DIR, the only place then), $WRPKIT_WARP, then the Python environments
// of python_site_packages() (wrp-build's own and the Python API's: found without
// activating a venv; $VIRTUAL_ENV, $CONDA_PREFIX), then python3's site-packages. The first install of the wanted
// release wins, else the first found (the plan then names the release needed).
// Warp is never vendored: it is a build-time dependency of source builds only.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/formats/recipe.hpp"

namespace wrp {

struct WarpInstall {
  std::filesystem::path package;  // .../site-packages/warp
  std::string version;            // from warp/config.py, "1.19.0"
  std::string headers_digest;     // SHA-256 over native/ headers (names and bytes), for the cache key
  std::filesystem::path native_dir() const { return package / "native"; }
};

// nullopt when no warp package is found; `searched` lists where it looked.
// `wanted`: the release to prefer ("1.19.0"), empty for any.
std::optional<WarpInstall> find_warp(const std::optional<std::filesystem::path>& explicit_dir,
                                     const std::string& wanted, std::string& searched);
// Reads version and digests the headers of a `warp` package folder (or a folder holding one).
std::optional<WarpInstall> read_warp_install(const std::filesystem::path& dir);

// NVRTC options Warp 1.19 passes for this recipe (docs/wrp-format.md, "The compile recipe"),
// given the folder holding Warp's native headers. The target option is separate.
std::vector<std::string> nvrtc_options(const CompileRecipe& r, const std::string& warp_native_dir);

}  // namespace wrp
