#include <fmt/format.h>

#include <sstream>

#include "wrpkit/base/json_toml.hpp"

namespace wrp {

std::string to_json(const toml::table& t) {
  std::ostringstream os;
  os << toml::json_formatter{t};
  return os.str();
}

std::string json_quote(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c == '"' || c == '\\')
      out += {'\\', char(c)};
    else if (c == '\n')
      out += "\\n";
    else if (c < 0x20)
      out += fmt::format("\\u{:04x}", c);
    else
      out += char(c);
  }
  return out + "\"";
}

}  // namespace wrp
