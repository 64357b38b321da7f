#include <doctest/doctest.h>

#include <functional>

#include "fixtures.hpp"
#include "wrpkit/artifact.hpp"
#include "wrpkit/container.hpp"
#include "wrpkit/error.hpp"

using namespace wrp;

static std::string error_of(const std::function<void()>& f, Exit* code = nullptr) {
  try {
    f();
  } catch (const Error& e) {
    if (code) *code = e.code();
    return e.what();
  }
  return "";
}

TEST_CASE("read then write is byte-identical for every fixture") {
  std::vector<std::string> paths;
  for (auto& name : fixtures::all()) paths.push_back(fixtures::wrp(name).string());
  for (auto& p : fixtures::warp117()) paths.push_back(p.string());
  for (auto& name : paths) {
    CAPTURE(name);
    auto bytes = read_file(name);
    auto c = parse_container(name, bytes);
    CHECK(serialize_container(c) == bytes);
    auto& md = c.require(kSectionMetadata, name);
    auto meta = parse_metadata(name, md.data, md.file_offset);
    CHECK(serialize_metadata(meta) == md.data);
  }
}

TEST_CASE("header facts of the real captures") {
  auto c = parse_container("x", read_file(fixtures::wrp("saxpy_ptx75")));
  CHECK(c.version == 15);
  CHECK(c.device == kDeviceCuda);
  CHECK(c.target_arch == 75);
  CHECK(c.sections.size() == 3);
  auto cub = parse_container("x", read_file(fixtures::wrp("saxpy_cubin_sm90")));
  CHECK(cub.target_arch == 90);
}

TEST_CASE("version 16 gets a clear not-supported error") {
  auto bytes = read_file(fixtures::wrp("saxpy_ptx75"));
  bytes[4] = 16;
  Exit code{};
  auto msg = error_of([&] { parse_container("f.wrp", bytes); }, &code);
  CHECK(code == Exit::bad_input);
  CHECK(msg.find("version 16 (Warp 1.19) is not supported yet") != std::string::npos);
  CHECK(msg.find("13..15") != std::string::npos);
}

TEST_CASE("errors name the file, the field and the byte offset") {
  auto bytes = read_file(fixtures::wrp("saxpy_ptx75"));
  bytes.resize(100);
  auto msg = error_of([&] { parse_container("cut.wrp", bytes); });
  CHECK(msg.find("cut.wrp: header.section_table_offset at byte 16") != std::string::npos);
  bytes.resize(40);
  msg = error_of([&] { parse_container("cut.wrp", bytes); });
  CHECK(msg.rfind("cut.wrp: header", 0) == 0);
  CHECK(msg.find("at byte 0") != std::string::npos);
  auto ok = read_file(fixtures::wrp("saxpy_ptx75"));
  ok[0] = 'X';
  CHECK(error_of([&] { parse_container("m.wrp", ok); }).find("magic") != std::string::npos);
}

TEST_CASE("unknown sections survive a round trip") {
  auto c = parse_container("x", read_file(fixtures::wrp("tape_backward_ptx75")));
  c.sections.push_back({0x1234, 7, 0, Bytes{1, 2, 3}});
  auto bytes = serialize_container(c);
  auto again = parse_container("x", bytes);
  REQUIRE(again.find(0x1234));
  CHECK(again.find(0x1234)->data == Bytes{1, 2, 3});
  CHECK(again.find(0x1234)->flags == 7);
  CHECK(serialize_container(again) == bytes);
}

TEST_CASE("module file names that leave the modules folder are refused") {
  CHECK(is_safe_module_filename("wp___main___63c90fb.sm75.ptx"));
  for (auto bad : {"/etc/passwd", "../x.ptx", "a/b.ptx", "a\\b.ptx", "..", "", "x..ptx", "C:evil"})
    CHECK_FALSE(is_safe_module_filename(bad));
  auto c = parse_container("x", read_file(fixtures::wrp("saxpy_ptx75")));
  auto& md = c.find(kSectionMetadata)->data;
  auto meta = parse_metadata("x", md, 0);
  meta.modules[0].binary_filename = "../../etc/passwd";
  md = serialize_metadata(meta);
  auto msg = error_of([&] { parse_metadata("evil.wrp", md, 0); });
  CHECK(msg.find("unsafe module file name '../../etc/passwd'") != std::string::npos);
  CHECK(msg.find("binary_filename") != std::string::npos);
}
