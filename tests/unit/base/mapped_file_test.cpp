#include "wrpkit/base/mapped_file.hpp"

#include <doctest/doctest.h>

#include <fstream>

#include "fixtures.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/process.hpp"

using namespace wrp;
using namespace fixtures;

TEST_CASE("mapped file: a file's bytes, an empty file, and a missing one refused by name") {
  TempDir dir;
  auto path = fs::path(dir.path()) / "data.bin";
  std::ofstream(path, std::ios::binary) << std::string("\x01\x02\x03wrp", 6);
  {
    MappedFile f(path);
    CHECK(text(Bytes(f.bytes().begin(), f.bytes().end())) == std::string("\x01\x02\x03wrp", 6));
  }
  auto empty = fs::path(dir.path()) / "empty.bin";
  std::ofstream(empty).close();
  CHECK(MappedFile(empty).bytes().empty());
  Exit code = Exit::ok;
  auto why = error_of([&] { MappedFile(fs::path(dir.path()) / "absent.wrp"); }, &code);
  CHECK(code == Exit::bad_input);
  CHECK(why.find("absent.wrp") != std::string::npos);
}
