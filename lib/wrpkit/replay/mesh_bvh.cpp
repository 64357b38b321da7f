#include "wrpkit/replay/mesh_bvh.hpp"

#include <cfloat>
#include <cmath>
#include <utility>

#include "wrpkit/replay/gnu_order.hpp"

namespace wrp {

namespace {

constexpr int kBuckets = 16;  // Warp's SAH_NUM_BUCKETS

// Warp's std_min / std_max: the second argument only when strictly smaller / larger,
// so equal values (+0 and -0 among them) keep the first.
float lesser(float a, float b) { return b < a ? b : a; }
float greater(float a, float b) { return b > a ? b : a; }

struct Bounds {
  Vec3f lower{{FLT_MAX, FLT_MAX, FLT_MAX}}, upper{{-FLT_MAX, -FLT_MAX, -FLT_MAX}};

  void add(const Vec3f& lo, const Vec3f& hi) {
    for (int k = 0; k < 3; ++k) {
      lower.v[k] = lesser(lower.v[k], lo.v[k]);
      upper.v[k] = greater(upper.v[k], hi.v[k]);
    }
  }
  static Bounds join(const Bounds& a, const Bounds& b) {  // Warp's bounds_union(a, b)
    Bounds u;
    for (int k = 0; k < 3; ++k) {
      u.lower.v[k] = lesser(a.lower.v[k], b.lower.v[k]);
      u.upper.v[k] = greater(a.upper.v[k], b.upper.v[k]);
    }
    return u;
  }
  float edge(int k) const { return upper.v[k] - lower.v[k]; }
  float area() const {
    float e0 = edge(0), e1 = edge(1), e2 = edge(2);
    return 2.0f * (e0 * e1 + e0 * e2 + e1 * e2);
  }
  int longest_axis() const {
    int axis = 0;
    float most = std::fabs(edge(0));
    for (int k = 1; k < 3; ++k)
      if (std::fabs(edge(k)) > most) {
        axis = k;
        most = std::fabs(edge(k));
      }
    return axis;
  }
};

BvhNodeHalf node(const Vec3f& corner, int index, bool leaf) {
  return {corner[0], corner[1], corner[2], (uint32_t(index) & 0x7fffffffu) | (leaf ? 0x80000000u : 0u)};
}

// Warp's TopDownBVHBuilder: SAH or median splits, recursing left first.
class TopDownBuilder {
 public:
  TopDownBuilder(const std::vector<Vec3f>& lowers, const std::vector<Vec3f>& uppers, BvhConstructor constructor,
                 int leaf_depth, HostBvh& bvh)
      : lo_(lowers), hi_(uppers), constructor_(constructor), leaf_depth_(leaf_depth), bvh_(bvh) {}

  int build(int start, int end, int depth, int parent) {
    int index = bvh_.num_nodes++;
    if (depth > bvh_.max_depth) bvh_.max_depth = depth;
    Bounds b = bounds_of(start, end);
    if (end - start <= bvh_.leaf_size || depth >= leaf_depth_) {
      set(index, node(b.lower, start, true), node(b.upper, end, false), parent);
      bvh_.num_leaf_nodes++;
      return index;
    }
    int split = constructor_ == BvhConstructor::median ? median_split(start, end, b) : sah_partition(start, end, b);
    if (split == start || split == end) split = (start + end) / 2;  // no split found: the middle
    int left = build(start, split, depth + 1, index);
    int right = build(split, end, depth + 1, index);
    set(index, node(b.lower, left, false), node(b.upper, right, false), parent);
    return index;
  }

 private:
  float center(int item, int axis) const { return 0.5f * (lo_[item][axis] + hi_[item][axis]); }
  int item(int i) const { return bvh_.primitive_indices[i]; }

  Bounds bounds_of(int start, int end) const {
    Bounds b;
    for (int i = start; i < end; ++i) b.add(lo_[item(i)], hi_[item(i)]);
    return b;
  }

  void set(int index, BvhNodeHalf lower, BvhNodeHalf upper, int parent) {
    bvh_.lowers[index] = lower;
    bvh_.uppers[index] = upper;
    bvh_.parents[index] = parent;
  }

