// Every truncation and many byte flips of every real capture must end in a
// wrp::Error (bad input) or parse cleanly: never a crash (run under ASan/UBSan).
#include "wrpkit/artifact/artifact.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>

#include "fixtures.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/container.hpp"
#include "wrpkit/report/hazards.hpp"

using namespace wrp;

static void parse_all(const Bytes& bytes) {
  Artifact a;
  a.wrp_path = "corrupt.wrp";
  a.container = parse_container("corrupt.wrp", bytes);
  parse_sections(a);
}

TEST_CASE("truncated and bit-flipped captures give errors, not crashes") {
  std::mt19937 rng(1234);
  for (auto& path : fixtures::all()) {
    auto name = path.string();
    CAPTURE(name);
    auto bytes = read_file(path);
    // A large capture is mostly region data (the 100k-triangle mesh): a quarter of the
    // cuts and flips reach its structure as well, at a quarter of the time under ASan.
    // The fuzz targets (container, inspect) search far wider; this is every capture's
    // smoke check, sized to take seconds.
    bool large = bytes.size() > (size_t(1) << 20);
    size_t step = std::max<size_t>(1, bytes.size() / (large ? 50 : 200));
    for (size_t n = 0; n < bytes.size(); n += step) {
      Bytes cut(bytes.begin(), bytes.begin() + n);
      CHECK_THROWS_AS(parse_all(cut), Error);
    }
    // Flips: concentrate on the header, table and metadata, where offsets live. Made
    // in place and put back: a copy of the file per flip was half this test's time.
    Bytes& b = bytes;
    for (int i = 0; i < (large ? 75 : 300); ++i) {
      size_t limit = i % 2 ? b.size() : std::min<size_t>(b.size(), 2048);
      size_t pos = rng() % limit, pos2 = rng() % limit;
      uint8_t was = b[pos], was2 = b[pos2];
      b[pos] ^= uint8_t(1u << (rng() % 8));
      if (i % 3 == 0) b[pos2] = uint8_t(rng());
      try {
        parse_all(b);
      } catch (const Error& e) {
        CHECK(e.code() == Exit::bad_input);
        CHECK(std::string(e.what()).find('\n') == std::string::npos);
      }
      b[pos2] = was2;
      b[pos] = was;
    }
  }
}

// A module file either reads or is refused as bad input in one line naming it.
static void read_or_refuse(const Bytes& b) {
  try {
    read_module_binary("m.bin", b);
  } catch (const Error& e) {
    CHECK(e.code() == Exit::bad_input);
    CHECK(std::string(e.what()).starts_with("m.bin"));
    CHECK(std::string(e.what()).find('\n') == std::string::npos);
  }
}

TEST_CASE("corrupt module binaries give errors, not crashes") {
  std::mt19937 rng(99);
  auto fatbin = read_file(fixtures::data() / "fatbin" / "particles_sm75_sm90_compute75.fatbin");
  std::vector<Bytes> modules{fatbin, Bytes{'.', 'v'}, Bytes{}};  // a real fatbin, and ones too small to step through
  for (auto& path : {fixtures::ptx75(), fixtures::cubin16(), fixtures::ptx18_source()})
    modules.push_back(open_artifact(path).modules[0].bytes.copy());
  size_t refused = 0;
  for (auto& bytes : modules) {
    size_t step = std::max<size_t>(1, bytes.size() / 200);
    for (size_t n = 0; n < bytes.size(); n += step) read_or_refuse(Bytes(bytes.begin(), bytes.begin() + n));
    for (int i = 0; i < 300 && !bytes.empty(); ++i) {
      Bytes b = bytes;
      b[rng() % std::min<size_t>(b.size(), 4096)] ^= uint8_t(1u << (rng() % 8));
      read_or_refuse(b);
    }
    // A truncated fatbin or ELF (not PTX: any prefix of text is text) is refused, never read as whole.
    if (bytes.size() > 64 && (bytes[0] != '/' && bytes[0] != '.')) {
      try {
        read_module_binary("m.bin", Bytes(bytes.begin(), bytes.begin() + bytes.size() / 2));
      } catch (const Error&) {
        ++refused;
      }
    }
  }
  CHECK(refused == 2);  // the fatbin and Warp 1.18's CUBIN
}

