// What a binding holds, from the kernels that read it: the first forward launch whose
// parameter points at the start of the binding's region names its array type in the
// module's retained CUDA source (format 18, formats/kernel_signature.hpp). Captures
// without that source (PTX or CUBIN alone) do not say: nullopt.
#pragma once
#include <optional>
#include <string>

#include "wrpkit/formats/kernel_signature.hpp"

namespace wrp {

struct Artifact;

std::optional<ElementType> binding_element_type(const Artifact& a, const std::string& binding);

}  // namespace wrp
