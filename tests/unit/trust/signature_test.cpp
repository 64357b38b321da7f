// The signature section: two fixed lines, read back exactly; anything else is bad
// input naming the file and the byte.
#include "wrpkit/trust/signature.hpp"

#include <doctest/doctest.h>

#include "wrpkit/base/error.hpp"

using namespace wrp;

TEST_CASE("signature section: written and read back, other spellings refused") {
  SignatureRecord s{std::string(64, 'a'), Bytes(64, 0xab)};
  auto b = serialize_signature(s);
  std::string t(b.begin(), b.end());
  std::string sig;
  for (int i = 0; i < 64; ++i) sig += "ab";
  CHECK(t == "wrpkit-signature 1\ned25519 " + std::string(64, 'a') + " " + sig + "\n");
  CHECK(parse_signature("t.wrp", b, 0) == s);
  auto refused = [](std::string text) {
    try {
      parse_signature("t.wrp", Bytes(text.begin(), text.end()), 0x40);
    } catch (const Error& e) {
      CHECK(e.code() == Exit::bad_input);
      CHECK(std::string(e.what()).starts_with("t.wrp: wrpkit signature at byte "));
      return true;
    }
    return false;
  };
  CHECK_FALSE(refused(t));
  CHECK(refused(""));
  CHECK(refused(t.substr(0, t.size() - 1)));  // no newline
  CHECK(refused(t + "x"));                    // trailing bytes
  CHECK(refused("wrpkit-signature 1\nrsa " + t.substr(27)));
  auto upper = t;
  upper[30] = 'A';  // the key id
  CHECK(refused(upper));
  auto bad_sig = t;
  bad_sig[t.size() - 3] = 'g';
  CHECK(refused(bad_sig));
}
