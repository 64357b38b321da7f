// Sealing and signing: reproducible bytes, sections Warp reads left as they were,
// and a signed artifact read back and written again byte for byte.
#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "sealed.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/process.hpp"

using namespace wrp;

TEST_CASE("seal: the same artifact and key give the same bytes, Warp's sections are untouched") {
  TempDir tmp;
  auto key = sealed::key1();
  auto one = sealed::sealed_copy(fixtures::ptx75(), fs::path(tmp.path()) / "one", &key);
  auto two = sealed::sealed_copy(fixtures::ptx75(), fs::path(tmp.path()) / "two", &key);
  auto b1 = read_file(one);
  CHECK(b1 == read_file(two));
  auto in = open_artifact(fixtures::ptx75());
  auto out = open_artifact(one);
  REQUIRE(out.container.sections.size() == in.container.sections.size() + 2);
  for (size_t i = 0; i < in.container.sections.size(); ++i) {
    CHECK(out.container.sections[i].type == in.container.sections[i].type);
    CHECK(out.container.sections[i].data == in.container.sections[i].data);
  }
  CHECK(out.container.sections.back().type == kSectionWrpkitSignature);
  // Read back and written again: byte for byte, and still verified and signed.
  CHECK(serialize_container(parse_container("x", b1)) == b1);
  CHECK(out.integrity.verified());
  REQUIRE(out.integrity.signature);
  CHECK(out.integrity.signature->key_id == key.key.id());
  CHECK(check_signature(out, {read_public_key_pem(sealed::kPub1, "p")}) == SignatureCheck::trusted);
}

TEST_CASE(
    "seal: re-sealing replaces the manifest and drops a signature of other bytes, re-signing keeps the manifest") {
  TempDir tmp;
  auto key = sealed::key1();
  auto path = sealed::sealed_copy(fixtures::two_modules(), tmp.path(), &key);
  auto a = open_artifact(path);
  auto c = a.container;
  auto manifest = c.find(kSectionWrpkitManifest)->data;
  seal_container(c, {}, nullptr);  // no files now
  CHECK(c.find(kSectionWrpkitSignature) == nullptr);
  CHECK(c.find(kSectionWrpkitManifest)->data != manifest);
  auto d = a.container;
  SigningKey key2{sealed::kKey2, "key2.pem", sign_ed25519(sealed::kKey2, "k2", {}).key};
  sign_container(d, key2);
  CHECK(d.find(kSectionWrpkitManifest)->data == manifest);
  CHECK(d.sections.size() == a.container.sections.size());
  CHECK(parse_signature("x", d.find(kSectionWrpkitSignature)->data, 0).key_id == key2.key.id());
}
