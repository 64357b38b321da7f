#include "wrpkit/artifact/raw_addresses.hpp"

#include <algorithm>
#include <cstring>
#include <string_view>

namespace wrp {

namespace {

constexpr uint64_t kNear = uint64_t(1) << 30;  // allocations of one process lie this close together
constexpr uint64_t kAlign = 16;

uint64_t u64_at(const Bytes& b, uint64_t at) {
  uint64_t v = 0;
  if (at + 8 <= b.size()) std::memcpy(&v, b.data() + at, 8);
  return v;
}

// The capture-time addresses the data-pointer relocations replace: where its arrays were.
std::pair<uint64_t, uint64_t> array_address_span(const std::vector<Op>& ops) {
  uint64_t lo = UINT64_MAX, hi = 0;
  for_each_op(ops, [&](const Op& o) {
    if (o.type != kOpLaunch) return;
    for (auto* list : {&o.launch.params, &o.launch.adjoint_params})
      for (auto& p : *list)
        for (auto& r : p.relocs)
          if (r.kind == kRelocDataPtr)
            if (uint64_t v = u64_at(o.launch.value_data, uint64_t(p.value_offset) + r.value_byte_offset)) {
              lo = std::min(lo, v);
              hi = std::max(hi, v);
            }
  });
  return {lo, hi};
}

// The type of parameter `index` of `entry` in CUDA source: "wp::uint64" ("" when not found).
std::string param_type(std::string_view src, const std::string& entry, uint16_t index) {
  auto at = src.find(" void " + entry + "(");
  if (at == std::string_view::npos) return "";
  at = src.find('(', at) + 1;
  int depth = 0;
  uint16_t n = 0;
  size_t start = at;
  for (size_t i = at; i < src.size(); ++i) {
    char c = src[i];
    if (c == '<' || c == '(') ++depth;
    if (c == '>' || (c == ')' && depth > 0)) --depth;
    bool end = c == ')' && depth < 0;
    if ((c == ',' && depth == 0) || end) {
      if (n == index) {
        auto decl = src.substr(start, i - start);
        auto first = decl.find_first_not_of(" \n\t");
        auto last = decl.find_last_of(" \n\t");
        return first == std::string_view::npos || last == std::string_view::npos || last < first
                   ? ""
                   : std::string(decl.substr(first, last - first));
      }
      if (end) break;
      ++n;
      start = i + 1;
    }
  }
  return "";
}

}  // namespace

std::vector<RawAddress> find_raw_addresses(const Artifact& a) {
  std::vector<RawAddress> out;
  auto span = array_address_span(a.ops.ops);
  uint64_t lo = span.first, hi = span.second;  // named: clang 14 lambdas cannot capture structured bindings
  if (lo > hi) return out;                     // no arrays: nothing to compare a number with
  for_each_op(a.ops.ops, [&](const Op& o) {
    if (o.type != kOpLaunch) return;
    auto& l = o.launch;
    for (auto& p : l.params) {
      if (p.value_size != 8 || !p.relocs.empty()) continue;
      uint64_t v = u64_at(l.value_data, p.value_offset);
      if (v % kAlign || v + kNear < lo || v > hi + kNear) continue;
      RawAddress r{l.kernel_key, p.index, v, false};
      if (auto* k = a.meta.kernel(l.module_hash, l.kernel_key)) {
        r.kernel = l.is_forward ? k->forward_name : k->backward_name;
        for (size_t m = 0; m < a.modules.size() && m < a.meta.modules.size(); ++m)
          if (a.meta.modules[m].hash == l.module_hash && a.modules[m].has_source()) {
            auto& s = a.modules[m].source;
            auto type =
                param_type(std::string_view(reinterpret_cast<const char*>(s.data()), s.size()), r.kernel, p.index);
            r.typed = type == "wp::uint64" || type == "wp::int64";
          }
      }
      out.push_back(r);
    }
  });
  return out;
}

}  // namespace wrp
