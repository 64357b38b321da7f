#include "wrpkit/ptx_prune.hpp"

#include <vector>

namespace wrp {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// If a comment or string literal starts at i, returns the index just past it.
size_t skip_comment_or_string(std::string_view t, size_t i) {
  if (t.compare(i, 2, "//") == 0) {
    auto e = t.find('\n', i);
    return e == std::string_view::npos ? t.size() : e;
  }
  if (t.compare(i, 2, "/*") == 0) {
    auto e = t.find("*/", i + 2);
    return e == std::string_view::npos ? t.size() : e + 2;
  }
  if (t[i] == '"') {
    size_t j = i + 1;
    while (j < t.size() && t[j] != '"') j += t[j] == '\\' ? 2 : 1;
    return std::min(j + 1, t.size());
  }
  return i;
}

size_t line_start(std::string_view t, size_t i) {
  auto p = t.rfind('\n', i == 0 ? 0 : i - 1);
  return (p == std::string_view::npos || i == 0) ? 0 : p + 1;
}

struct Span {
  size_t begin, end;
};

}  // namespace

std::optional<std::string> keep_entries(std::string_view t, const std::set<std::string>& keep) {
  std::vector<Span> cut;
  int depth = 0;
  for (size_t i = 0; i < t.size();) {
    if (size_t j = skip_comment_or_string(t, i); j != i) {
      i = j;
      continue;
    }
    char c = t[i];
    if (c == '{') ++depth;
    if (c == '}' && --depth < 0) return std::nullopt;
    bool entry = depth == 0 && c == '.' && t.compare(i, 6, ".entry") == 0 && i + 6 < t.size() &&
                 is_space(t[i + 6]) && (i == 0 || is_space(t[i - 1]));
    if (!entry) {
      ++i;
      continue;
    }
    // The directive starts at its line (".visible .entry name("); a "// .globl name"
    // line just above belongs to it.
    size_t begin = line_start(t, i);
    if (begin > 0) {
      size_t prev = line_start(t, begin - 1);
      auto above = t.substr(prev, begin - prev);
      auto k = above.find_first_not_of(" \t");
      if (k != std::string_view::npos && above.substr(k).starts_with("// .globl")) begin = prev;
    }
    size_t n = i + 6;
    while (n < t.size() && is_space(t[n])) ++n;
    size_t name_end = n;
    while (name_end < t.size() && !is_space(t[name_end]) && t[name_end] != '(') ++name_end;
    std::string name(t.substr(n, name_end - n));
    // Find the body: the first '{' at this level (';' first means a declaration).
    size_t k = name_end;
    while (k < t.size()) {
      if (size_t j = skip_comment_or_string(t, k); j != k) {
        k = j;
        continue;
      }
      if (t[k] == '{' || t[k] == ';') break;
      ++k;
    }
    if (k >= t.size() || t[k] == ';') return std::nullopt;
    int d = 0;
    for (; k < t.size(); ++k) {
      if (size_t j = skip_comment_or_string(t, k); j != k) {
        k = j - 1;
        continue;
      }
      if (t[k] == '{') ++d;
      if (t[k] == '}' && --d == 0) break;
    }
    if (k >= t.size()) return std::nullopt;
    size_t end = k + 1;
    if (end < t.size() && t[end] == '\n') ++end;
    if (!keep.count(name)) cut.push_back({begin, end});
    i = end;
  }
  if (depth != 0) return std::nullopt;
  std::string out;
  out.reserve(t.size());
  size_t pos = 0;
  for (auto& s : cut) {
    out.append(t.substr(pos, s.begin - pos));
    pos = s.end;
  }
  out.append(t.substr(pos));
  return out;
}

}  // namespace wrp
