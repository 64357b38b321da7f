// JSON output. toml++ (already a dependency for targets.toml) serialises its
// tables as JSON, so reports are built as toml::table and printed with this.
#pragma once
#include <string>
#include <string_view>
#include <toml++/toml.h>

namespace wrp {

std::string to_json(const toml::table& t);

// A JSON string literal of `s` (quotes, backslashes and control characters
// escaped), for one-line records toml++'s multi-line formatter does not make.
std::string json_quote(std::string_view s);

}  // namespace wrp
