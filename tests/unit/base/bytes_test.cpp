// The checked byte reader every format reader stands on: little-endian fields, Warp's
// strings, and an error naming the file, the field and the offset at the first byte
// that is not there.
#include "wrpkit/base/bytes.hpp"

#include <doctest/doctest.h>

#include "fixtures.hpp"

using namespace wrp;
using fixtures::error_of;

TEST_CASE("Reader: little-endian fields and length-prefixed strings, offsets from the section's origin") {
  Bytes b{0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x02, 0x00, 0x00, 0x00, 'h', 'i'};
  Reader r("f.wrp", b, 100);
  CHECK(r.u16("a") == 0x0201);
  CHECK(r.u16("b") == 0x0403);
  CHECK(r.file_offset() == 104);
  CHECK(r.u32("c") == 0x08070605u);
  CHECK(r.str("s") == "hi");
  CHECK(r.at_end());
}

TEST_CASE("Reader: a field past the end is bad input naming the file, the field and the offset") {
  Bytes b{0x05, 0x00, 0x00, 0x00, 'a'};
  Exit code = Exit::ok;
  auto msg = error_of(
      [&] {
        Reader r("f.wrp", b, 64);
        r.str("metadata.name");
      },
      &code);
  CHECK(code == Exit::bad_input);
  CHECK(msg.find("f.wrp") == 0);
  CHECK(msg.find("metadata.name") != std::string::npos);
  CHECK(msg.find("at byte 64 (0x40)") != std::string::npos);  // where the string starts in the file
  CHECK(msg.find("string length 5 runs past the end") != std::string::npos);
  msg = error_of([&] {
    Reader r("g.wrp", b);
    r.skip(2, "pad");
    r.u64("big");
  });
  CHECK(msg.find("g.wrp: big at byte 2 (0x2): needs 8 bytes but only 3 remain") == 0);
}
