#include "wrpkit/trust/integrity.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "wrpkit/base/background.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/formats/container.hpp"

namespace wrp {

namespace {

std::string section_label(uint32_t type) { return fmt::format("section {} (type 0x{:x})", section_name(type), type); }

void compare_header(Integrity& in, const std::string& file, const ManifestHeader& got, const ManifestHeader& want) {
  auto field = [&](const char* name, auto g, auto w) {
    if (g != w)
      in.problems.push_back(
          {"section_digest_mismatch", "",
           fmt::format("{}: header.{} is {} but the wrpkit manifest records {}; {}", file, name, g, w, kDamaged)});
  };
  field("version", got.version, want.version);
  field("flags", got.flags, want.flags);
  field("device_type", got.device, want.device);
  field("target_arch", got.target_arch, want.target_arch);
  field("reserved", got.reserved, want.reserved);
}

// Below this, handing the digest over costs about what computing it does (10 us).
constexpr uint64_t kDeferredDigestBytes = 16 * 1024;

bool may_defer(const Section& s, DigestTiming timing) {
  return timing == DigestTiming::memory_deferred && s.type == kSectionMemory && s.data.size() >= kDeferredDigestBytes &&
         !std::getenv("WRPKIT_SERIAL_LOAD");
}

// Where a section differs from its manifest line (i: its place in the manifest).
std::string mismatch_message(const std::string& file, uint32_t type, uint64_t file_offset, const ManifestSection& got,
                             const ManifestSection& want, size_t i) {
  std::string what;
  if (got.type != want.type)
    what = fmt::format("is table entry {} where the wrpkit manifest lists {}", i, section_label(want.type));
  else if (got.flags != want.flags)
    what = fmt::format("has flags {} where the wrpkit manifest records {}", got.flags, want.flags);
  else
    what = fmt::format(
        "differs from the wrpkit manifest: {} bytes with SHA-256 {}... where it records {} bytes with {}...", got.size,
        short_digest(got.sha256), want.size, short_digest(want.sha256));
  return fmt::format("{}: {} at byte {} {}; {}", file, section_label(type), hex_offset(file_offset), what, kDamaged);
}

// The section's SHA-256 on the background thread (background.hpp), compared by
// finish_deferred_digest; where there is none, on the loading thread when that asks for it.
void defer_digest(Integrity& in, const std::string& file, const Section& s, const ManifestSection& want, size_t i,
                  const std::shared_future<void>& read) {
  auto bytes = s.data;  // shares the file's pages: alive for the job whatever happens to the container
  auto sha256 = background::run<std::string>([bytes, read] {
    if (read.valid()) read.get();  // a staged read's span (shared_bytes.hpp)
    return sha256_hex(bytes);
  });
  in.deferred = DeferredDigest{
      file, s.file_offset, i, {s.type, s.flags, s.data.size(), ""}, want, in.problems.size(), std::move(sha256)};
}

void compare_sections(Integrity& in, const std::string& file, const Container& c, const Manifest& m,
                      DigestTiming timing, const std::shared_future<void>& memory_read) {
  std::vector<const Section*> sections;
  for (auto& s : c.sections)
    if (covered_by_manifest(s.type)) sections.push_back(&s);
  for (size_t i = 0; i < std::max(sections.size(), m.sections.size()); ++i) {
    if (i >= m.sections.size()) {
      in.problems.push_back(
          {"section_digest_mismatch", "",
           fmt::format("{}: {} at byte {} is not in the wrpkit manifest; {}", file, section_label(sections[i]->type),
                       hex_offset(sections[i]->file_offset), kDamaged)});
      continue;
    }
    auto& want = m.sections[i];
    if (i >= sections.size()) {
      in.problems.push_back({"section_digest_mismatch", "",
                             fmt::format("{}: the wrpkit manifest lists {} ({} bytes), which the file lacks; {}", file,
                                         section_label(want.type), want.size, kDamaged)});
      continue;
    }
    auto& s = *sections[i];
    auto read = s.type == kSectionMemory ? memory_read : std::shared_future<void>();
    if (may_defer(s, timing) && !in.deferred) {
      defer_digest(in, file, s, want, i, read);
      continue;
    }
    if (read.valid()) read.get();
    auto got = manifest_section(s.type, s.flags, s.data);
    if (got != want)
      in.problems.push_back(
          {"section_digest_mismatch", "", mismatch_message(file, s.type, s.file_offset, got, want, i)});
  }
}

}  // namespace

Integrity check_sections(const std::string& file, const Container& c, DigestTiming timing,
                         const std::shared_future<void>& memory_read) {
  Integrity in;
  auto* ms = c.find(kSectionWrpkitManifest);
  auto* ss = c.find(kSectionWrpkitSignature);
  if (ms) {
    try {
      in.manifest = parse_manifest(file, ms->data, ms->file_offset);
    } catch (const Error& e) {
      in.problems.push_back({"manifest_invalid", "", e.what()});
    }
  }
  if (ss) {
    try {
      in.signature = parse_signature(file, ss->data, ss->file_offset);
    } catch (const Error& e) {
      in.problems.push_back({"signature_invalid", "", e.what()});
    }
    if (!ms)
      in.problems.push_back({"manifest_missing", "",
                             fmt::format("{}: a wrpkit signature but no manifest for it to sign; {}", file, kDamaged)});
  }
  if (!in.manifest) return in;
  compare_header(in, file, manifest_header(c), in.manifest->header);
  compare_sections(in, file, c, *in.manifest, timing, memory_read);
  return in;
}

void finish_deferred_digest(Integrity& in) {
  if (!in.deferred) return;
  auto d = std::move(*in.deferred);
  in.deferred.reset();
  d.got.sha256 = d.sha256.get();
  if (d.got == d.want) return;
  auto at = in.problems.begin() + long(std::min(d.problem_index, in.problems.size()));
  in.problems.insert(at, {"section_digest_mismatch", "",
                          mismatch_message(d.file, d.got.type, d.file_offset, d.got, d.want, d.manifest_index)});
}

bool check_module_file(Integrity& in, const std::string& path, const std::string& name, uint64_t size,
                       const std::string& digest) {
  if (!in.manifest) return true;
  in.files_checked.push_back(name);
  auto* want = in.manifest->file(name);
  if (!want) {
    in.problems.push_back(
        {"module_digest_mismatch", name,
         fmt::format("{}: the file is not in the wrpkit manifest, so nothing vouches for it; {}", path, kDamaged)});
    return false;
  }
  if (size == want->size && digest == want->sha256) return true;
  in.problems.push_back(
      {"module_digest_mismatch", name,
       fmt::format("{}: differs from the wrpkit manifest: {} bytes with SHA-256 {}... where it records "
                   "{} bytes with {}...; {}",
                   path, size, short_digest(digest), want->size, short_digest(want->sha256), kDamaged)});
  return false;
}

std::string integrity_error(const Integrity& in) {
  if (in.problems.empty()) return {};
  auto& first = in.problems.front().message;
  if (in.problems.size() == 1) return first;
  return fmt::format("{} (and {} more problem{}: wrp-inspect --verify lists them)", first, in.problems.size() - 1,
                     in.problems.size() == 2 ? "" : "s");
}

}  // namespace wrp
