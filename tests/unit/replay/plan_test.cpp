// The replay plan of real captures: one walk of the op tree gives the graph's nodes
// with symbolic operands, what blocks a replay, the helper kernels and the memory areas.
#include "wrpkit/replay/plan.hpp"

#include <doctest/doctest.h>

#include <algorithm>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/replay/helper_kernels.hpp"
#include "wrpkit/replay/support.hpp"

using namespace wrp;

TEST_CASE("replay plan: a capture of launches is a chain of launch nodes, nothing else") {
  auto a = open_artifact(fixtures::two_modules());
  auto plan = plan_replay(a);
  CHECK(plan.problems.empty());
  CHECK(plan.blockers.empty());
  CHECK(plan.helper_entries.empty());
  CHECK(plan.handles == 0);
  REQUIRE_FALSE(plan.nodes.empty());
  size_t launches = 0;
  for (auto& n : plan.nodes) {
    if (n.kind != PlanNode::Kind::launch) continue;
    ++launches;
    CHECK(n.launch != nullptr);
    CHECK(n.grid.block > 0);
  }
  uint64_t recorded = 0;
  for (auto& [kernel, n] : a.ops.launches) recorded += n;
  CHECK(launches == recorded);
}

TEST_CASE("replay plan: a while loop sets its condition with a helper, then a conditional node with a body") {
  auto a = open_artifact(fixtures::while_loop());
  auto plan = plan_replay(a);
  CHECK(plan.problems.empty());
  CHECK(plan.blockers.empty());
  CHECK(plan.helper_entries == std::vector<std::string>{kHelperSetCondition});
  CHECK(plan.helper_ops == std::vector<std::string>{"while"});
  CHECK(plan.handles == 1);
  auto cond = std::find_if(plan.nodes.begin(), plan.nodes.end(),
                           [](const PlanNode& n) { return n.kind == PlanNode::Kind::conditional; });
  REQUIRE(cond != plan.nodes.end());
  CHECK(cond->cond == CondKind::while_);
  REQUIRE(cond != plan.nodes.begin());
  auto set = cond - 1;  // the helper that sets the handle comes right before the node
  CHECK(set->kind == PlanNode::Kind::helper);
  CHECK(set->entry == kHelperSetCondition);
  REQUIRE_FALSE(cond->body.empty());
  CHECK(cond->body.back().entry == kHelperSetCondition);  // the body re-evaluates it
}

TEST_CASE("replay plan: an operand outside its region is a problem, not a crash, and the areas are sized") {
  std::vector<Region> regions{{1, 4, 64, false, 0}, {2, 4, 64, false, 0}};
  Op fill;
  fill.type = kOpMemset;
  fill.dst_region = 1;
  fill.size = 64;
  Op copy;
  copy.type = kOpMemcpyH2D;
  copy.dst_region = 2;
  copy.size = 16;
  copy.data = Bytes(16, 7);
  auto ok = plan_replay({fill, copy}, regions, "t.wrp: operations");
  CHECK(ok.problems.empty());
  REQUIRE(ok.nodes.size() == 2);
  CHECK(ok.nodes[0].kind == PlanNode::Kind::memset);
  CHECK(ok.nodes[1].kind == PlanNode::Kind::copy);
  CHECK(ok.constants.size() == 1);  // the copy's 16 bytes live in the constants area
  CHECK(ok.constants_size >= 16);
  fill.dst_offset = 8;  // 64 bytes from offset 8 run past the 64-byte region
  copy.dst_region = 3;  // no such region
  auto bad = plan_replay({fill, copy}, regions, "t.wrp: operations");
  CHECK(bad.problems.size() == 2);
  for (auto& p : bad.problems) CHECK(p.starts_with("t.wrp: operations"));
}

TEST_CASE("plan: Warp 1.19's clustered launches keep whole clusters where the GPU has them (real capture)") {
  auto a = open_artifact(fixtures::clusters18());
  auto plan = plan_replay(a);
  REQUIRE(plan.problems.empty());
  REQUIRE(plan.nodes.size() == 3);
  // clusters of 2 over 8 blocks, of 16 over 32, and of 16 capped at 20 blocks (one cluster)
  CHECK(plan.nodes[0].launch->cluster_dim == 2);
  CHECK((plan.nodes[0].grid.x == 8 && plan.nodes[0].cluster_grid.x == 8));
  CHECK((plan.nodes[1].grid.x == 32 && plan.nodes[1].cluster_grid.x == 32));
  CHECK(plan.nodes[2].launch->max_blocks == 20);
  CHECK((plan.nodes[2].grid.x == 20 && plan.nodes[2].cluster_grid.x == 16));
  CHECK(replay_blockers(a, plan).empty());
}
