#include "wrpkit/formats/helpers_section.hpp"

#include <fmt/format.h>

#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/fatbin.hpp"

namespace wrp {

std::vector<Image> parse_replay_helpers(const std::string& file, const Section& s) {
  if (!looks_like_fatbin(s.data))
    fail(Exit::bad_input, fmt::format("{}: the wrpkit-helpers section at byte {} is not a fatbin; rebuild the artifact "
                                      "with wrp-build",
                                      file, s.file_offset));
  return read_module_binary(fmt::format("{} (wrpkit-helpers section at byte {})", file, s.file_offset), s.data).images;
}

}  // namespace wrp
