#include "wrpkit/trust/signature.hpp"

#include <fmt/format.h>

#include "wrpkit/base/error.hpp"
#include "wrpkit/trust/ed25519.hpp"

namespace wrp {

namespace {

int nibble(char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; }

}  // namespace

Bytes serialize_signature(const SignatureRecord& s) {
  std::string sig;
  for (uint8_t b : s.signature) sig += fmt::format("{:02x}", b);
  auto text = fmt::format("wrpkit-signature 1\ned25519 {} {}\n", s.key_id, sig);
  return Bytes(text.begin(), text.end());
}

SignatureRecord parse_signature(const std::string& file, ByteView data, uint64_t origin) {
  // The one spelling serialize_signature writes: fixed lengths, lowercase hex.
  constexpr std::string_view head = "wrpkit-signature 1\ned25519 ";
  constexpr size_t key_at = head.size(), sig_at = key_at + 65, size = sig_at + 2 * kEd25519SignatureSize + 1;
  std::string_view text(reinterpret_cast<const char*>(data.data()), data.size());
  auto bad = [&](size_t at, std::string_view what) {
    fail(Exit::bad_input,
         fmt::format("{}: wrpkit signature at byte {}: {}; re-sign the artifact (wrp-build --sign-only)", file,
                     hex_offset(origin + at), what));
  };
  if (!text.starts_with(head)) bad(0, "expected 'wrpkit-signature 1' then 'ed25519 KEY_ID SIGNATURE'");
  if (text.size() != size || text[sig_at - 1] != ' ' || text.back() != '\n')
    bad(key_at, fmt::format("{} bytes where the signature record is {}", text.size(), size));
  SignatureRecord s;
  for (size_t i = key_at; i < key_at + 64; ++i)
    if (nibble(text[i]) < 0) bad(i, "the key id is not 64 lowercase hex digits");
  s.key_id = std::string(text.substr(key_at, 64));
  for (size_t i = sig_at; i + 1 < size; i += 2) {
    int hi = nibble(text[i]), lo = nibble(text[i + 1]);
    if (hi < 0 || lo < 0) bad(i, "the signature is not 128 lowercase hex digits");
    s.signature.push_back(uint8_t(hi << 4 | lo));
  }
  return s;
}

}  // namespace wrp
