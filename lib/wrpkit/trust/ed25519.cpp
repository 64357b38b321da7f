#include "wrpkit/trust/ed25519.hpp"

#include <fmt/format.h>

#include <map>
#include <memory>
#include <mutex>

#include "wrpkit/base/dynlib.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/hash.hpp"

namespace wrp {

namespace {

using Pkey = void;                 // EVP_PKEY
using Bio = void;                  // BIO
using MdCtx = void;                // EVP_MD_CTX
constexpr int kNidEd25519 = 1087;  // NID_ED25519 / EVP_PKEY_ED25519 in every OpenSSL since 1.1.1

// The libcrypto calls used, one list: it declares the table and binds it.
#define WRP_LIBCRYPTO_FUNCTIONS(X)                                                               \
  X(BIO_new_mem_buf, Bio*, (const void*, int))                                                   \
  X(BIO_free, int, (Bio*))                                                                       \
  X(PEM_read_bio_PrivateKey, Pkey*, (Bio*, Pkey**, void*, void*))                                \
  X(PEM_read_bio_PUBKEY, Pkey*, (Bio*, Pkey**, void*, void*))                                    \
  X(EVP_PKEY_new_raw_public_key, Pkey*, (int, void*, const unsigned char*, size_t))              \
  X(EVP_PKEY_get_raw_public_key, int, (const Pkey*, unsigned char*, size_t*))                    \
  X(EVP_PKEY_free, void, (Pkey*))                                                                \
  X(EVP_MD_CTX_new, MdCtx*, ())                                                                  \
  X(EVP_MD_CTX_free, void, (MdCtx*))                                                             \
  X(EVP_DigestSignInit, int, (MdCtx*, void**, const void*, void*, Pkey*))                        \
  X(EVP_DigestSign, int, (MdCtx*, unsigned char*, size_t*, const unsigned char*, size_t))        \
  X(EVP_DigestVerifyInit, int, (MdCtx*, void**, const void*, void*, Pkey*))                      \
  X(EVP_DigestVerify, int, (MdCtx*, const unsigned char*, size_t, const unsigned char*, size_t)) \
  X(ERR_get_error, unsigned long, ())                                                            \
  X(ERR_error_string_n, void, (unsigned long, char*, size_t))

struct Crypto {
#define WRP_DECLARE(name, ret, args) ret(*name) args = nullptr;
  WRP_LIBCRYPTO_FUNCTIONS(WRP_DECLARE)
#undef WRP_DECLARE
  // OpenSSL 3 renamed EVP_PKEY_id to EVP_PKEY_get_id; either is bound.
  int (*pkey_id)(const Pkey*) = nullptr;
  DynLib lib;

