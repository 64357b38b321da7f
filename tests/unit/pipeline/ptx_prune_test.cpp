#include "wrpkit/pipeline/ptx_prune.hpp"

#include <doctest/doctest.h>

#include <set>

#include "fixtures.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/ptx.hpp"

using namespace wrp;

using fixtures::bytes_of;

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
  auto all = parse_ptx("wave", bytes_of(ptx)).entries;
  REQUIRE(all.size() > 4);
  std::set<std::string> keep{all[1], all[3]};
  auto cut = keep_entries(ptx, keep);
  REQUIRE(cut);
  auto left = parse_ptx("cut", bytes_of(*cut)).entries;
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
  CHECK(parse_ptx("cut", bytes_of(*cut)).entries == std::vector<std::string>{"b"});
  CHECK_FALSE(keep_entries(".version 9.0\n.visible .entry c();\n", {"x"}));           // no body
  CHECK_FALSE(keep_entries(".version 9.0\n.visible .entry c()\n{\n ret;\n", {"x"}));  // unbalanced
}
