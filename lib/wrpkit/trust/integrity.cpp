#include "wrpkit/trust/integrity.hpp"

#include <fmt/format.h>

#include <algorithm>

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

void compare_sections(Integrity& in, const std::string& file, const Container& c, const Manifest& m) {
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
    auto got = manifest_section(s.type, s.flags, s.data);
    if (got == want) continue;
    std::string what;
    if (got.type != want.type)
      what = fmt::format("is table entry {} where the wrpkit manifest lists {}", i, section_label(want.type));
    else if (got.flags != want.flags)
      what = fmt::format("has flags {} where the wrpkit manifest records {}", got.flags, want.flags);
    else
      what = fmt::format(
          "differs from the wrpkit manifest: {} bytes with SHA-256 {}... where it records {} bytes with {}...",
          got.size, short_digest(got.sha256), want.size, short_digest(want.sha256));
    in.problems.push_back({"section_digest_mismatch", "",
                           fmt::format("{}: {} at byte {} {}; {}", file, section_label(s.type),
                                       hex_offset(s.file_offset), what, kDamaged)});
  }
}

}  // namespace

Integrity check_sections(const std::string& file, const Container& c) {
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
  compare_sections(in, file, c, *in.manifest);
  return in;
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
