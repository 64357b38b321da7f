#include "wrpkit/base/report_writer.hpp"

#include <fmt/format.h>

#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/error.hpp"

namespace wrp {

void save_report_file(const std::string& path, const std::string& json) {
  std::string text = json + "\n";
  try {
    write_file_atomic(path, ByteView(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
  } catch (const Error& e) {
    fail(Exit::output, fmt::format("--report {}: {}", path, e.what()));
  }
}

}  // namespace wrp
