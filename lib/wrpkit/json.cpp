#include "wrpkit/json.hpp"

#include <sstream>

namespace wrp {

std::string to_json(const toml::table& t) {
  std::ostringstream os;
  os << toml::json_formatter{t};
  return os.str();
}

}  // namespace wrp
