// Writing an artifact: content-tagged names, a fresh folder staged whole, new
// files beside an older artifact's, the old files removed only after the .wrp
// commit, and a clean refusal where nothing can be written.
#include "wrpkit/artifact/output_commit.hpp"

#include <doctest/doctest.h>

#include <filesystem>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/base/process.hpp"

using namespace wrp;
namespace fs = std::filesystem;

namespace {

size_t temporaries_in(const fs::path& dir) {
  size_t n = 0;
  for (auto& e : fs::recursive_directory_iterator(dir))
    n += e.path().filename().string().find(".wrpkit-tmp") != std::string::npos;
  return n;
}

// A real capture re-pointed at one module file of our choosing.
Bytes wrp_naming(const std::string& module_file) {
  auto a = open_artifact(fixtures::ptx75(), false);
  a.meta.modules[0].binary_filename = module_file;
  a.container.find(kSectionMetadata)->data = serialize_metadata(a.meta);
  return serialize_container(a.container);
}

}  // namespace

TEST_CASE("module files are named by content, before the extension Warp loads by") {
  Bytes b{1, 2, 3};
  auto tag = sha256_hex(b).substr(0, 8);
  CHECK(module_file_name("wp_m_1234567.fatbin", b) == "wp_m_1234567." + tag + ".fatbin");
  CHECK(module_file_name("wp_m_1234567.fatbin.cubin", b) == "wp_m_1234567." + tag + ".fatbin.cubin");
  CHECK(module_file_name("wp_m_1234567.sm90.cu", b) == "wp_m_1234567.sm90." + tag + ".cu");
  CHECK(module_file_name("noext", b) == "noext." + tag);
  CHECK(module_file_name("a.fatbin", b) != module_file_name("a.fatbin", Bytes{1, 2, 4}));
}

TEST_CASE("a fresh output is staged whole, a rebuild replaces the older artifact's files only after the commit") {
  TempDir tmp;
  auto out = fs::path(tmp.path()) / "out.wrp";
  auto dir = modules_dir_for(out);
  Bytes v1{1, 1, 1}, v2{2, 2, 2};
  auto n1 = module_file_name("m.fatbin", v1), n2 = module_file_name("m.fatbin", v2);
  commit_artifact(out, wrp_naming(n1), {{n1, v1}});
  CHECK(read_file(dir / n1) == v1);
  CHECK(temporaries_in(tmp.path()) == 0);

  // Rebuild: the old file stays until the new .wrp is in place, then goes.
  commit_artifact(out, wrp_naming(n2), {{n2, v2}});
  CHECK(read_file(dir / n2) == v2);
  CHECK_FALSE(fs::exists(dir / n1));
  CHECK(open_artifact(out, false).meta.modules[0].binary_filename == n2);
  CHECK(temporaries_in(tmp.path()) == 0);

  // Files the folder holds that no .wrp names and wrpkit did not write stay.
  write_file_atomic(dir / "notes.txt", Bytes{'h', 'i'});
  commit_artifact(out, wrp_naming(n1), {{n1, v1}});
  CHECK(fs::exists(dir / "notes.txt"));
  CHECK_FALSE(fs::exists(dir / n2));
}

TEST_CASE("a copied file keeps its name unless an older artifact holds other bytes under it") {
  TempDir tmp;
  auto dir = fs::path(tmp.path()) / "out_modules";
  fs::create_directory(dir);
  CHECK(free_file_name(dir, "x.cu", Bytes{1}) == "x.cu");
  write_file_atomic(dir / "x.cu", Bytes{1});
  CHECK(free_file_name(dir, "x.cu", Bytes{1}) == "x.cu");
  CHECK(free_file_name(dir, "x.cu", Bytes{2}) == module_file_name("x.cu", Bytes{2}));
}

TEST_CASE("an output that cannot be written is refused with exit 5 and leaves nothing") {
  TempDir tmp;
  Bytes v{1};
  try {
    commit_artifact(fs::path(tmp.path()) / "missing" / "out.wrp", wrp_naming("m.fatbin"), {{"m.fatbin", v}});
    FAIL("expected an error");
  } catch (const Error& e) {
    CHECK(e.code() == Exit::output);
    CHECK(std::string(e.what()).find("does not exist") != std::string::npos);
  }
  CHECK(fs::is_empty(tmp.path()));
  // A file in the way of the modules folder: the rename fails, nothing is left.
  auto out = fs::path(tmp.path()) / "out.wrp";
  write_file_atomic(modules_dir_for(out), Bytes{0});
  CHECK_THROWS_AS(commit_artifact(out, wrp_naming("m.fatbin"), {{"m.fatbin", v}}), Error);
  CHECK_FALSE(fs::exists(out));
  CHECK(temporaries_in(tmp.path()) == 0);
}

TEST_CASE("read_file: whole files of any size, files the kernel cannot size, and clear refusals") {
  TempDir tmp;
  for (size_t n : {size_t(0), size_t(1), size_t(65535), size_t(65536), size_t(200001)}) {
    Bytes data(n);
    for (size_t i = 0; i < n; ++i) data[i] = uint8_t(i * 7 + 3);
    auto p = fs::path(tmp.path()) / ("f" + std::to_string(n));
    write_file_atomic(p, data);
    CHECK(read_file(p) == data);
  }
  // /proc files report size 0 to fstat: read until the end all the same
  auto status = read_file("/proc/self/status");
  CHECK(std::string(status.begin(), status.end()).find("Name:") == 0);
  try {
    read_file(fs::path(tmp.path()) / "missing");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == Exit::bad_input);
    CHECK(std::string(e.what()).find("missing: cannot open: No such file or directory") != std::string::npos);
  }
}
