#include "wrpkit/trust/seal.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "wrpkit/base/error.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/formats/container.hpp"
#include "wrpkit/formats/module_binary.hpp"
#include "wrpkit/trust/manifest.hpp"
#include "wrpkit/trust/signature.hpp"

namespace wrp {

SigningKey read_signing_key(const std::filesystem::path& pem_file) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(pem_file, ec))
    fail(Exit::usage, fmt::format("--sign {}: no such file; make a key with `openssl genpkey -algorithm ed25519 -out "
                                  "KEY.pem`",
                                  pem_file.string()));
  Bytes pem;
  try {
    pem = read_file(pem_file);
  } catch (const Error& e) {
    fail(Exit::usage, fmt::format("--sign: {}", e.what()));
  }
  SigningKey k{std::string(pem.begin(), pem.end()), pem_file.string(), {}};
  k.key = sign_ed25519(k.pem, k.path, {}).key;  // the key and libcrypto, checked once up front
  return k;
}

void seal_container(Container& c, const std::vector<SealedFile>& files, const SigningKey* key) {
  std::erase_if(c.sections, [](const Section& s) { return !covered_by_manifest(s.type); });
  Manifest m{manifest_header(c), {}, {}};
  for (auto& s : c.sections) m.sections.push_back(manifest_section(s.type, s.flags, s.data));
  for (auto& f : files) {
    ManifestFile mf{f.name, f.bytes.size(), sha256_hex(f.bytes), {}};
    if (f.module_binary) {
      auto bin = read_module_binary(f.name, f.bytes);
      for (size_t i = 0; i < bin.images.size(); ++i) {
        auto bytes = bin.images[i].bytes_in(f.bytes);
        mf.images.push_back({uint32_t(i), bin.images[i].arch.str(), bytes.size(), sha256_hex(bytes)});
      }
    }
    m.files.push_back(std::move(mf));
  }
  std::sort(m.files.begin(), m.files.end(), [](auto& x, auto& y) { return x.name < y.name; });
  for (size_t i = 1; i < m.files.size(); ++i)
    if (m.files[i].name == m.files[i - 1].name)
      fail(Exit::internal, fmt::format("two files named {} in one modules folder", m.files[i].name));
  c.sections.push_back({kSectionWrpkitManifest, 0, 0, serialize_manifest(m)});
  if (key) sign_container(c, *key);
}

void sign_container(Container& c, const SigningKey& key) {
  auto* manifest = c.find(kSectionWrpkitManifest);
  if (!manifest) fail(Exit::internal, "signing an artifact without a manifest");
  auto s = sign_ed25519(key.pem, key.path, manifest->data);
  std::erase_if(c.sections, [](const Section& s) { return s.type == kSectionWrpkitSignature; });
  c.sections.push_back({kSectionWrpkitSignature, 0, 0, serialize_signature({s.key.id(), s.signature})});
}

}  // namespace wrp
