// The plan's refusals (plan.cpp, tool_choice.cpp): every one found before anything
// compiles, reported together as one error.
#pragma once
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "wrpkit/base/error.hpp"

namespace wrp {

class Refusals {
 public:
  void add(Exit code, std::string msg) { list_.emplace_back(code, std::move(msg)); }
  void throw_if_any() const {
    if (list_.empty()) return;
    // The input's own faults first (2), then impossible targets (3), then tools (4).
    Exit code = std::min_element(list_.begin(), list_.end())->first;
    if (list_.size() == 1) fail(code, list_[0].second);
    std::string msg = fmt::format("{} problems, nothing was built:", list_.size());
    for (size_t i = 0; i < list_.size(); ++i)
      msg += fmt::format(" ({}) {}{}", i + 1, list_[i].second, i + 1 < list_.size() ? ";" : "");
    fail(code, msg);
  }

 private:
  std::vector<std::pair<Exit, std::string>> list_;
};

}  // namespace wrp
