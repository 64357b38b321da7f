// The mesh records of the metadata against the regions they name: Warp rebuilds each
// mesh and its BVH at load from those regions' initial data, so a record whose counts
// exceed its regions, whose triangles index beyond its points, or whose points are not
// finite would make any loader read out of bounds or build a tree of NaN bounds.
#pragma once
#include <string>
#include <vector>

#include "wrpkit/base/bytes.hpp"
#include "wrpkit/formats/memory.hpp"
#include "wrpkit/formats/metadata.hpp"

namespace wrp {

// Throws wrp::Error(bad_input) naming the file, the record and what is wrong.
// `memory` is the memory section's bytes, which start at file offset `origin` (the
// regions' data_offset values are file offsets).
void check_meshes(const std::string& file, const std::vector<MeshRecord>& meshes, const std::vector<Region>& regions,
                  ByteView memory, uint64_t origin);

}  // namespace wrp
