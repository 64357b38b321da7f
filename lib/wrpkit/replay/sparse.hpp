// Warp's sparse ops in a replay: BSR from triplets (op 14) and BSR transpose (op 15)
// rebuild a matrix's topology in Warp's native code (CUB sorts and its own kernels);
// wrp-run appends a fixed chain of its helper kernels (pipeline/kernels/replay_sparse.cu)
// that produces the same offsets, columns, row counts, block maps and status. The
// values are Warp kernel launches recorded beside the op: they replay as launches.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "wrpkit/formats/ops.hpp"
#include "wrpkit/replay/algorithms.hpp"
#include "wrpkit/replay/plan.hpp"

namespace wrp {

// The bytes a region holds from a reference on (0 when the reference names no region):
// the most an operand whose length is device data may span.
using RegionSpan = std::function<uint64_t(const RegionRef& ref)>;

// Device scratch the op's chain uses.
uint64_t bsr_scratch_size(const Op& o);

// Appends the node chain of BSR op `o` (kOpBsrFromTriplets, kOpBsrTranspose) to `out`;
// `scratch` holds bsr_scratch_size(o) bytes. Throws wrp::Error(bad_input) naming
// `where` for operands outside their regions.
void append_bsr(std::vector<PlanNode>& out, const Op& o, const OperandResolver& operand, const RegionSpan& span,
                Operand scratch, const std::string& where);

// The helper entry points the BSR chains launch beyond the algorithm kernels'.
std::vector<std::string> bsr_kernel_entries();

}  // namespace wrp
