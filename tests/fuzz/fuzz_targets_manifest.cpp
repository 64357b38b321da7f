// targets.toml: profiles and arch lists.
#include <string>

#include "fuzz_target.hpp"
#include "wrpkit/pipeline/targets.hpp"

WRPKIT_FUZZ_TARGET(targets_manifest) {
  std::string text(reinterpret_cast<const char*>(input.data()), input.size());
  auto m = wrp::parse_manifest(text, "fuzz-targets.toml");
  (void)m.profile(m.default_profile);
}
