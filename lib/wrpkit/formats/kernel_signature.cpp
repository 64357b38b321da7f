#include "wrpkit/formats/kernel_signature.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <charconv>
#include <utility>

namespace wrp {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\n' || s.front() == '\t' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\n' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// Splits at commas outside <> and (): template arguments stay whole.
std::vector<std::string_view> split_top_level(std::string_view s) {
  std::vector<std::string_view> out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '<' || c == '(') ++depth;
    if (c == '>' || c == ')') --depth;
    if (c == ',' && depth == 0) {
      out.push_back(trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  if (auto last = trim(s.substr(start)); !last.empty()) out.push_back(last);
  return out;
}

// "NAME<ARGS>" -> ARGS when `s` is exactly that template; nullopt otherwise.
std::optional<std::string_view> template_args(std::string_view s, std::string_view name) {
  s = trim(s);
  if (!s.starts_with(name) || s.size() < name.size() + 2 || s[name.size()] != '<' || s.back() != '>')
    return std::nullopt;
  return s.substr(name.size() + 1, s.size() - name.size() - 2);
}

std::optional<uint32_t> number(std::string_view s) {
  s = trim(s);
  uint32_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || v == 0 || v > 64) return std::nullopt;
  return v;
}

// Warp's scalar types as its code generator spells them, and NumPy's names for them.
std::optional<std::string> scalar(std::string_view s) {
  static const std::pair<std::string_view, std::string_view> kScalars[] = {
      {"wp::float16", "<f2"}, {"wp::float32", "<f4"}, {"wp::float64", "<f8"}, {"wp::int8", "|i1"},
      {"wp::uint8", "|u1"},   {"wp::int16", "<i2"},   {"wp::uint16", "<u2"},  {"wp::int32", "<i4"},
      {"wp::uint32", "<u4"},  {"wp::int64", "<i8"},   {"wp::uint64", "<u8"},  {"wp::bool", "|b1"},
      {"bool", "|b1"},        {"float", "<f4"},       {"int", "<i4"}};
  s = trim(s);
  for (auto& [name, numpy] : kScalars)
    if (s == name) return std::string(numpy);
  return std::nullopt;
}

// A scalar, vec_t<N, T>, mat_t<R, C, T>, quat_t<T> (4) or transform_t<T> (7).
std::optional<ElementType> element(std::string_view s) {
  if (auto sc = scalar(s)) return ElementType{*sc, {}};
  auto with = [](std::string_view inner, std::vector<uint32_t> shape) -> std::optional<ElementType> {
    auto sc = scalar(inner);
    if (!sc) return std::nullopt;
    return ElementType{*sc, std::move(shape)};
  };
  if (auto args = template_args(s, "wp::vec_t")) {
    auto a = split_top_level(*args);
    auto n = a.size() == 2 ? number(a[0]) : std::nullopt;
    return n ? with(a[1], {*n}) : std::nullopt;
  }
  if (auto args = template_args(s, "wp::mat_t")) {
    auto a = split_top_level(*args);
    auto rows = a.size() == 3 ? number(a[0]) : std::nullopt, cols = a.size() == 3 ? number(a[1]) : std::nullopt;
    return rows && cols ? with(a[2], {*rows, *cols}) : std::nullopt;
  }
  if (auto args = template_args(s, "wp::quat_t")) return with(*args, {4});
  if (auto args = template_args(s, "wp::transform_t")) return with(*args, {7});
  return std::nullopt;
}

}  // namespace

std::string ElementType::str() const {
  return shape.empty() ? scalar : fmt::format("{}[{}]", scalar, fmt::join(shape, ","));
}

std::optional<std::vector<std::string>> kernel_params(std::string_view cu, std::string_view entry) {
  auto name = fmt::format("void {}(", entry);
  auto at = cu.find(name);
  if (at == std::string_view::npos) return std::nullopt;
  auto open = at + name.size();
  int depth = 1;
  size_t close = open;
  for (; close < cu.size() && depth > 0; ++close) {
    if (cu[close] == '(') ++depth;
    if (cu[close] == ')') --depth;
  }
  if (depth != 0) return std::nullopt;
  auto params = split_top_level(cu.substr(open, close - 1 - open));
  if (params.empty() || !trim(params.front()).starts_with("wp::launch_bounds_t")) return std::nullopt;
  std::vector<std::string> out;
  for (size_t i = 1; i < params.size(); ++i) out.emplace_back(params[i]);
  return out;
}

std::optional<ElementType> array_element(std::string_view declaration) {
  auto d = trim(declaration);
  auto space = d.rfind(' ');  // "TYPE var_NAME": the type is all before the name
  if (space == std::string_view::npos) return std::nullopt;
  auto type = trim(d.substr(0, space));
  for (auto kind : {"wp::array_t", "wp::indexedarray_t"})
    if (auto args = template_args(type, kind)) return element(*args);
  return std::nullopt;
}

}  // namespace wrp
