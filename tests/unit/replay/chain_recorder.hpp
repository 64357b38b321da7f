// A chain of plan nodes as numbers, for the chain tests (algorithms_test, sparse_test):
// each helper's arguments decoded at the widths its own declaration in the kernels'
// source gives, so a host value of the wrong width shows (and, under ASan, a read past it).
#pragma once
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "wrpkit/pipeline/helper_source.hpp"
#include "wrpkit/replay/plan.hpp"

namespace chain_test {

using namespace wrp;

// The byte sizes of an entry's parameters, read from the kernels' own source (a
// pointer or u64: 8, int or unsigned: 4), so the arguments below are decoded as
// the GPU would read them; a host value of the wrong width shows here (and
// under ASan as a read past it).
inline std::vector<size_t> param_sizes(const std::string& entry) {
  auto src = algorithm_kernel_source();
  size_t at = src.find(" " + entry + "(");
  for (size_t cut = entry.size(); at == std::string::npos && cut > 0; --cut)
    if (entry[cut - 1] == '_') {
      at = src.find(" " + entry.substr(0, cut - 1) + "_##NAME(");
      if (at != std::string::npos) break;
    }
  REQUIRE_MESSAGE(at != std::string::npos, "no declaration of " << entry);
  size_t open = src.find('(', at), close = src.find(')', open);
  std::vector<size_t> sizes;
  std::string params = src.substr(open + 1, close - open - 1), p;
  for (size_t i = 0; i <= params.size(); ++i) {
    if (i < params.size() && params[i] != ',') {
      p += params[i];
      continue;
    }
    bool wide = p.find('*') != std::string::npos || p.find("u64") != std::string::npos;
    sizes.push_back(wide ? 8 : 4);
    p.clear();
  }
  return sizes;
}

// Addresses as this test numbers them: region r at r << 24, scratch at kScratch.
using DevicePtr = uint64_t;
constexpr DevicePtr kScratch = 0x7000000;

inline DevicePtr address(const Operand& p) {
  switch (p.area) {
    case Operand::Area::region: return (DevicePtr(p.region) << 24) + p.offset;
    case Operand::Area::scratch: return kScratch + p.offset;
    case Operand::Area::constants: FAIL("an algorithm chain uses no constants"); return 0;
    case Operand::Area::none: break;
  }
  return 0;
}

struct ChainNode {
  std::string what;  // entry, "copy" or "zero"
  unsigned x = 0, y = 0, block = 0;
  std::vector<uint64_t> args;
  DevicePtr dst = 0, src = 0;
  uint64_t bytes = 0;
};

// A chain's plan nodes as numbers; each kernel argument's width checked against the
// kernel's own declaration (a host value of the wrong width would shift the rest).
struct Recorder {
  std::vector<ChainNode> nodes;
  explicit Recorder(const std::vector<PlanNode>& plan) {
    for (auto& p : plan) {
      if (p.kind == PlanNode::Kind::copy) {
        nodes.push_back({"copy", 0, 0, 0, {}, address(p.dst), address(p.src), p.bytes});
        continue;
      }
      if (p.kind == PlanNode::Kind::memset) {
        CHECK(p.value == 0);
        nodes.push_back({"zero", 0, 0, 0, {}, address(p.dst), 0, p.bytes});
        continue;
      }
      REQUIRE(p.kind == PlanNode::Kind::helper);
      ChainNode n{p.entry, p.grid.x, p.grid.y, p.grid.block};
      auto sizes = param_sizes(p.entry);
      REQUIRE_MESSAGE(sizes.size() == p.args.size(), p.entry << ": " << p.args.size() << " arguments");
      for (size_t i = 0; i < sizes.size(); ++i) {
        auto& arg = p.args[i];
        size_t width = arg.kind == KernelArg::Kind::value ? arg.size : 8;  // pointers and handles: 8 bytes
        CHECK_MESSAGE(width == sizes[i], p.entry << " argument " << i);
        uint64_t v = arg.kind == KernelArg::Kind::pointer ? address(arg.pointer) : arg.value;
        n.args.push_back(sizes[i] == 4 ? (v & 0xffffffffu) : v);
      }
      nodes.push_back(n);
    }
  }
  std::string entries() const {
    std::string s;
    for (auto& n : nodes) s += (s.empty() ? "" : " ") + n.what;
    return s;
  }
};

}  // namespace chain_test
