#include "wrpkit/base/json.hpp"

#include <doctest/doctest.h>

using namespace wrp;

TEST_CASE("json: a string literal escapes quotes, backslashes and control characters") {
  CHECK(json_quote("plain") == "\"plain\"");
  CHECK(json_quote("a\"b\\c") == "\"a\\\"b\\\\c\"");
  CHECK(json_quote("line\nnext\ttab") == "\"line\\nnext\\u0009tab\"");
  CHECK(json_quote(std::string("nul\0bell\x07", 9)) == "\"nul\\u0000bell\\u0007\"");
  CHECK(json_quote("héllo") == "\"héllo\"");  // UTF-8 passes through
}
