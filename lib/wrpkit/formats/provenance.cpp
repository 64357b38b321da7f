#include "wrpkit/formats/provenance.hpp"

#include <fmt/format.h>

#include <sstream>

#include "wrpkit/base/error.hpp"

namespace wrp {

Bytes serialize_provenance(const toml::table& t) {
  std::ostringstream os;
  os << t << "\n";
  auto s = os.str();
  return Bytes(s.begin(), s.end());
}

std::optional<toml::table> parse_provenance(const std::string& file, ByteView data, uint64_t origin) {
  std::string_view text(reinterpret_cast<const char*>(data.data()), data.size());
  try {
    return toml::parse(text);
  } catch (const toml::parse_error& e) {
    fail(Exit::bad_input, fmt::format("{}: wrpkit section at byte {}: not valid TOML ({}); rebuild with wrp-build",
                                      file, hex_offset(origin), e.description()));
  }
}

}  // namespace wrp
