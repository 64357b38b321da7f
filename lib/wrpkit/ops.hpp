// Walks the operation stream: checks every record's bounds (including nested
// if/while bodies, to a fixed depth) and summarises what the graph does.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "wrpkit/bytes.hpp"

namespace wrp {

struct Metadata;

enum OpType : uint32_t {
  kOpLaunch = 1, kOpMemcpyH2D = 2, kOpMemcpyD2H = 3, kOpMemcpyD2D = 4, kOpMemset = 5, kOpAlloc = 6,
  kOpIf = 7, kOpWhile = 8, kOpScan = 9, kOpMemtile = 10, kOpSegmentedSort = 11, kOpRadixSort = 12,
  kOpRunlengthEncode = 13, kOpBsrFromTriplets = 14, kOpBsrTranspose = 15, kOpReduction = 16,
  kOpBvhRefit = 17, kOpBvhRebuild = 18, kOpHashGridUpdate = 19,
};

const char* op_name(uint32_t type);

constexpr int kMaxOpDepth = 16;

struct OpSummary {
  uint64_t count = 0;      // every op, nested ones included
  uint64_t top_level = 0;  // the section's own op count
  std::map<std::string, uint64_t> by_type;
  // (module hash, kernel key) -> launches, forward and backward together.
  std::map<std::pair<std::string, std::string>, uint64_t> launches;
  bool has_conditionals = false;  // any if/while
  int max_depth = 0;
  // Launches whose (module, kernel) pair is missing from the metadata.
  std::map<std::pair<std::string, std::string>, uint64_t> unresolved;
  bool all_launches_resolved() const { return unresolved.empty(); }
};

OpSummary walk_ops(const std::string& file, ByteView data, uint64_t origin, const Metadata& meta);

}  // namespace wrp
