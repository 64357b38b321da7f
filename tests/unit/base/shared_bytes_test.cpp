#include "wrpkit/base/shared_bytes.hpp"

#include <doctest/doctest.h>

#include <fstream>

#include "fixtures.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/process.hpp"

using namespace wrp;
using namespace fixtures;

TEST_CASE("shared bytes: a file's bytes, an empty file, and a missing one refused by name") {
  TempDir dir;
  auto path = fs::path(dir.path()) / "data.bin";
  std::ofstream(path, std::ios::binary) << std::string("\x01\x02\x03wrp", 6);
  auto bytes = read_file_shared(path);
  CHECK(text(bytes.copy()) == std::string("\x01\x02\x03wrp", 6));
  auto empty = fs::path(dir.path()) / "empty.bin";
  std::ofstream(empty).close();
  CHECK(read_file_shared(empty).empty());
  Exit code = Exit::ok;
  auto why = error_of([&] { read_file_shared(fs::path(dir.path()) / "absent.wrp"); }, &code);
  CHECK(code == Exit::bad_input);
  CHECK(why.find("absent.wrp") != std::string::npos);
  why = error_of([&] { read_file_shared(dir.path()); }, &code);
  CHECK((code == Exit::bad_input && why.find("is a folder") != std::string::npos));
}

TEST_CASE("shared bytes: slices share the buffer and outlive the whole, and the file's later changes are not seen") {
  TempDir dir;
  auto path = fs::path(dir.path()) / "data.bin";
  std::ofstream(path, std::ios::binary) << "header|section";
  SharedBytes section;
  {
    auto whole = read_file_shared(path);
    section = whole.slice(7, 7);
    CHECK(section.data() == whole.data() + 7);  // a view, not a copy
  }
  std::ofstream(path, std::ios::binary | std::ios::trunc) << "changed";  // truncated and rewritten
  CHECK(text(section.copy()) == "section");
  CHECK(section == SharedBytes(Bytes{'s', 'e', 'c', 't', 'i', 'o', 'n'}));
  CHECK_FALSE(section == SharedBytes(Bytes{'s'}));
}
