// JSON output. toml++ (already a dependency for targets.toml) serialises its
// tables as JSON, so reports are built as toml::table and printed with this.
#pragma once
#include <string>
#include <toml++/toml.h>

namespace wrp {

std::string to_json(const toml::table& t);

}  // namespace wrp
