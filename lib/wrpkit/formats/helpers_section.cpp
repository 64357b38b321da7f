#include "wrpkit/formats/helpers_section.hpp"

#include <fmt/format.h>

#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/fatbin.hpp"

namespace wrp {

std::vector<Image> parse_replay_helpers(const std::string& file, const Section& s) {
  auto label = section_name(s.type);
  if (!looks_like_fatbin(s.data))
    fail(Exit::bad_input, fmt::format("{}: the {} section at byte {} is not a fatbin; rebuild the artifact "
                                      "with wrp-build",
                                      file, label, s.file_offset));
  return read_module_binary(fmt::format("{} ({} section at byte {})", file, label, s.file_offset), s.data).images;
}

}  // namespace wrp
