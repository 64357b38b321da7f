// Warp writes every kernel of a Python module into one PTX module, but a
// captured graph launches only the kernels its metadata names. Compiling just
// those is the biggest saving wrp-build has (a module's other kernels can be
// most of its compile time), so the PTX is cut down to them first.
#pragma once
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace wrp {

// The PTX text with every `.entry` definition whose name is not in `keep`
// removed (with its `// .globl` comment); everything else is left as it was,
// so device functions and globals stay and the compiler drops what is unused.
// Returns nullopt when the text is not shaped as expected (an entry with no
// body, unbalanced braces): the caller then compiles the whole module.
std::optional<std::string> keep_entries(std::string_view ptx, const std::set<std::string>& keep);

}  // namespace wrp
