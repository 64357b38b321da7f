// The manifest section: one canonical text per manifest (a signature signs its
// bytes), read back exactly, and every other spelling refused with one line naming
// the file, the byte and the line.
#include "wrpkit/trust/manifest.hpp"

#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/base/error.hpp"

using namespace wrp;

namespace {

Manifest manifest_sample() {
  Manifest m{{16, 0, 0, 75, std::string(70, '0')}, {}, {}};
  m.sections.push_back({1, 0, 361, std::string(64, 'a')});
  m.sections.push_back({0x574B0001, 0, 1437, std::string(64, 'b')});
  m.files.push_back({"m.1234abcd.fatbin",
                     71688,
                     std::string(64, 'c'),
                     {{0, "sm_87", 35120, std::string(64, 'd')}, {1, "compute_75", 8104, std::string(64, 'e')}}});
  m.files.push_back({"m.cu", 900, std::string(64, 'f'), {}});
  return m;
}

using fixtures::text;
Bytes bytes(const std::string& s) { return Bytes(s.begin(), s.end()); }

// The message of parsing `s`, or "" when it parses.
std::string refusal(const std::string& s) {
  try {
    parse_manifest("t.wrp", bytes(s), 0x100);
  } catch (const Error& e) {
    CHECK(e.code() == Exit::bad_input);
    return e.what();
  }
  return "";
}

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  auto at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("manifest: written, read back, written again: the same bytes and fields") {
  auto b = serialize_manifest(manifest_sample());
  CHECK(text(b).starts_with("wrpkit-manifest 1\nheader 16 0 0 75 "));
  CHECK(text(b).find("section 574b0001 0 1437 ") != std::string::npos);
  CHECK(text(b).ends_with("end\n"));
  auto back = parse_manifest("t.wrp", b, 0);
  CHECK(back == manifest_sample());
  CHECK(back.file("m.cu")->size == 900);
  CHECK(back.file("other") == nullptr);
  Manifest empty{{18, 0, 1, 0, std::string(70, '0')}, {}, {}};
  CHECK(parse_manifest("t.wrp", serialize_manifest(empty), 0) == empty);
}

TEST_CASE("manifest: any other spelling is bad input naming the file, byte and line") {
  auto good = text(serialize_manifest(manifest_sample()));
  CHECK(refusal(good) == "");
  auto msg = refusal(replaced(good, "sm_87 35120", "sm_87 035120"));
  CHECK(msg.starts_with("t.wrp: wrpkit manifest at byte "));
  CHECK(msg.find("line 6") != std::string::npos);
  CHECK(msg.find('\n') == std::string::npos);
  for (auto& change : std::vector<std::pair<std::string, std::string>>{
           {"wrpkit-manifest 1", "wrpkit-manifest 2"},
           {"header 16", "header  16"},
           {"header 16 0 0 75", "header 16 0 0 -75"},
           {"section 00000001", "section 1"},
           {"section 00000001", "section 0000000G"},
           {std::string(64, 'a'), std::string(64, 'A')},
           {std::string(64, 'a'), std::string(63, 'a')},
           {"m.1234abcd.fatbin", "../m.fatbin"},
           {"file m.cu", "file a.cu"},                    // names out of order
           {"image 1 compute_75", "image 2 compute_75"},  // an index skipped
           {"image 0 sm_87", "image 0 sm/87"},
           {"71688", "99999999999999999999999"},  // beyond 64 bits
           {"end\n", ""},                         // cut short
           {"end\n", "end\nend\n"},
           {"end\n", "end"},
           {"file m.cu", "fil m.cu"},
       }) {
    // Named copies: clang 14 lets no lambda (CAPTURE's) see a structured binding.
    const std::string& from = change.first;
    const std::string& to = change.second;
    CAPTURE(from);
    CAPTURE(to);
    CHECK_FALSE(refusal(replaced(good, from, to)).empty());
  }
  CHECK_FALSE(refusal("").empty());
  CHECK_FALSE(refusal("wrpkit-manifest 1\nend\n").empty());  // no header
  CHECK_FALSE(refusal(std::string("wrpkit-manifest 1\n\0", 19)).empty());
}