  // The split plane of the cheapest of 15 bucket boundaries along the centroids' longest axis.
  float sah_split(int start, int end, const Bounds& range, int& axis) const {
    Bounds centroids;
    for (int i = start; i < end; ++i) {
      Vec3f c{{center(item(i), 0), center(item(i), 1), center(item(i), 2)}};
      centroids.add(c, c);
    }
    axis = centroids.longest_axis();
    float from = centroids.lower[axis], to = centroids.upper[axis];
    if (to <= from) return from;  // one centroid plane: the caller splits in the middle
    int counts[kBuckets] = {};
    Bounds buckets[kBuckets];
    for (int i = start; i < end; ++i) {
      int bucket = int(kBuckets * (center(item(i), axis) - from) / (to - from));
      bucket = bucket < 0 ? 0 : bucket >= kBuckets ? kBuckets - 1 : bucket;
      Bounds one;
      one.lower = lo_[item(i)];
      one.upper = hi_[item(i)];
      buckets[bucket] = counts[bucket] ? Bounds::join(one, buckets[bucket]) : one;
      counts[bucket]++;
    }
    float left_area[kBuckets - 1], right_area[kBuckets - 1];
    int left_count[kBuckets - 1], right_count[kBuckets - 1];
    Bounds left, right;
    int nl = 0, nr = 0;
    for (int i = 0; i < kBuckets - 1; ++i) {
      left = Bounds::join(left, buckets[i]);
      right = Bounds::join(right, buckets[kBuckets - i - 1]);
      left_area[i] = left.area();
      right_area[kBuckets - i - 2] = right.area();
      nl += counts[i];
      nr += counts[kBuckets - i - 1];
      left_count[i] = nl;
      right_count[kBuckets - i - 2] = nr;
    }
    float inv_total = 1.0f / range.area(), best_cost = FLT_MAX;
    int best = 0;
    for (int i = 0; i < kBuckets - 1; ++i) {
      float cost = left_area[i] * inv_total * left_count[i] + right_area[i] * inv_total * right_count[i];
      if (cost < best_cost) {
        best_cost = cost;
        best = i;
      }
    }
    return from + (best + 1) * (to - from) / kBuckets;
  }

  // Items whose centroid lies below the plane first; returns the first of the rest.
  int sah_partition(int start, int end, const Bounds& range) {
    int axis = 0;
    float plane = sah_split(start, end, range, axis);
    return int(gnu::partition(bvh_.primitive_indices.data(), start, end,
                              [&](int item) { return center(item, axis) < plane; }));
  }

  // The middle item along the node bounds' longest axis in its sorted place, smaller
  // centroids before it and the rest after (Warp's partition_median).
  int median_split(int start, int end, const Bounds& range) {
    int axis = range.longest_axis(), middle = (start + end) / 2;
    gnu::nth_element(bvh_.primitive_indices.data(), start, middle, end,
                     [&](int a, int b) { return center(a, axis) < center(b, axis); });
    return middle;
  }

  const std::vector<Vec3f>& lo_;
  const std::vector<Vec3f>& hi_;
  BvhConstructor constructor_;
  int leaf_depth_;
  HostBvh& bvh_;
};

}  // namespace

HostBvh build_top_down_bvh(const std::vector<Vec3f>& lowers, const std::vector<Vec3f>& uppers, int leaf_size,
                           BvhConstructor constructor, int leaf_depth) {
  HostBvh bvh;
  int n = int(lowers.size());
  bvh.num_items = n;
  bvh.leaf_size = leaf_size;
  if (n == 0) return bvh;
  bvh.max_nodes = 2 * n - 1;
  bvh.lowers.resize(size_t(bvh.max_nodes));
  bvh.uppers.resize(size_t(bvh.max_nodes));
  bvh.parents.assign(size_t(bvh.max_nodes), 0);
  bvh.primitive_indices.resize(size_t(n));
  for (int i = 0; i < n; ++i) bvh.primitive_indices[size_t(i)] = i;
  TopDownBuilder(lowers, uppers, constructor, leaf_depth, bvh).build(0, n, 0, -1);
  return bvh;
}

void reorder_leaves_first(HostBvh& bvh) {
  size_t n = size_t(bvh.num_nodes);
  std::vector<int32_t> where(n, -1);
  HostBvh out = bvh;
  int next = 0, root = bvh.root;
  for (size_t i = 0; i < n; ++i)
    if (bvh.lowers[i].leaf()) where[i] = next++;
  out.num_leaf_nodes = next;
  for (size_t i = 0; i < n; ++i) {
    if (int(i) == root) out.root = bvh.lowers[i].leaf() ? 0 : next;  // a leaf root: a tree of one node
    if (!bvh.lowers[i].leaf()) where[i] = next++;
  }
  for (size_t i = 0; i < n; ++i) {
    size_t to = size_t(where[i]);
    out.lowers[to] = bvh.lowers[i];
    out.uppers[to] = bvh.uppers[i];
    out.parents[to] = bvh.parents[i] == -1 ? -1 : where[size_t(bvh.parents[i])];
    if (!bvh.lowers[i].leaf()) {  // children move too
      out.lowers[to].packed = (out.lowers[to].packed & 0x80000000u) | uint32_t(where[bvh.lowers[i].index()]);
      out.uppers[to].packed = (out.uppers[to].packed & 0x80000000u) | uint32_t(where[bvh.uppers[i].index()]);
    }
  }
  bvh = std::move(out);
}

}  // namespace wrp
