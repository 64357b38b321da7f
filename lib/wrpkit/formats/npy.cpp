#include "wrpkit/formats/npy.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cstring>

#include "wrpkit/base/error.hpp"

namespace wrp {

namespace {

constexpr char kMagic[] = "\x93NUMPY";

[[noreturn]] void bad(const std::string& name, const std::string& what) {
  fail(Exit::usage, fmt::format("{}: not a usable .npy file: {}", name, what));
}

// The value text after 'key': in the header's Python dict literal.
std::string dict_value(const std::string& h, const std::string& key, const std::string& name) {
  auto k = h.find("'" + key + "'");
  if (k == std::string::npos) bad(name, "the header has no '" + key + "'");
  auto colon = h.find(':', k);
  if (colon == std::string::npos) bad(name, "the header's '" + key + "' has no value");
  size_t at = colon + 1;
  while (at < h.size() && h[at] == ' ') ++at;
  char open = at < h.size() ? h[at] : 0;
  size_t end = open == '\'' ? h.find('\'', at + 1) + 1 : open == '(' ? h.find(')', at) + 1 : h.find_first_of(",}", at);
  if (end == std::string::npos || end == 0 || end > h.size()) bad(name, "the header's '" + key + "' is cut off");
  return h.substr(at, end - at);
}

uint64_t item_size(const std::string& descr, const std::string& name) {
  size_t i = 0;
  while (i < descr.size() && !std::isdigit(static_cast<unsigned char>(descr[i]))) ++i;
  if (i == descr.size() || descr.size() - i > 6) bad(name, "dtype '" + descr + "' has no item size");
  return std::stoull(descr.substr(i));
}

// "<f4[3,3]" -> base "<f4", dims {3, 3}; false where it is not that shape of name.
bool split_element(const std::string& element, std::string& base, std::vector<uint64_t>& dims) {
  auto open = element.find('[');
  base = element.substr(0, open);
  if (base.size() < 3 || base.size() > 6 || !std::strchr("<>|", base[0]) ||
      !std::isalpha(static_cast<unsigned char>(base[1])))
    return false;
  for (size_t i = 2; i < base.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(base[i]))) return false;
  if (open == std::string::npos) return true;
  if (element.back() != ']') return false;
  uint64_t d = 0;
  for (size_t i = open + 1; i < element.size(); ++i) {
    char c = element[i];
    if (std::isdigit(static_cast<unsigned char>(c)) && d < (uint64_t(1) << 32)) {
      d = d * 10 + uint64_t(c - '0');
    } else if ((c == ',' || c == ']') && d > 0) {
      dims.push_back(d);
      d = 0;
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

NpyArray parse_npy(ByteView b, const std::string& name) {
  if (b.size() < 10 || std::memcmp(b.data(), kMagic, 6) != 0) bad(name, "no \\x93NUMPY magic");
  uint8_t major = b[6];
  size_t header_len = 0, start = 0;
  if (major == 1) {
    header_len = b[8] | (size_t(b[9]) << 8);
    start = 10;
  } else if (major == 2 || major == 3) {
    if (b.size() < 12) bad(name, "header cut off");
    header_len = b[8] | (size_t(b[9]) << 8) | (size_t(b[10]) << 16) | (size_t(b[11]) << 24);
    start = 12;
  } else {
    bad(name, fmt::format("format version {} (1..3 are read)", major));
  }
  if (header_len > b.size() - start) bad(name, "header longer than the file");
  std::string h(reinterpret_cast<const char*>(b.data() + start), header_len);
  NpyArray a;
  auto descr = dict_value(h, "descr", name);
  if (descr.size() < 3 || descr.front() != '\'') bad(name, "dtype " + descr + " is not a plain type");
  a.descr = descr.substr(1, descr.size() - 2);
  if (dict_value(h, "fortran_order", name) != "False") bad(name, "Fortran order; save a C-order array");
  auto shape = dict_value(h, "shape", name);
  uint64_t count = 1;
  for (size_t i = 1; i + 1 < shape.size();) {
    while (i + 1 < shape.size() && !std::isdigit(static_cast<unsigned char>(shape[i]))) ++i;
    size_t j = i;
    while (j + 1 < shape.size() && std::isdigit(static_cast<unsigned char>(shape[j]))) ++j;
    if (j > i) {
      if (j - i > 15) bad(name, "a dimension over 15 digits");
      a.shape.push_back(std::stoull(shape.substr(i, j - i)));
      count *= a.shape.back();
    }
    i = j + 1;
  }
  uint64_t bytes = count * item_size(a.descr, name);
  uint64_t data_at = start + header_len;
  if (bytes != b.size() - data_at)
    bad(name, fmt::format("shape {} of {} needs {} data bytes, the file holds {}", shape, a.descr, bytes,
                          b.size() - data_at));
  a.data.assign(b.begin() + data_at, b.end());
  return a;
}

NpyArray read_npy(const std::filesystem::path& path) {
  Bytes b;
  try {
    b = read_file(path);
  } catch (const Error& e) {
    fail(Exit::usage, e.what());  // a --set file is the user's argument, not the artifact
  }
  return parse_npy(b, path.string());
}

Bytes npy_bytes(const NpyArray& a) {
  std::string shape;
  for (auto d : a.shape) shape += fmt::format("{}, ", d);
  if (a.shape.size() > 1)
    shape.resize(shape.size() - 2);
  else if (a.shape.size() == 1)
    shape.resize(shape.size() - 1);
  std::string h = fmt::format("{{'descr': '{}', 'fortran_order': False, 'shape': ({}), }}", a.descr, shape);
  // Pad so the data starts on a 64-byte boundary, ending in a newline (NumPy's own layout).
  size_t total = 10 + h.size() + 1;
  h.append((64 - total % 64) % 64, ' ');
  h += '\n';
  Bytes out(kMagic, kMagic + 6);
  out.push_back(1);
  out.push_back(0);
  out.push_back(uint8_t(h.size() & 0xff));
  out.push_back(uint8_t(h.size() >> 8));
  out.insert(out.end(), h.begin(), h.end());
  out.insert(out.end(), a.data.begin(), a.data.end());
  return out;
}

NpyArray typed_npy(const std::string& element, Bytes bytes) {
  std::string base;
  std::vector<uint64_t> dims;
  uint64_t size = bytes.size(), item = 0;
  if (split_element(element, base, dims)) {
    item = std::stoull(base.substr(2));
    for (auto d : dims) item = item && d <= (uint64_t(1) << 32) / item ? item * d : 0;
  }
  if (item == 0 || size % item != 0) return {"|u1", {size}, std::move(bytes)};
  std::vector<uint64_t> shape{size / item};
  shape.insert(shape.end(), dims.begin(), dims.end());
  return {base, std::move(shape), std::move(bytes)};
}

}  // namespace wrp
