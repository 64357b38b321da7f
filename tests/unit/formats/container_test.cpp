#include "wrpkit/formats/container.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <set>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/format_version.hpp"
#include "wrpkit/formats/recipe.hpp"
#include "wrpkit/toolchain/warp_install.hpp"

using namespace wrp;

using fixtures::error_of;

TEST_CASE("read then write is byte-identical for every real capture, every format version") {
  std::set<uint32_t> versions;
  auto all = fixtures::all();
  REQUIRE(all.size() >= 14);
  for (auto& p : all) {
    auto name = p.string();
    CAPTURE(name);
    auto bytes = read_file(p);
    auto c = parse_container(name, bytes);
    versions.insert(c.version);
    CHECK(serialize_container(c) == bytes);
    auto& md = c.require(kSectionMetadata, name);
    auto meta = parse_metadata(name, md.data, md.file_offset);
    CHECK(serialize_metadata(meta) == md.data);
    CHECK(meta.version == c.version);
  }
  CHECK(versions == std::set<uint32_t>{14, 15, 16, 18});  // every format a release writes: tests/data alone holds them
}

TEST_CASE("a section's span from the first 4 KiB of a real capture, as parsing the whole file finds it") {
  for (auto& p : fixtures::all()) {
    auto name = p.string();
    CAPTURE(name);
    auto bytes = read_file(p);
    auto c = parse_container(name, bytes);
    auto head = ByteView(bytes).first(std::min<size_t>(bytes.size(), 4096));
    for (auto& s : c.sections)
      CHECK(section_span(head, bytes.size(), s.type) == std::pair<uint64_t, uint64_t>{s.file_offset, s.data.size()});
    CHECK(!section_span(head, bytes.size(), 0x1234));                    // no such section
    CHECK(!section_span(head.first(40), bytes.size(), kSectionMemory));  // no table in so few bytes
    CHECK(!section_span(head, 100, kSectionMemory));                     // past the end of a shorter file
  }
  Bytes junk(4096, 'x');
  CHECK(!section_span(junk, junk.size(), kSectionMemory));  // no header
}

TEST_CASE("header facts of the real captures") {
  auto c = parse_container("x", read_file(fixtures::ptx75()));
  CHECK(c.version == 15);
  CHECK(c.device == kDeviceCuda);
  CHECK(c.target_arch == 75);
  CHECK(c.sections.size() == 3);
  auto cub = parse_container("x", read_file(fixtures::cubin16()));
  CHECK(cub.version == 16);
  CHECK(cub.target_arch == 90);
  auto v18 = parse_container("x", read_file(fixtures::cubin18_source()));
  CHECK(v18.version == 18);
  CHECK(parse_container("x", read_file(fixtures::cpu16())).device == kDeviceCpu);
}

TEST_CASE("format 18 metadata: producer version, digests, source, kind, recipe, 28-byte pointer records") {
  auto a = open_artifact(fixtures::cubin18_source());
  CHECK(a.meta.producer_version == "1.19.0");
  REQUIRE(a.meta.modules.size() == 1);
  auto& m = a.meta.modules[0];
  CHECK(m.binary_kind == kBinaryCubin);
  CHECK(m.fallback_reason == kSourceAvailable);
  CHECK(m.source_filename == "wp___main___f8b9300.sm90.cu");
  CHECK(m.binary_digest.size() == 64);
  CHECK(a.modules[0].binary_digest == Digest::match);
  CHECK(a.modules[0].source_digest == Digest::match);
  CHECK(a.modules[0].source.size() > 1000);
  auto r = parse_recipe(m.recipe, "x");
  CHECK(r.optimization_level == 3);
  CHECK(r.fuse_fp);
  CHECK_FALSE(r.debug);
  auto opts = nvrtc_options(r, "/w/native");
  CHECK(std::find(opts.begin(), opts.end(), "--Ofast-compile=0") != opts.end());
  CHECK(std::find(opts.begin(), opts.end(), "--fmad=true") != opts.end());
  CHECK(std::find(opts.begin(), opts.end(), "-DNDEBUG") != opts.end());
  CHECK(std::find(opts.begin(), opts.end(), "--include-path=/w/native") != opts.end());

  auto b = open_artifact(fixtures::cubin18_binary_only());
  auto& bo = b.meta.modules[0];
  CHECK(bo.binary_kind == kBinaryNone);
  CHECK(bo.fallback_reason == kSourceUnavailable);
  CHECK_FALSE(bo.retains_source());
  CHECK(bo.binary_digest.empty());
  CHECK(bo.recipe == std::array<uint8_t, 16>{});
  CHECK(b.modules[0].binary_digest == Digest::none);

  auto p = open_artifact(fixtures::ptx18_source());
  CHECK(p.meta.modules[0].binary_kind == kBinaryPtx);  // digest over the PTX including its NUL
  CHECK(p.modules[0].binary_digest == Digest::match);

  // pointer-location records carry a count in 18 and round-trip
  Metadata md = a.meta;
  md.ptr_locations.push_back({1, 8, 16, 3});
  auto bytes = serialize_metadata(md);
  auto again = parse_metadata("x", bytes, 0);
  REQUIRE(again.ptr_locations.size() == 1);
  CHECK(again.ptr_locations[0].count == 3);
  md.version = 16;
  md.producer_version.clear();
  auto v16 = serialize_metadata(md);
  CHECK(bytes.size() - v16.size() == 4 + 6 + 8 + 4 * 3 + 64 * 2 + a.meta.modules[0].source_filename.size() + 2 + 16);
}

