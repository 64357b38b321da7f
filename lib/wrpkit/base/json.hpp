// JSON output for one-line records (progress events, wrp-run's timing line).
// Reports are built as toml::table and printed by json_toml.hpp's to_json.
#pragma once
#include <string>
#include <string_view>

namespace wrp {

// A JSON string literal of `s` (quotes, backslashes and control characters
// escaped), for one-line records toml++'s multi-line formatter does not make.
std::string json_quote(std::string_view s);

}  // namespace wrp
