// The one table of format versions: what wrpkit reads, who writes and loads each.
#include "wrpkit/formats/format_version.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include "fixtures.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/container.hpp"

using namespace wrp;
using fixtures::error_of;

TEST_CASE("the version table: what wrpkit reads, and what it says about the rest") {
  for (uint32_t v : {13u, 14u, 15u, 16u, 18u}) CHECK(is_supported_format(v));
  for (uint32_t v : {10u, 12u, 17u, 19u}) CHECK_FALSE(is_supported_format(v));
  CHECK(std::string(format_version(16)->written_by) == "Warp 1.18");
  CHECK(std::string(format_version(18)->written_by) == "Warp 1.19");
  auto bytes = read_file(fixtures::ptx75());
  for (uint8_t v : {10, 17, 20}) {
    bytes[4] = v;
    Exit code{};
    auto msg = error_of([&] { parse_container("f.wrp", bytes); }, &code);
    CAPTURE(msg);
    CHECK(code == Exit::bad_input);
    CHECK(msg.find(fmt::format("unsupported format version {}", v)) != std::string::npos);
    CHECK(msg.find("16 (Warp 1.18), 18 (Warp 1.19)") != std::string::npos);
  }
  bytes[4] = 10;
  CHECK(error_of([&] { parse_container("f.wrp", bytes); }).find("Warp 1.14") != std::string::npos);
}
