#include "wrpkit/formats/module_binary.hpp"

#include <fmt/format.h>

#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/elf.hpp"

namespace wrp {

const char* module_kind_name(ModuleKind k) {
  switch (k) {
    case ModuleKind::ptx: return "ptx";
    case ModuleKind::cubin: return "cubin";
    case ModuleKind::fatbin: return "fatbin";
    case ModuleKind::object: return "object";
  }
  return "?";
}

const Image* ModuleBinary::lowest_ptx() const {
  const Image* best = nullptr;
  for (auto& i : images)
    if (i.kind == ImageKind::ptx && (!best || i.arch.number() < best->arch.number())) best = &i;
  return best;
}

std::string ModuleBinary::image_list(std::string_view sep) const {
  std::string s;
  for (auto& i : images) s += fmt::format("{}{}", s.empty() ? "" : sep, i.arch.str());
  return s.empty() ? "no GPU code" : s;
}

bool ModuleBinary::has_sass() const {
  for (auto& i : images)
    if (i.kind == ImageKind::sass) return true;
  return false;
}

// The CUDA release of a cubin's compiler: its toolkit note, else what its ABI says
// (version 8 below sm_100 only CUDA 13 writes; version 7 only CUDA 12 and older).
static std::optional<CudaVersion> elf_release(const ElfInfo& e) {
  if (e.release) return e.release;
  if (e.abi_version >= 8 && e.arch.major < 10) return CudaVersion{13, 0};
  if (e.abi_version == 7) return CudaVersion{12, 0};
  return std::nullopt;
}

static void describe_sass(Image& i, const ElfInfo& e) {
  i.entries = e.entries;
  i.entries_known = true;
  i.elf_abi = e.abi_version;
  i.release = elf_release(e);
}

static Image image_from_elf(const ElfInfo& e, uint64_t size) {
  Image i;
  i.kind = ImageKind::sass;
  i.arch = e.arch;
  i.size = i.span = size;
  describe_sass(i, e);
  return i;
}

static Image image_from_ptx(const PtxInfo& p, uint64_t size, uint64_t span) {
  Image i;
  i.kind = ImageKind::ptx;
  i.arch = p.target;
  i.size = size;
  i.span = span;
  i.ptx_isa = p.isa();
  i.isa = isa_number(i.ptx_isa);
  i.entries = p.entries;
  i.entries_known = true;
  i.release = release_for_ptx_isa(i.isa);
  return i;
}

ModuleBinary read_module_binary(const std::string& file, ByteView data) {
  ModuleBinary m;
  if (looks_like_fatbin(data)) {
    m.kind = ModuleKind::fatbin;
    for (auto& e : parse_fatbin(file, data)) {
      Image i;
      i.kind = e.kind;
      i.arch = e.arch;
      i.size = e.payload_size;
      i.offset = e.offset;
      i.span = e.size;
      i.compressed = e.compressed;
      if (e.kind == ImageKind::ptx) {
        i.ptx_isa = fmt::format("{}.{}", e.ptx_major, e.ptx_minor);
        i.isa = isa_number(i.ptx_isa);  // as the string reads: a major past two digits is refused there
        i.release = release_for_ptx_isa(i.isa);
      }
      if (!e.compressed) {
        auto payload = data.subspan(e.offset, e.size);
        auto where = fmt::format("{} (fatbin entry at byte {})", file, e.offset);
        if (e.kind == ImageKind::sass) {
          describe_sass(i, parse_elf(where, payload));
        } else if (e.kind == ImageKind::ptx) {
          i.entries = parse_ptx(where, payload).entries;
          i.entries_known = true;
        }
      }
      m.images.push_back(std::move(i));
    }
    return m;
  }
  if (looks_like_elf(data)) {
    auto e = parse_elf(file, data);
    if (!e.is_cuda()) {
      m.kind = ModuleKind::object;
      return m;
    }
    m.kind = ModuleKind::cubin;
    m.images.push_back(image_from_elf(e, data.size()));
    return m;
  }
  if (looks_like_ptx(data)) {
    m.kind = ModuleKind::ptx;
    m.ptx = parse_ptx(file, data);
    m.images.push_back(image_from_ptx(*m.ptx, strip_trailing_nuls(data).size(), data.size()));
    return m;
  }
  fail_damaged(fmt::format("{}: not PTX, a cubin, a fatbin or an object file (first bytes {:02x})", file,
                           fmt::join(data.first(std::min<size_t>(4, data.size())), " ")));
}

}  // namespace wrp
