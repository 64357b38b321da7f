#include "wrpkit/base/hash.hpp"

#include <doctest/doctest.h>

#include "fixtures.hpp"

using namespace wrp;
using namespace fixtures;

TEST_CASE("sha256: the published test vectors, from text and from bytes alike") {
  CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex(bytes_of("abc")) == sha256_hex(std::string_view("abc")));
}
