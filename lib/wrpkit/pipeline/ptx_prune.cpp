#include "wrpkit/pipeline/ptx_prune.hpp"

#include <algorithm>
#include <vector>

namespace wrp {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// If a comment or string literal starts at i, returns the index just past it.
// Called at every byte: test one char before comparing strings.
size_t skip_comment_or_string(std::string_view t, size_t i) {
  if (t[i] != '/' && t[i] != '"') return i;
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

// ".entry" as a directive word at i.
bool entry_at(std::string_view t, size_t i) {
  return t.compare(i, 6, ".entry") == 0 && i + 6 < t.size() && is_space(t[i + 6]) && (i == 0 || is_space(t[i - 1]));
}

// The directive starts at its line (".visible .entry name("); a "// .globl name"
// line just above belongs to it.
size_t directive_begin(std::string_view t, size_t i) {
  size_t begin = line_start(t, i);
  if (begin > 0) {
    size_t prev = line_start(t, begin - 1);
    auto above = t.substr(prev, begin - prev);
    auto k = above.find_first_not_of(" \t");
    if (k != std::string_view::npos && above.substr(k).starts_with("// .globl")) begin = prev;
  }
  return begin;
}

// The name after ".entry" at i, into `name`; returns the index just past it.
size_t read_entry_name(std::string_view t, size_t i, std::string& name) {
  size_t n = i + 6;
  while (n < t.size() && is_space(t[n])) ++n;
  i = n;
  while (i < t.size() && !is_space(t[i]) && t[i] != '(') ++i;
  name = std::string(t.substr(n, i - n));
  return i;
}

// The spans of the entries not in `keep`, each from its directive to the end of its body
// (and the newline after); nullopt where the braces or entries do not pair up.
std::optional<std::vector<Span>> unkept_entries(std::string_view t, const std::set<std::string>& keep) {
  std::vector<Span> cut;
  int depth = 0;
  // From an .entry directive to the end of its body: where the entry begins; npos outside one
  // (a plain offset: GCC 12 took an optional here for used uninitialized).
  size_t entry_begin = std::string_view::npos;
  std::string name;
  size_t previous_end = 0;
  for (size_t i = 0; i < t.size();) {
    if (size_t j = skip_comment_or_string(t, i); j != i) {
      i = j;
      continue;
    }
    char c = t[i];
    if (c == '{') {
      ++depth;
    } else if (c == '}') {
      if (--depth < 0) return std::nullopt;
      if (depth == 0 && entry_begin != std::string_view::npos) {  // the end of an entry's body
        size_t end = i + 1;
        if (end < t.size() && t[end] == '\n') ++end;
        if (!keep.count(name)) cut.push_back({entry_begin, end});
        entry_begin = std::string_view::npos;
        previous_end = i = end;
        continue;
      }
    } else if (depth == 0 && entry_begin != std::string_view::npos && c == ';') {
      return std::nullopt;  // a declaration: an entry with no body
    } else if (depth == 0 && c == '.' && entry_at(t, i)) {
      if (entry_begin != std::string_view::npos) return std::nullopt;  // the one before had no body
      // Never before the end of the previous entry (a fuzz finding: "} .entry b(" on
      // one line made overlapping cuts, which duplicated text).
      entry_begin = std::max(directive_begin(t, i), previous_end);
      i = read_entry_name(t, i, name);
      continue;
    }
    ++i;
  }
  if (depth != 0 || entry_begin != std::string_view::npos) return std::nullopt;
  return cut;
}

}  // namespace

std::optional<std::string> keep_entries(std::string_view t, const std::set<std::string>& keep) {
  auto cut = unkept_entries(t, keep);
  if (!cut) return std::nullopt;
  std::string out;
  out.reserve(t.size());
  size_t pos = 0;
  for (auto& s : *cut) {
    out.append(t.substr(pos, s.begin - pos));
    pos = s.end;
  }
  out.append(t.substr(pos));
  return out;
}

}  // namespace wrp
