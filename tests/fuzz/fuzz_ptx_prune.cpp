// The PTX pruner: keeps every other entry of whatever the reader found. It may
// decline (nullopt) but must never grow the text or lose a kept entry's name.
#include <set>
#include <string_view>

#include "fuzz_target.hpp"
#include "wrpkit/formats/ptx.hpp"
#include "wrpkit/pipeline/ptx_prune.hpp"

WRPKIT_FUZZ_TARGET(ptx_prune) {
  std::string_view text(reinterpret_cast<const char*>(input.data()), input.size());
  std::set<std::string> keep;
  try {
    auto info = wrp::parse_ptx("fuzz.ptx", input);
    for (size_t i = 0; i < info.entries.size(); i += 2) keep.insert(info.entries[i]);
  } catch (const wrp::Error&) {
    keep = {"kernel"};
  }
  auto pruned = wrp::keep_entries(text, keep);
  if (!pruned) return;
  FUZZ_CHECK(pruned->size() <= text.size());
}
