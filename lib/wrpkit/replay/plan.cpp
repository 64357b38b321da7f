#include "wrpkit/replay/plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "wrpkit/base/error.hpp"
#include "wrpkit/replay/algorithms.hpp"
#include "wrpkit/replay/helper_kernels.hpp"
#include "wrpkit/replay/sparse.hpp"

namespace wrp {

namespace {

constexpr unsigned kFillBlock = 256, kFillMaxBlocks = 1u << 16;

uint64_t area_slot(uint64_t n) { return (n + kAreaAlign - 1) / kAreaAlign * kAreaAlign; }

class Planner {
 public:
  Planner(const std::vector<Region>& regions, ReplayPlan& plan, std::string_view remedy)
      : regions_(regions), plan_(plan), remedy_(remedy) {}

  // Appends `ops` to `out`, one chain; an op that is bad input adds its problem and no nodes.
  void chain(std::vector<PlanNode>& out, const std::vector<Op>& ops, const std::string& where) {
    for (size_t i = 0; i < ops.size(); ++i) {
      auto& o = ops[i];
      auto w = fmt::format("{}[{}] ({}, offset {})", where, i, op_name(o.type), o.offset);
      size_t before = out.size();
      try {
        op(out, o, w);
      } catch (const DamagedInput& e) {
        out.resize(before);
        plan_.problems.push_back(remedy_.empty() ? e.what() : fmt::format("{}; {}", e.what(), remedy_));
      } catch (const Error& e) {
        out.resize(before);
        plan_.problems.push_back(e.what());
      }
      for (size_t n = before; n < out.size(); ++n)
        if (launches_helpers(out[n])) {
          helper_ops_.insert(op_name(o.type));
          break;
        }
    }
  }

  void finish() {
    plan_.blockers.assign(blockers_.begin(), blockers_.end());
    plan_.helper_ops.assign(helper_ops_.begin(), helper_ops_.end());
    std::set<std::string> entries;
    collect_entries(plan_.nodes, entries);
    plan_.helper_entries.assign(entries.begin(), entries.end());
  }

 private:
  void op(std::vector<PlanNode>& out, const Op& o, const std::string& w) {
    switch (o.type) {
      case kOpLaunch: return launch(out, o.launch, w);
      case kOpMemcpyH2D:
        if (o.size) out.push_back(copy(need(o.dst_region, o.dst_offset, o.size, w), constant(o.data), o.size, w));
        return;
      case kOpMemcpyD2D:
        if (o.size)
          out.push_back(copy(need(o.dst_region, o.dst_offset, o.size, w), need(o.src_region, o.src_offset, o.size, w),
                             o.size, w));
        return;
      case kOpMemset:
        if (o.size)
          out.push_back({.kind = PlanNode::Kind::memset,
                         .where = w,
                         .dst = need(o.dst_region, o.dst_offset, o.size, w),
                         .bytes = o.size,
                         .value = uint8_t(o.value)});
        return;
      case kOpAlloc: return;  // every region is allocated at load
      case kOpMemtile: return memtile(out, o, w);
      case kOpIf: return if_else(out, o, w);
      case kOpWhile: return while_loop(out, o, w);
      case kOpScan:
      case kOpReduction:
      case kOpRadixSort:
      case kOpSegmentedSort:
      case kOpRunlengthEncode: return algorithm(out, o, w);
      case kOpBsrFromTriplets:
      case kOpBsrTranspose: return sparse(out, o, w);
      case kOpBvhRefit:
      case kOpBvhRebuild:
      case kOpHashGridUpdate:
        blockers_.insert(fmt::format("{} (needs Warp's own native data structures)", op_name(o.type)));
        return;
      default: blockers_.insert(fmt::format("{} (wrp-run does not replay this op)", op_name(o.type)));
    }
  }

  static bool launches_helpers(const PlanNode& n) {
    if (n.kind == PlanNode::Kind::helper) return true;
    return std::any_of(n.body.begin(), n.body.end(), launches_helpers);
  }
  static void collect_entries(const std::vector<PlanNode>& nodes, std::set<std::string>& out) {
    for (auto& n : nodes) {
      if (n.kind == PlanNode::Kind::helper) out.insert(n.entry);
      collect_entries(n.body, out);
    }
  }

