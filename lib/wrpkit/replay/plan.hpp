// A replay recorded once: the CUDA graph wrp-run builds, node by node, with
// symbolic operands (a region, the constants area or the scratch area, plus an
// offset) instead of device addresses. What blocks a replay, the helper kernels
// it launches, the constants and scratch it needs, and the driver calls that
// build the graph (replay/graph.hpp) all come from this one walk of the
// op tree, so they cannot disagree. Driver-free: wrp-inspect and wrp-build use it
// on machines without a GPU.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "wrpkit/base/bytes.hpp"
#include "wrpkit/formats/launch_args.hpp"
#include "wrpkit/formats/memory.hpp"
#include "wrpkit/formats/ops.hpp"

namespace wrp {

// Where a node's bytes are, before any memory exists. The runtime places every
// area at a 256-byte-aligned address (as cuMemAlloc aligns), so an operand's
// alignment up to 256 is its offset's.
struct Operand {
  enum class Area : uint8_t { none, region, constants, scratch };
  Area area = Area::none;  // none: a null pointer
  uint32_t region = 0;     // Area::region: the region's id
  uint64_t offset = 0;

  static Operand in_region(uint32_t id, uint64_t offset) { return {Area::region, id, offset}; }
  Operand operator+(uint64_t n) const { return {area, region, offset + n}; }
  bool operator==(const Operand&) const = default;
};
constexpr uint64_t kAreaAlign = 256;

// One kernel parameter, as wide as the kernel declares it: a pointer (an
// operand), a conditional node's handle, or an integer of 4 or 8 bytes.
struct KernelArg {
  enum class Kind : uint8_t { value, pointer, handle };
  Kind kind = Kind::value;
  uint8_t size = 8;
  uint64_t value = 0;  // value: its bits (two's complement); handle: its index in the plan
  Operand pointer;

  KernelArg(Operand p) : kind(Kind::pointer), pointer(p) {}  // NOLINT: a pointer parameter
  template <class T>
  requires std::is_integral_v<T> KernelArg(T v)
      : size(uint8_t(sizeof(T))), value(uint64_t(v)) {  // NOLINT: an integer parameter
    static_assert(sizeof(T) == 4 || sizeof(T) == 8, "kernel parameters here are 4 or 8 bytes wide");
  }
  static KernelArg handle(uint32_t index) {
    KernelArg a{uint64_t(index)};
    a.kind = Kind::handle;
    return a;
  }
};

enum class CondKind : uint8_t { if_, while_ };

struct PlanNode {
  enum class Kind : uint8_t { launch, helper, copy, memset, conditional };
  Kind kind = Kind::helper;
  std::string where;                 // names the op in messages: "FILE: operations[3] (scan, offset 120)"
  const LaunchOp* launch = nullptr;  // launch: the capture's kernel launch (its arguments are packed at emission)
  std::string entry;                 // helper: the helper kernel's entry point
  LaunchGrid grid;                   // launch (on a GPU without thread-block clusters), helper
  LaunchGrid cluster_grid;           // launch: the grid on a GPU with clusters (differs for cluster_dim > 1)
  unsigned smem = 0;                 // launch: dynamic shared memory bytes
  std::vector<KernelArg> args;       // helper
  Operand dst, src;                  // copy (dst <- src), memset (dst)
  uint64_t bytes = 0;                // copy, memset
  uint8_t value = 0;                 // memset
  CondKind cond = CondKind::if_;     // conditional
  uint32_t handle = 0;               // conditional: the handle its helper sets
  std::vector<PlanNode> body;        // conditional: its body, a chain of its own
};

struct ReplayPlan {
  std::vector<PlanNode> nodes;  // the graph: a chain, each node after the one before it
  // Conditional handles, numbered in the order the chain first uses them (a helper's
  // argument, before the node it sets): the driver creates them in that order.
  uint32_t handles = 0;
  struct Constant {
    uint64_t offset;  // in the constants area, kAreaAlign-aligned
    ByteView bytes;   // memcpy sources and fill values, as the op holds them
  };
  std::vector<Constant> constants;
  uint64_t constants_size = 0;        // the constants area
  uint64_t scratch_size = 0;          // the scratch area: the most any algorithm op's chain uses (they run in turn)
  std::vector<std::string> blockers;  // ops wrp-run does not replay, sorted, one line each
  std::vector<std::string> problems;  // bad input met on the way (operands outside their regions, ...)
  std::vector<std::string> helper_entries;  // the helper kernels its nodes launch, sorted
  std::vector<std::string> helper_ops;      // the ops that launch them, sorted
};

// The plan of `ops` over `regions` (the memory section: operands are checked
// against it); `where` prefixes messages ("FILE: operations"). Never throws for
// bad input: that is `problems`, where an operand that breaks the format (DamagedInput)
// ends in `damaged_remedy`. The plan points into `ops`: keep them alive.
ReplayPlan plan_replay(const std::vector<Op>& ops, const std::vector<Region>& regions, const std::string& where,
                       std::string_view damaged_remedy = {});

}  // namespace wrp
