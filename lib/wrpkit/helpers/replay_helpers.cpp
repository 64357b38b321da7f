#include "wrpkit/helpers/replay_helpers.hpp"

#include <fmt/format.h>

#include <functional>
#include <set>

#include "wrpkit/base/error.hpp"
#include "wrpkit/helpers/replay_algorithms.hpp"

namespace wrp {

std::vector<std::string> replay_helper_entries() {
  std::vector<std::string> out{kHelperSetCondition, kHelperSetIfElse, kHelperMemtile};
  for (auto& e : algorithm_kernel_entries()) out.push_back(e);
  return out;
}

// One walk over the op tree (nested bodies too) for each question: which ops need
// the helpers (`names`), and which helper entries they launch (`entries`).
static void visit_ops(const std::vector<Op>& ops, const std::function<void(const Op&)>& f) {
  for (auto& o : ops) {
    f(o);
    visit_ops(o.branch_a, f);
    visit_ops(o.branch_b, f);
  }
}

std::vector<std::string> helper_op_names(const std::vector<Op>& ops) {
  std::set<std::string> names;
  visit_ops(ops, [&](const Op& o) {
    if (op_needs_helpers(o.type)) names.insert(op_name(o.type));
  });
  return {names.begin(), names.end()};
}

std::vector<std::string> helper_entries_needed(const std::vector<Op>& ops) {
  std::set<std::string> entries;
  visit_ops(ops, [&](const Op& o) {
    if (o.type == kOpIf || o.type == kOpWhile) entries.insert({kHelperSetCondition, kHelperSetIfElse});
    if (o.type == kOpMemtile) entries.insert(kHelperMemtile);
    if (is_algorithm_op(o.type))
      for (auto& e : algorithm_entries_of(o)) entries.insert(e);
  });
  return {entries.begin(), entries.end()};
}

}  // namespace wrp
