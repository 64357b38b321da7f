#include <doctest/doctest.h>

#include <set>

#include "fixtures.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/ptx.hpp"
#include "wrpkit/pipeline/ptx_prune.hpp"

using namespace wrp;

namespace {
ByteView text(const std::string& s) { return ByteView(reinterpret_cast<const uint8_t*>(s.data()), s.size()); }
}  // namespace

TEST_CASE("PTX header and entries of real Warp modules (1.17: ISA 8.8, 1.18/1.19: ISA 9.4)") {
  for (auto [capture, isa] :
       {std::pair{fixtures::ptx75(), "8.8"}, {fixtures::ptx16(), "9.4"}, {fixtures::ptx18_source(), "9.4"}}) {
    auto dir = capture.parent_path() / (capture.stem().string() + "_modules");
    for (auto& e : std::filesystem::directory_iterator(dir)) {
      if (e.path().extension() != ".ptx") continue;
      auto bytes = read_file(e.path());
      CHECK(bytes.back() == 0);  // Warp writes a C string
      CHECK(strip_trailing_nuls(bytes).back() != 0);
      CHECK(looks_like_ptx(bytes));
      auto info = parse_ptx(e.path().string(), bytes);
      CHECK(info.isa() == isa);
      CHECK(info.target.str() == "compute_75");
      CHECK(info.address_size == 64);
      CHECK(!info.entries.empty());
    }
  }
  CHECK(isa_number("9.4") == 94);
  CHECK(isa_number("x") == 0);
  // Fuzz finding: a huge major overflowed int (UBSan); not an ISA.
  CHECK(isa_number("1432529578.0") == 0);
  CHECK(isa_number("99999999999999999999.1") == 0);
  CHECK(isa_number("9.") == 0);
  CHECK(isa_number("9.12") == 0);
}

TEST_CASE("PTX without .version or .target is refused with the file named") {
  std::string no_target = ".version 9.0\n.address_size 64\n";
  CHECK_THROWS_WITH_AS(parse_ptx("m.ptx", text(no_target)), doctest::Contains("m.ptx"), Error);
  CHECK_FALSE(
      looks_like_ptx(text("\x7f"
                          "ELF")));
}

TEST_CASE("PTX ISA each CUDA release reads") {
  CHECK(max_ptx_isa(13000) == 90);
  CHECK(max_ptx_isa(13040) == 94);
  CHECK(max_ptx_isa(12080) == 87);
  CHECK(max_ptx_isa(12090) == 88);
  CHECK(max_ptx_isa(12040) == 84);
  CHECK(cuda_release_for_isa(94) == "13.4");
  CHECK(cuda_release_for_isa(90) == "13.0");
  CHECK(cuda_release_for_isa(88) == "12.9");
  CHECK(cuda_release_for_isa(85) == "12.5");
  CHECK(isa_str(88) == "8.8");
}

namespace {
std::string fixture_ptx(const std::filesystem::path& capture) {
  auto dir = capture.parent_path() / (capture.stem().string() + "_modules");
  for (auto& e : std::filesystem::directory_iterator(dir)) {
    auto b = read_file(e.path());
    auto t = strip_trailing_nuls(b);
    return std::string(t.begin(), t.end());
  }
  return "";
}
size_t count(const std::string& s, const std::string& what) {
  size_t n = 0;
  for (auto p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++n;
  return n;
}
}  // namespace

TEST_CASE("keep_entries leaves exactly the kernels asked for") {
  auto ptx = fixture_ptx(fixtures::ptx75());
  auto all = parse_ptx("wave", text(ptx)).entries;
  REQUIRE(all.size() > 4);
  std::set<std::string> keep{all[1], all[3]};
  auto cut = keep_entries(ptx, keep);
  REQUIRE(cut);
  auto left = parse_ptx("cut", text(*cut)).entries;
  CHECK(std::set<std::string>(left.begin(), left.end()) == keep);
  CHECK(left.size() == 2);
  CHECK(cut->size() < ptx.size());
  CHECK(count(*cut, ".func") == count(ptx, ".func"));  // device functions stay
  // NVRTC puts the first kernel's "// .globl" above the module's globals, not
  // beside its .entry: that one comment may stay behind
  CHECK(count(*cut, "// .globl") <= 3);
  CHECK(count(*cut, "{") == count(*cut, "}"));
  CHECK(cut->starts_with(ptx.substr(0, ptx.find(".entry") - 200)));  // header untouched
  // keeping every kernel changes nothing; cutting again changes nothing more
  CHECK(*keep_entries(ptx, std::set<std::string>(all.begin(), all.end())) == ptx);
  CHECK(*keep_entries(*cut, keep) == *cut);
}

TEST_CASE("keep_entries ignores braces and .entry in comments, refuses odd shapes") {
  std::string ptx =
      ".version 9.0\n.target sm_75\n.address_size 64\n"
      "// .entry fake( { in a comment\n"
      "\t// .globl\ta\n.visible .entry a(\n\t.param .u64 a_p0\n)\n.maxntid 256, 1, 1\n{\n\t/* } */ ret;\n\t{\n\t}\n}\n"
      "\t// .globl\tb\n.visible .entry b()\n{\n\tret;\n}\n";
  auto cut = keep_entries(ptx, {"b"});
  REQUIRE(cut);
  CHECK(cut->find(".entry a(") == std::string::npos);
  CHECK(cut->find(".entry b()") != std::string::npos);
  CHECK(cut->find("// .entry fake( {") != std::string::npos);
  CHECK(parse_ptx("cut", text(*cut)).entries == std::vector<std::string>{"b"});
  CHECK_FALSE(keep_entries(".version 9.0\n.visible .entry c();\n", {"x"}));           // no body
  CHECK_FALSE(keep_entries(".version 9.0\n.visible .entry c()\n{\n ret;\n", {"x"}));  // unbalanced
}