  // `what` names the operand where an op has several (an algorithm's keys, values, ...).
  Operand need(int32_t id, uint64_t offset, uint64_t size, const std::string& w, const char* what = nullptr) const {
    auto* r = id > 0 ? find_region(regions_, uint32_t(id)) : nullptr;
    uint64_t end = offset + size;
    if (!r || end < offset || end > r->size)
      fail_damaged(fmt::format("{}: {}{} bytes at offset {} of region {} lie outside the regions the file holds", w,
                               what ? fmt::format("its {}, ", what) : "", size, offset, id));
    return Operand::in_region(uint32_t(id), offset);
  }

  Operand constant(ByteView bytes) {
    Operand at{Operand::Area::constants, 0, plan_.constants_size};
    plan_.constants.push_back({plan_.constants_size, bytes});
    plan_.constants_size += area_slot(bytes.size());
    return at;
  }

  static PlanNode copy(Operand dst, Operand src, uint64_t bytes, const std::string& w) {
    return {.kind = PlanNode::Kind::copy, .where = w, .dst = dst, .src = src, .bytes = bytes};
  }

  void launch(std::vector<PlanNode>& out, const LaunchOp& l, const std::string& w) {
    auto grid = launch_grid(l, w, false);
    if (grid.empty) return;
    check_pointers(l, w);
    out.push_back({.kind = PlanNode::Kind::launch,
                   .where = w,
                   .launch = &l,
                   .grid = grid,
                   .cluster_grid = launch_grid(l, w, true),
                   .smem = unsigned(std::max(l.smem_bytes, 0))});
  }

  // A parameter pointing into a region the memory section lacks, or past its end: refused
  // here, before the driver, not when the graph's arguments are packed.
  void check_pointers(const LaunchOp& l, const std::string& w) const {
    for (auto* list : {&l.params, &l.adjoint_params})
      for (auto& p : *list)
        for (auto& r : p.relocs) {
          if (r.kind != kRelocDataPtr) continue;
          auto* region = r.region_id > 0 ? find_region(regions_, uint32_t(r.region_id)) : nullptr;
          if (!region)
            fail_damaged(
                fmt::format("{}: parameter {} points {} bytes into region {}, which the memory section "
                            "does not hold",
                            w, p.index, r.region_offset, r.region_id));
          if (r.region_offset > region->size)
            fail_damaged(fmt::format("{}: parameter {} points {} bytes into region {} of {} bytes", w, p.index,
                                     r.region_offset, r.region_id, region->size));
        }
  }

  // count copies of the value: the widest word dividing the value's size and the
  // destination's alignment, so the helper's stores coalesce.
  void memtile(std::vector<PlanNode>& out, const Op& o, const std::string& w) {
    uint64_t value = o.data.size(), count = o.size;
    if (!value || !count) return;
    if (count > UINT64_MAX / value) fail_damaged(fmt::format("{}: {} copies of {} bytes overflow", w, count, value));
    Operand dst = need(o.dst_region, o.dst_offset, value * count, w);
    int word = 8;
    while (word > 1 && (value % word || dst.offset % word)) word /= 2;
    uint64_t pattern_words = value / word, total_words = value * count / word;
    LaunchGrid grid;
    grid.block = kFillBlock;
    grid.x = unsigned(std::min<uint64_t>((total_words + kFillBlock - 1) / kFillBlock, kFillMaxBlocks));
    helper(out, kHelperMemtile, grid, {dst, constant(o.data), pattern_words, total_words, word}, w);
  }

  void helper(std::vector<PlanNode>& out, const char* entry, LaunchGrid grid, std::vector<KernelArg> args,
              const std::string& w) {
    PlanNode n{.kind = PlanNode::Kind::helper, .where = w, .entry = entry, .grid = grid};
    n.args = std::move(args);
    out.push_back(std::move(n));
  }

  void set_condition(std::vector<PlanNode>& out, uint32_t h, Operand cond, int negate, const std::string& w) {
    helper(out, kHelperSetCondition, LaunchGrid{1, 1, 1, 1}, {KernelArg::handle(h), cond, negate}, w);
  }

