// wrpkit's own section (type kSectionWrpkit): a TOML document recording how an
// artifact was built (inputs, targets, images, toolchain). Stock Warp skips it.
#pragma once
#include <optional>
#include <string>

#include <toml++/toml.h>

#include "wrpkit/base/bytes.hpp"

namespace wrp {

Bytes serialize_provenance(const toml::table& t);
// Malformed provenance is reported as bad input naming the file and offset.
std::optional<toml::table> parse_provenance(const std::string& file, ByteView data, uint64_t origin);

}  // namespace wrp
