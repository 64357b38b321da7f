// JSON from a toml::table: toml++ (already a dependency for targets.toml)
// serialises its tables as JSON, keys sorted. For the library's report printers
// only; not installed, so toml++ stays out of the headers users include.
#pragma once
#include <toml++/toml.h>

#include <string>

#include "wrpkit/base/json.hpp"

namespace wrp {

std::string to_json(const toml::table& t);

}  // namespace wrp
