// Kernel parameter types from Warp's generated CUDA source (the text a capture carries):
// the first line of the input names the kernel entry, the rest is the source. Whatever
// it accepts is a parameter list whose array elements have a NumPy name.
#include <string_view>

#include "fuzz_target.hpp"
#include "wrpkit/formats/kernel_signature.hpp"

WRPKIT_FUZZ_TARGET(kernel_signature) {
  std::string_view text(reinterpret_cast<const char*>(input.data()), input.size());
  auto eol = text.find('\n');
  if (eol == std::string_view::npos) return;
  auto params = wrp::kernel_params(text.substr(eol + 1), text.substr(0, eol));
  if (!params) return;
  for (auto& p : *params)
    if (auto t = wrp::array_element(p)) {
      FUZZ_CHECK(!t->scalar.empty() && t->shape.size() <= 2);
      for (auto n : t->shape) FUZZ_CHECK(n >= 1 && n <= 64);
    }
}