TEST_CASE("a binding Warp wrote without memory (region -1) opens, is a hazard, and cannot be set or read") {
  auto a = open_artifact(fixtures::ptx75());
  REQUIRE(!a.meta.bindings.empty());
  a.meta.bindings.push_back({"columns", kUntrackedRegion});
  a.container.find(kSectionMetadata)->data = serialize_metadata(a.meta);
  auto bytes = serialize_container(a.container);
  auto b = open_artifact_bytes(fixtures::ptx75().parent_path() / "p.wrp", bytes,
                               module_files_in(modules_dir_for(fixtures::ptx75())));
  auto hazards = find_hazards(b, {});
  CHECK(std::any_of(hazards.begin(), hazards.end(), [](const Hazard& h) {
    return h.code == "untracked_binding" && h.message.find("binding 'columns' names no memory") == 0;
  }));
  Exit code = Exit::ok;
  auto why = fixtures::error_of([&] { binding_size(b, "columns"); }, &code);
  CHECK(code == Exit::usage);
  CHECK(why.find("binding 'columns' has no memory") != std::string::npos);
  CHECK(binding_size(b, b.meta.bindings[0].name) > 0);
  // Any other region the memory section lacks stays bad input.
  a.meta.bindings.back().region_id = 77;
  a.container.find(kSectionMetadata)->data = serialize_metadata(a.meta);
  auto other = serialize_container(a.container);
  CHECK(fixtures::error_of([&] {
          open_artifact_bytes("p.wrp", other, [](const std::string&) { return std::nullopt; });
        }).find("binding 'columns' names region 77 that the memory section lacks") != std::string::npos);
}

// A reader names the field and the fault; the opener adds what to do, which depends on
// whose file it is, once, and leaves a refusal that carries its own remedy alone.
TEST_CASE("a damaged file's error says what to do: re-save a capture, rebuild an artifact") {
  auto path = fixtures::ptx75();
  auto a = open_artifact(path);
  auto garbage = [](const std::string&) -> std::optional<SharedBytes> { return SharedBytes(Bytes(64, 0x5a)); };
  auto open_with_garbage_modules = [&](const Container& c) {
    return fixtures::error_of([&] { open_artifact_bytes(path, serialize_container(c), garbage); });
  };
  auto capture = open_with_garbage_modules(a.container);
  CHECK(capture.find("not PTX, a cubin, a fatbin or an object file") != std::string::npos);
  CHECK(capture.ends_with("; the capture is damaged or was not written by Warp: re-save it"));
  CHECK(capture.find("re-save") == capture.rfind("re-save"));

  Container built = a.container;
  built.sections.push_back({kSectionWrpkit, 0, 0, SharedBytes(Bytes{'x'})});
  CHECK(open_with_garbage_modules(built).ends_with(
      "; the artifact is damaged: copy it again from its source, or rebuild it with wrp-build"));

  auto bytes = read_file(path);
  Bytes cut(bytes.begin(), bytes.begin() + bytes.size() / 2);
  auto truncated = fixtures::error_of([&] { open_artifact_bytes(path, cut, {}); });
  CHECK(truncated.find("runs past the end") != std::string::npos);
  CHECK(truncated.ends_with("re-save it"));

  bytes[4] = 99;  // header.version
  auto newer = fixtures::error_of([&] { open_artifact_bytes(path, bytes, {}); });
  CHECK(newer.ends_with("update wrpkit"));
  CHECK(newer.find("re-save") == std::string::npos);
}

TEST_CASE("a real BSR capture by Warp 1.19: the arrays bsr_set_from_triplets reallocated are untracked bindings") {
  auto a = open_artifact(fixtures::bsr18());
  int untracked = 0;
  for (auto& b : a.meta.bindings) untracked += b.region_id == kUntrackedRegion;
  CHECK(untracked == 4);  // columns, values and the transpose's
  CHECK(binding_size(a, "y") == 64 * 8);
  CHECK(fixtures::error_of([&] { binding_size(a, "t_values"); }).find("has no memory") != std::string::npos);
}
