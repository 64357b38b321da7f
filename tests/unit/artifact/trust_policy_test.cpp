// What a loader accepts (require_trusted, check_signature) for the three kinds of
// artifact a user meets: a capture as Warp saved it, a sealed build, a signed build.
#include "wrpkit/artifact/trust_policy.hpp"

#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "sealed.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/process.hpp"

using namespace wrp;
using namespace fixtures;

namespace {
PublicKey pub(const std::string& pem) { return read_public_key_pem(pem, "pub.pem"); }
}  // namespace

TEST_CASE("trust policy: a signature is checked only against the keys given, and named by its state") {
  TempDir dir;
  auto key = sealed::key1();
  auto signed_wrp = sealed::sealed_copy(fixtures::ptx75(), fs::path(dir.path()) / "signed", &key);
  auto sealed_wrp = sealed::sealed_copy(fixtures::ptx75(), fs::path(dir.path()) / "sealed");
  auto s = open_artifact(signed_wrp);
  CHECK(check_signature(s, {}) == SignatureCheck::not_checked);
  CHECK(check_signature(s, {pub(sealed::kPub1)}) == SignatureCheck::trusted);
  CHECK(check_signature(s, {pub(sealed::kPub2)}) == SignatureCheck::untrusted);
  CHECK(check_signature(s, {pub(sealed::kPub2), pub(sealed::kPub1)}) == SignatureCheck::trusted);
  CHECK(check_signature(open_artifact(sealed_wrp), {pub(sealed::kPub1)}) == SignatureCheck::none);
  CHECK(std::string(signature_check_name(SignatureCheck::untrusted)) == "untrusted");
  CHECK(std::string(verification_name(Verification::signed_by_trusted_key)) == "signed");
}

TEST_CASE("trust policy: each policy refuses with one line that says what to do") {
  TempDir dir;
  auto key = sealed::key1();
  auto signed_wrp = open_artifact(sealed::sealed_copy(fixtures::ptx75(), fs::path(dir.path()) / "s", &key));
  auto sealed_wrp = open_artifact(sealed::sealed_copy(fixtures::ptx75(), fs::path(dir.path()) / "u"));
  auto capture = open_artifact(fixtures::ptx75());
  CHECK(require_trusted(capture, {.allow_unverified = true}) == Verification::unverified);
  CHECK(require_trusted(sealed_wrp, {}) == Verification::verified);
  CHECK(require_trusted(signed_wrp, {.trusted = {pub(sealed::kPub1)}}) == Verification::signed_by_trusted_key);
  struct Case {
    const Artifact* a;
    TrustPolicy policy;
    const char* says;
  };
  Case cases[] = {
      {&capture, {}, "pass it through wrp-build once"},  // secure by default
      {&capture, {}, "or opt in to unverified input (wrp-run --allow-unverified; allow_unverified in the C API"},
      {&capture, {.trusted = {pub(sealed::kPub1)}}, "build it with wrp-build --sign KEY.pem"},
      {&sealed_wrp, {.trusted = {pub(sealed::kPub1)}}, "sign it with wrp-build --sign-only --sign KEY.pem"},
      {&signed_wrp, {.trusted = {pub(sealed::kPub2)}}, "which is not among the 1 trusted key; trust its public key"},
  };
  for (auto& c : cases) {
    CAPTURE(c.says);
    Exit code = Exit::ok;
    auto why = error_of([&] { require_trusted(*c.a, c.policy); }, &code);
    CHECK(code == Exit::bad_input);
    CHECK(why.find(c.says) != std::string::npos);
    CHECK(why.find('\n') == std::string::npos);
  }
}