  // The oldest error on OpenSSL's queue as text (the queue is emptied).
  std::string error() const {
    unsigned long first = ERR_get_error();
    while (ERR_get_error()) {}
    if (!first) return "no reason given";
    char buf[256];
    ERR_error_string_n(first, buf, sizeof buf);
    return buf;
  }
};

const Crypto& crypto() {
  static std::once_flag once;
  static Crypto c;
  static std::string failure;
  std::call_once(once, [] {
    if (!c.lib.open_first({"libcrypto.so.3", "libcrypto.so.1.1", "libcrypto.so"})) {
      failure = fmt::format(
          "signatures need OpenSSL's libcrypto (1.1.1 or newer), which did not load: {}; install "
          "OpenSSL (libssl3 / openssl-libs)",
          c.lib.error());
      return;
    }
    try {
#define WRP_BIND(name, ret, args) c.lib.require(c.name, #name, "OpenSSL's libcrypto 1.1.1 or newer");
      WRP_LIBCRYPTO_FUNCTIONS(WRP_BIND)
#undef WRP_BIND
      if (!c.lib.get(c.pkey_id, "EVP_PKEY_get_id")) c.lib.require(c.pkey_id, "EVP_PKEY_id", "OpenSSL's libcrypto");
    } catch (const Error& e) {
      failure = e.what();
    }
  });
  if (!failure.empty()) fail(Exit::toolchain, failure);
  return c;
}

using KeyPtr = std::unique_ptr<Pkey, void (*)(Pkey*)>;

KeyPtr read_pem(const Crypto& c, std::string_view pem, bool is_private, const std::string& what) {
  if (pem.size() > 64 * 1024) fail(Exit::usage, fmt::format("{}: {} bytes is not a PEM key", what, pem.size()));
  auto* bio = c.BIO_new_mem_buf(pem.data(), int(pem.size()));
  if (!bio) fail(Exit::toolchain, "libcrypto: BIO_new_mem_buf failed (out of memory?)");
  Pkey* k = is_private ? c.PEM_read_bio_PrivateKey(bio, nullptr, nullptr, nullptr)
                       : c.PEM_read_bio_PUBKEY(bio, nullptr, nullptr, nullptr);
  c.BIO_free(bio);
  KeyPtr key(k, c.EVP_PKEY_free);
  if (!key)
    fail(Exit::usage, fmt::format("{}: not a PEM {} key ({}); make one with `openssl genpkey -algorithm ed25519 -out "
                                  "KEY.pem` and its public half with `openssl pkey -in KEY.pem -pubout -out PUB.pem`",
                                  what, is_private ? "private" : "public", c.error()));
  if (c.pkey_id(key.get()) != kNidEd25519)
    fail(Exit::usage, fmt::format("{}: the key is not an Ed25519 key; wrpkit signs with Ed25519 only (`openssl "
                                  "genpkey -algorithm ed25519`)",
                                  what));
  return key;
}

PublicKey raw_public(const Crypto& c, const Pkey* key) {
  PublicKey pub{Bytes(kEd25519KeySize)};
  size_t n = pub.raw.size();
  if (c.EVP_PKEY_get_raw_public_key(key, pub.raw.data(), &n) != 1 || n != kEd25519KeySize)
    fail(Exit::toolchain, "libcrypto: could not read the Ed25519 public key: " + c.error());
  return pub;
}

}  // namespace

std::string PublicKey::id() const { return sha256_hex(raw); }

PublicKey read_public_key_pem(std::string_view pem, const std::string& what) {
  // A loader is given its trusted keys as PEM text at every load; OpenSSL 3's PEM decoder
  // costs ~0.6 ms a key on a 2-core VM, more than checking the signature. The same text is
  // the same key: each is decoded once per process (errors are not kept: each call reports).
  static std::mutex mu;
  static std::map<std::string, PublicKey, std::less<>> decoded;
  {
    std::lock_guard lock(mu);
    if (auto it = decoded.find(pem); it != decoded.end()) return it->second;
  }
  auto& c = crypto();
  auto key = raw_public(c, read_pem(c, pem, false, what).get());
  std::lock_guard lock(mu);
  if (decoded.size() >= 64) decoded.clear();  // a process handed ever new keys keeps no more than these
  return decoded.emplace(std::string(pem), key).first->second;
}

Signed sign_ed25519(std::string_view private_pem, const std::string& what, ByteView message) {
  auto& c = crypto();
  auto key = read_pem(c, private_pem, true, what);
  Signed out{raw_public(c, key.get()), Bytes(kEd25519SignatureSize)};
  std::unique_ptr<MdCtx, void (*)(MdCtx*)> ctx(c.EVP_MD_CTX_new(), c.EVP_MD_CTX_free);
  size_t n = out.signature.size();
  if (!ctx || c.EVP_DigestSignInit(ctx.get(), nullptr, nullptr, nullptr, key.get()) != 1 ||
      c.EVP_DigestSign(ctx.get(), out.signature.data(), &n, message.data(), message.size()) != 1 ||
      n != kEd25519SignatureSize)
    fail(Exit::toolchain, fmt::format("{}: signing failed in libcrypto: {}", what, c.error()));
  return out;
}

bool verify_ed25519(const PublicKey& key, ByteView message, ByteView signature) {
  if (key.raw.size() != kEd25519KeySize || signature.size() != kEd25519SignatureSize) return false;
  auto& c = crypto();
  KeyPtr k(c.EVP_PKEY_new_raw_public_key(kNidEd25519, nullptr, key.raw.data(), key.raw.size()), c.EVP_PKEY_free);
  std::unique_ptr<MdCtx, void (*)(MdCtx*)> ctx(c.EVP_MD_CTX_new(), c.EVP_MD_CTX_free);
  if (!k || !ctx || c.EVP_DigestVerifyInit(ctx.get(), nullptr, nullptr, nullptr, k.get()) != 1)
    fail(Exit::toolchain, "libcrypto: could not set up an Ed25519 check: " + c.error());
  bool ok = c.EVP_DigestVerify(ctx.get(), signature.data(), signature.size(), message.data(), message.size()) == 1;
  c.error();  // a failed check leaves a reason on the queue: drop it
  return ok;
}

}  // namespace wrp
