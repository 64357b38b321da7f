#include "wrpkit/base/shared_bytes.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <fstream>

#include "fixtures.hpp"
#include "wrpkit/base/background.hpp"
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

// A loader's read of a .wrp (replay.cpp): the span the background thread reads meanwhile.
TEST_CASE("shared bytes: a staged read gives the whole file once its span is read, or all of it at once") {
  background::start();
  TempDir dir;
  auto path = fs::path(dir.path()) / "data.bin";
  Bytes data(64 * 1024);
  for (size_t i = 0; i < data.size(); ++i) data[i] = uint8_t(i * 7 + i / 256);
  write_file_atomic(path, data);
  std::vector<std::pair<size_t, uint64_t>> asked;                                 // (head size, file size)
  for (auto span : {std::pair<uint64_t, uint64_t>{8192, 40000}, {600, 60000}}) {  // past the head, or from inside it
    auto staged = read_file_staged(path, [&](ByteView head, uint64_t size) {
      asked.emplace_back(head.size(), size);
      return std::optional(span);
    });
    staged.rest.get();
    CHECK(staged.bytes == SharedBytes(data));
  }
  REQUIRE(asked.size() == 2);
  CHECK(asked[0] == std::pair<size_t, uint64_t>{4096, data.size()});
  for (auto span :
       {std::optional<std::pair<uint64_t, uint64_t>>{}, std::optional(std::pair<uint64_t, uint64_t>{100, 10}),
        std::optional(std::pair<uint64_t, uint64_t>{8192, data.size()}),
        std::optional(std::pair<uint64_t, uint64_t>{data.size() + 1, 0})}) {
    auto whole =
        read_file_staged(path, [&](ByteView, uint64_t) { return span; });  // none, in the head, too long, past the end
    REQUIRE(whole.rest.valid());
    CHECK(whole.rest.wait_for(std::chrono::seconds(0)) == std::future_status::ready);
    CHECK(whole.bytes == SharedBytes(data));
  }
  auto tiny = fs::path(dir.path()) / "tiny.bin";
  write_file_atomic(tiny, Bytes{1, 2, 3});
  CHECK(read_file_staged(tiny, [](ByteView, uint64_t) { return std::nullopt; }).bytes == SharedBytes(Bytes{1, 2, 3}));
  Exit code = Exit::ok;
  auto why = error_of([&] { read_file_staged(fs::path(dir.path()) / "absent.wrp", {}); }, &code);
  CHECK(code == Exit::bad_input);
  CHECK(why.find("absent.wrp") != std::string::npos);
}
