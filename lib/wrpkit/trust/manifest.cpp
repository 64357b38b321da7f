#include "wrpkit/trust/manifest.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "wrpkit/base/error.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/formats/container.hpp"
#include "wrpkit/formats/metadata.hpp"

namespace wrp {

namespace {

constexpr std::string_view kMagic = "wrpkit-manifest 1";

std::string hex(ByteView b) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (uint8_t c : b) out += {digits[c >> 4], digits[c & 15]};
  return out;
}

bool is_hex(std::string_view s, size_t n) {
  return s.size() == n &&
         std::all_of(s.begin(), s.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

bool is_arch_token(std::string_view s) {
  return !s.empty() && s.size() <= 32 && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

// One line of the manifest being read: its words and where it is, for errors.
struct Line {
  const std::string* file;
  uint64_t offset = 0;
  size_t number = 0;
  std::vector<std::string_view> words;

  [[noreturn]] void bad(std::string_view what) const {
    fail(Exit::bad_input, fmt::format("{}: wrpkit manifest at byte {}, line {}: {}; the artifact is damaged: rebuild "
                                      "it with wrp-build",
                                      *file, hex_offset(offset), number, what));
  }
  void expect(size_t n, std::string_view form) const {
    if (words.size() != n) bad(fmt::format("expected '{}'", form));
  }
  template <class T>
  T number_at(size_t i, std::string_view what) const {
    T v{};
    auto w = words[i];
    auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
    if (ec != std::errc() || end != w.data() + w.size() || w.empty() || (w.size() > 1 && w[0] == '0'))
      bad(fmt::format("{} '{}' is not a decimal number", what, printable(w)));
    return v;
  }
  std::string digest_at(size_t i) const {
    if (!is_hex(words[i], 64)) bad(fmt::format("'{}' is not a SHA-256 (64 lowercase hex digits)", printable(words[i])));
    return std::string(words[i]);
  }
};

// What has been read so far: lines come in a fixed order (header, sections, files with their images, end).
struct ManifestReading {
  Manifest m;
  bool header = false, ended = false;
};

std::vector<std::string_view> split_words(std::string_view body) {
  std::vector<std::string_view> words;
  for (size_t p = 0; p <= body.size();) {
    auto sp = std::min(body.find(' ', p), body.size());
    words.push_back(body.substr(p, sp - p));
    p = sp + 1;
  }
  return words;
}

void read_header_line(const Line& line, ManifestReading& r) {
  line.expect(6, "header VERSION FLAGS DEVICE TARGET_ARCH RESERVED");
  if (r.header || !r.m.sections.empty()) line.bad("a second header, or one after the sections");
  if (!is_hex(line.words[5], 70)) line.bad("the reserved bytes are not 70 lowercase hex digits");
  r.m.header = {line.number_at<uint32_t>(1, "version"), line.number_at<uint32_t>(2, "flags"),
                line.number_at<uint32_t>(3, "device"), line.number_at<uint32_t>(4, "target_arch"),
                std::string(line.words[5])};
  r.header = true;
}

void read_section_line(const Line& line, ManifestReading& r) {
  line.expect(5, "section TYPE FLAGS SIZE SHA256");
  if (!r.header || !r.m.files.empty()) line.bad("a section line outside the header's block");
  if (!is_hex(line.words[1], 8)) line.bad("the section type is not 8 lowercase hex digits");
  uint32_t type = 0;
  std::from_chars(line.words[1].data(), line.words[1].data() + 8, type, 16);
  r.m.sections.push_back(
      {type, line.number_at<uint32_t>(2, "flags"), line.number_at<uint64_t>(3, "size"), line.digest_at(4)});
}

void read_file_line(const Line& line, ManifestReading& r) {
  line.expect(4, "file NAME SIZE SHA256");
  if (!r.header) line.bad("a file line before the header");
  std::string name(line.words[1]);
  if (!is_safe_module_filename(name)) line.bad(fmt::format("'{}' is not a bare file name", printable(name)));
  if (!r.m.files.empty() && r.m.files.back().name >= name) line.bad("file names are not sorted and unique");
  r.m.files.push_back({name, line.number_at<uint64_t>(2, "size"), line.digest_at(3), {}});
}

void read_image_line(const Line& line, ManifestReading& r) {
  line.expect(5, "image INDEX ARCH SIZE SHA256");
  if (r.m.files.empty()) line.bad("an image line before any file line");
  auto& images = r.m.files.back().images;
  auto index = line.number_at<uint32_t>(1, "index");
  if (index != images.size()) line.bad(fmt::format("image index {} where {} comes next", index, images.size()));
  if (!is_arch_token(line.words[2])) line.bad(fmt::format("'{}' is not an arch name", printable(line.words[2])));
  images.push_back({index, std::string(line.words[2]), line.number_at<uint64_t>(3, "size"), line.digest_at(4)});
}

// One line after the magic, by its first word.
void read_line(const Line& line, std::string_view body, ManifestReading& r) {
  auto kind = line.words[0];
  if (kind == "header")
    read_header_line(line, r);
  else if (kind == "section")
    read_section_line(line, r);
  else if (kind == "file")
    read_file_line(line, r);
  else if (kind == "image")
    read_image_line(line, r);
  else if (kind == "end" && line.words.size() == 1)
    r.ended = true;
  else
    line.bad(fmt::format("unknown line '{}'", printable(body.substr(0, 40))));
}

}  // namespace

const ManifestFile* Manifest::file(const std::string& name) const {
  for (auto& f : files)
    if (f.name == name) return &f;
  return nullptr;
}

bool covered_by_manifest(uint32_t type) { return type != kSectionWrpkitManifest && type != kSectionWrpkitSignature; }

ManifestHeader manifest_header(const Container& c) {
  Bytes reserved(c.reserved_dt.begin(), c.reserved_dt.end());
  Writer w;
  for (auto v : c.reserved) w.u32(v);
  reserved.insert(reserved.end(), w.bytes().begin(), w.bytes().end());
  return {c.version, c.flags, c.device, c.target_arch, hex(reserved)};
}

ManifestSection manifest_section(uint32_t type, uint32_t flags, ByteView data) {
  return {type, flags, data.size(), sha256_hex(data)};
}

Bytes serialize_manifest(const Manifest& m) {
  std::string s = fmt::format("{}\nheader {} {} {} {} {}\n", kMagic, m.header.version, m.header.flags, m.header.device,
                              m.header.target_arch, m.header.reserved);
  for (auto& sec : m.sections) s += fmt::format("section {:08x} {} {} {}\n", sec.type, sec.flags, sec.size, sec.sha256);
  for (auto& f : m.files) {
    s += fmt::format("file {} {} {}\n", f.name, f.size, f.sha256);
    for (auto& i : f.images) s += fmt::format("image {} {} {} {}\n", i.index, i.arch, i.size, i.sha256);
  }
  s += "end\n";
  return Bytes(s.begin(), s.end());
}

Manifest parse_manifest(const std::string& file, ByteView data, uint64_t origin) {
  std::string_view text(reinterpret_cast<const char*>(data.data()), data.size());
  ManifestReading r;
  size_t number = 0, at = 0;
  Line line{&file};
  while (at < text.size()) {
    auto nl = text.find('\n', at);
    line = Line{&file, origin + at, ++number, {}};
    if (nl == std::string_view::npos) line.bad("the last line does not end with a newline");
    auto body = text.substr(at, nl - at);
    if (r.ended) line.bad("text after 'end'");
    if (number == 1) {
      if (body != kMagic) line.bad(fmt::format("expected '{}'", kMagic));
    } else {
      line.words = split_words(body);
      read_line(line, body, r);
    }
    at = nl + 1;
  }
  if (number == 0) Line{&file, origin, 1, {}}.bad("empty");
  if (!r.header) line.bad("no header line");
  if (!r.ended) line.bad("no 'end' line: the manifest is cut short");
  if (serialize_manifest(r.m) != Bytes(data.begin(), data.end())) line.bad("not in canonical form");
  return r.m;
}

}  // namespace wrp
