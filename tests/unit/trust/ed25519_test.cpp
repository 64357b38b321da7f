// Ed25519 through the system's libcrypto: keys read from PEM, signatures that are
// the same for the same key and message, and checks that fail on any change.
#include "wrpkit/trust/ed25519.hpp"

#include <doctest/doctest.h>

#include "sealed.hpp"
#include "wrpkit/base/error.hpp"

using namespace wrp;

namespace {
ByteView text(const std::string& s) { return ByteView(reinterpret_cast<const uint8_t*>(s.data()), s.size()); }
}  // namespace

TEST_CASE("ed25519: a signature verifies under its key only, and is the same every time") {
  std::string msg = "wrpkit-manifest 1\n";
  auto s1 = sign_ed25519(sealed::kKey1, "k1", text(msg));
  CHECK(s1.signature.size() == kEd25519SignatureSize);
  CHECK(sign_ed25519(sealed::kKey1, "k1", text(msg)).signature == s1.signature);
  auto pub1 = read_public_key_pem(sealed::kPub1, "p1");
  CHECK(pub1.raw == s1.key.raw);  // the private key's public half is the public PEM's key
  CHECK(pub1.id() == s1.key.id());
  CHECK(pub1.id().size() == 64);
  CHECK(verify_ed25519(pub1, text(msg), s1.signature));
  // Decoded once per process: the same text gives the same key again, another text its own.
  for (int i = 0; i < 100; ++i) CHECK(read_public_key_pem(sealed::kPub1, "p1").raw == pub1.raw);
  CHECK_FALSE(verify_ed25519(read_public_key_pem(sealed::kPub2, "p2"), text(msg), s1.signature));
  CHECK_FALSE(verify_ed25519(pub1, text(msg + " "), s1.signature));
  auto flipped = s1.signature;
  flipped[10] ^= 1;
  CHECK_FALSE(verify_ed25519(pub1, text(msg), flipped));
  CHECK_FALSE(verify_ed25519(pub1, text(msg), ByteView(s1.signature).first(63)));
}

TEST_CASE("ed25519: what is not an Ed25519 PEM key is a usage error naming it") {
  auto code = [](auto&& f) {
    try {
      f();
    } catch (const Error& e) {
      CHECK(std::string(e.what()).find("who.pem") == 0);
      CHECK(std::string(e.what()).find('\n') == std::string::npos);
      return e.code();
    }
    return Exit::ok;
  };
  for (int again = 0; again < 2; ++again) {  // a refused key is refused every time, not remembered as a key
    CHECK(code([] { read_public_key_pem("not a key", "who.pem"); }) == Exit::usage);
    // A private key is no public key.
    CHECK(code([] { read_public_key_pem(sealed::kKey1, "who.pem"); }) == Exit::usage);
  }
  CHECK(code([] { sign_ed25519(sealed::kPub1, "who.pem", {}); }) == Exit::usage);
  CHECK(code([] { sign_ed25519(sealed::kEcKey, "who.pem", {}); }) == Exit::usage);
  CHECK(code([] { sign_ed25519(std::string(100000, 'A'), "who.pem", {}); }) == Exit::usage);
}