TEST_CASE("format 18 rules: no trailing bytes, header arch == metadata arch, digests and recipes checked") {
  auto a = open_artifact(fixtures::cubin18_source());
  // trailing bytes after the last record
  auto bytes = a.container.find(kSectionMetadata)->data.copy();
  bytes.push_back(0);
  Exit code{};
  auto msg = error_of([&] { parse_metadata("t.wrp", bytes, 0); }, &code);
  CHECK(code == Exit::bad_input);
  CHECK(msg.find("unexpected bytes") != std::string::npos);
  // metadata target_arch != header's
  Artifact b = a;
  b.container.target_arch = 80;
  msg = error_of([&] { parse_sections(b); }, &code);
  CHECK(msg.find("metadata.target_arch") != std::string::npos);
  CHECK(msg.find("header.target_arch is 80") != std::string::npos);
  // a digest that is not hex
  Metadata md = a.meta;
  md.modules[0].binary_digest = std::string(64, 'Z');
  msg = error_of([&] { parse_metadata("d.wrp", serialize_metadata(md), 0); });
  CHECK(msg.find("binary_digest") != std::string::npos);
  // a source name outside the folder
  md = a.meta;
  md.modules[0].source_filename = "../x.cu";
  msg = error_of([&] { parse_metadata("s.wrp", serialize_metadata(md), 0); });
  CHECK(msg.find("source_filename") != std::string::npos);
  // unknown recipe bytes
  auto raw = a.meta.modules[0].recipe;
  raw[9] = 1;
  msg = error_of([&] { parse_recipe(raw, "r.wrp: module m"); });
  CHECK(msg.find("compile recipe byte 9 (reserved)") != std::string::npos);
  raw = a.meta.modules[0].recipe;
  raw[1] = 7;
  CHECK(error_of([&] { parse_recipe(raw, "r"); }).find("optimization level") != std::string::npos);
  // an empty known section in format 18
  auto c = a.container;
  c.find(kSectionOperations)->data = Bytes{};
  msg = error_of([&] { parse_container("e.wrp", serialize_container(c)); });
  CHECK(msg.find("operations section") != std::string::npos);
}

TEST_CASE("errors name the file, the field and the byte offset") {
  auto bytes = read_file(fixtures::ptx75());
  bytes.resize(100);
  auto msg = error_of([&] { parse_container("cut.wrp", bytes); });
  CHECK(msg.find("cut.wrp: header.section_table_offset at byte 16") != std::string::npos);
  bytes.resize(40);
  msg = error_of([&] { parse_container("cut.wrp", bytes); });
  CHECK(msg.rfind("cut.wrp: header", 0) == 0);
  CHECK(msg.find("at byte 0") != std::string::npos);
  auto ok = read_file(fixtures::ptx75());
  ok[0] = 'X';
  CHECK(error_of([&] { parse_container("m.wrp", ok); }).find("magic") != std::string::npos);
}

TEST_CASE("unknown sections survive a round trip") {
  auto c = parse_container("x", read_file(fixtures::two_modules()));
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
  for (auto bad : {"/etc/passwd", "../x.ptx", "a/b.ptx", "a\\b.ptx", "..", "", "x..ptx", "C:evil", "w\n.cubin",
                   "w\x1b[2J.ptx", "w\x7f.ptx"})
    CHECK_FALSE(is_safe_module_filename(bad));
  CHECK_FALSE(is_safe_module_filename(std::string("w\0.ptx", 6)));
  auto c = parse_container("x", read_file(fixtures::ptx75()));
  auto& md = c.find(kSectionMetadata)->data;
  auto meta = parse_metadata("x", md, 0);
  meta.modules[0].binary_filename = "../../etc/passwd";
  md = serialize_metadata(meta);
  auto msg = error_of([&] { parse_metadata("evil.wrp", md, 0); });
  CHECK(msg.find("unsafe module file name '../../etc/passwd'") != std::string::npos);
  CHECK(msg.find("binary_filename") != std::string::npos);
}