  PlanNode& conditional(std::vector<PlanNode>& out, CondKind kind, uint32_t h, const std::string& w) {
    out.push_back({.kind = PlanNode::Kind::conditional, .where = w, .cond = kind, .handle = h});
    return out.back();
  }

  // As stock Warp: one IF node per present branch, both conditions set by one
  // kernel before either runs (so the first branch changing the condition does
  // not also run the second).
  void if_else(std::vector<PlanNode>& out, const Op& o, const std::string& w) {
    bool has_a = !o.branch_a.empty(), has_b = !o.branch_b.empty();
    if (!has_a && !has_b) return;
    Operand cond = need(o.dst_region, o.dst_offset, sizeof(int32_t), w);
    if (has_a != has_b) {
      uint32_t h = plan_.handles++;
      set_condition(out, h, cond, has_a ? 0 : 1, w);
      // the body is planned into its own vector first: `out` may move as it grows
      std::vector<PlanNode> body;
      chain(body, has_a ? o.branch_a : o.branch_b, w + (has_a ? ".branch_a" : ".branch_b"));
      conditional(out, CondKind::if_, h, w).body = std::move(body);
      return;
    }
    uint32_t h_if = plan_.handles++, h_else = plan_.handles++;
    helper(out, kHelperSetIfElse, LaunchGrid{1, 1, 1, 1}, {KernelArg::handle(h_if), KernelArg::handle(h_else), cond},
           w);
    std::vector<PlanNode> a, b;
    chain(a, o.branch_a, w + ".branch_a");
    chain(b, o.branch_b, w + ".branch_b");
    conditional(out, CondKind::if_, h_if, w).body = std::move(a);
    conditional(out, CondKind::if_, h_else, w).body = std::move(b);
  }

  // The condition is evaluated before the loop and again at the end of each pass.
  // An empty body would spin forever on a true condition: like an empty if, it is no node.
  void while_loop(std::vector<PlanNode>& out, const Op& o, const std::string& w) {
    if (o.branch_a.empty()) return;
    Operand cond = need(o.dst_region, o.dst_offset, sizeof(int32_t), w);
    uint32_t h = plan_.handles++;
    set_condition(out, h, cond, 0, w);
    std::vector<PlanNode> body;
    chain(body, o.branch_a, w + ".body");
    set_condition(body, h, cond, 0, w);
    conditional(out, CondKind::while_, h, w).body = std::move(body);
  }

  // The op's chain of helper kernels, copies and memsets, each node after the last.
  void algorithm(std::vector<PlanNode>& out, const Op& o, const std::string& w) {
    auto operand = [&](const RegionRef& r, uint64_t bytes, const char* what) {
      return need(r.region, r.offset, bytes, w, what);
    };
    uint64_t scratch = algorithm_scratch_size(o);
    append_algorithm(out, o, operand, scratch ? Operand{Operand::Area::scratch, 0, 0} : Operand{}, w);
    plan_.scratch_size = std::max(plan_.scratch_size, scratch);
  }

  void sparse(std::vector<PlanNode>& out, const Op& o, const std::string& w) {
    auto operand = [&](const RegionRef& r, uint64_t bytes, const char* what) {
      return need(r.region, r.offset, bytes, w, what);
    };
    auto span = [&](const RegionRef& r) -> uint64_t {
      auto* region = r.region > 0 ? find_region(regions_, uint32_t(r.region)) : nullptr;
      return region && r.offset <= region->size ? region->size - r.offset : 0;
    };
    uint64_t scratch = bsr_scratch_size(o);
    append_bsr(out, o, operand, span, scratch ? Operand{Operand::Area::scratch, 0, 0} : Operand{}, w);
    plan_.scratch_size = std::max(plan_.scratch_size, scratch);
  }

  const std::vector<Region>& regions_;
  ReplayPlan& plan_;
  std::string_view remedy_;
  std::set<std::string> blockers_, helper_ops_;
};

}  // namespace

ReplayPlan plan_replay(const std::vector<Op>& ops, const std::vector<Region>& regions, const std::string& where,
                       std::string_view damaged_remedy) {
  ReplayPlan plan;
  Planner p(regions, plan, damaged_remedy);
  p.chain(plan.nodes, ops, where);
  p.finish();
  return plan;
}

}  // namespace wrp
