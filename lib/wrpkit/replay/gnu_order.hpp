// The element orders GNU libstdc++'s std::partition and std::nth_element leave behind.
// Warp's Linux build (GCC, libstdc++) builds a mesh's BVH with these two; which items land
// in which leaf, and in what order, decides which triangle a tied query answers with. The
// C++ library our own build links may be another (the wheels link LLVM's libc++, whose
// nth_element orders equal keys differently), so wrp-run carries the algorithms itself:
// the same comparisons and swaps in the same order (tests/unit/replay/gnu_order_test.cpp
// checks them against libstdc++ where the test is built with it).
#pragma once
#include <bit>
#include <cstdint>
#include <utility>

namespace wrp::gnu {

// std::partition over a random-access range: items satisfying `keep` first, swapping the
// first that fails from the front with the last that holds from the back. Returns the
// first index of the rest.
template <class Item, class Keep>
int64_t partition(Item* items, int64_t first, int64_t last, Keep keep) {
  for (;;) {
    while (first != last && keep(items[first])) ++first;
    if (first == last) return first;
    --last;
    while (first != last && !keep(items[last])) --last;
    if (first == last) return first;
    std::swap(items[first], items[last]);
    ++first;
  }
}

namespace detail {

// Sift a hole at `hole` down to a leaf through the larger child, then the value up again.
template <class Item, class Less>
void adjust_heap(Item* heap, int64_t hole, int64_t len, Item value, Less less) {
  const int64_t top = hole;
  int64_t child = hole;
  while (child < (len - 1) / 2) {
    child = 2 * (child + 1);
    if (less(heap[child], heap[child - 1])) --child;
    heap[hole] = heap[child];
    hole = child;
  }
  if ((len & 1) == 0 && child == (len - 2) / 2) {  // a last parent with one child
    child = 2 * (child + 1);
    heap[hole] = heap[child - 1];
    hole = child - 1;
  }
  int64_t parent = (hole - 1) / 2;
  while (hole > top && less(heap[parent], value)) {
    heap[hole] = heap[parent];
    hole = parent;
    parent = (hole - 1) / 2;
  }
  heap[hole] = value;
}

template <class Item, class Less>
void insertion_sort(Item* items, int64_t first, int64_t last, Less less) {
  if (first == last) return;
  for (int64_t i = first + 1; i != last; ++i) {
    Item value = items[i];
    if (less(value, items[first])) {  // new smallest: shift the whole prefix
      for (int64_t k = i; k != first; --k) items[k] = items[k - 1];
      items[first] = value;
      continue;
    }
    int64_t hole = i;
    while (less(value, items[hole - 1])) {
      items[hole] = items[hole - 1];
      --hole;
    }
    items[hole] = value;
  }
}

// The median of items[a], items[b], items[c] swapped into items[result].
template <class Item, class Less>
void move_median_to_first(Item* items, int64_t result, int64_t a, int64_t b, int64_t c, Less less) {
  int64_t pick;
  if (less(items[a], items[b]))
    pick = less(items[b], items[c]) ? b : less(items[a], items[c]) ? c : a;
  else
    pick = less(items[a], items[c]) ? a : less(items[b], items[c]) ? c : b;
  std::swap(items[result], items[pick]);
}

// Hoare partition around items[pivot], which both scans rely on as a sentinel.
template <class Item, class Less>
int64_t unguarded_partition(Item* items, int64_t first, int64_t last, int64_t pivot, Less less) {
  for (;;) {
    while (less(items[first], items[pivot])) ++first;
    --last;
    while (less(items[pivot], items[last])) --last;
    if (!(first < last)) return first;
    std::swap(items[first], items[last]);
    ++first;
  }
}

// The depth limit's fallback: a max-heap of the first `middle - first` items keeps the
// smallest of them all.
template <class Item, class Less>
void heap_select(Item* items, int64_t first, int64_t middle, int64_t last, Less less) {
  Item* heap = items + first;
  int64_t len = middle - first;
  if (len >= 2)
    for (int64_t parent = (len - 2) / 2;; --parent) {
      adjust_heap(heap, parent, len, heap[parent], less);
      if (parent == 0) break;
    }
  for (int64_t i = middle; i < last; ++i)
    if (less(items[i], items[first])) {  // pop the largest into i, sift i's item in
      Item value = items[i];
      items[i] = items[first];
      adjust_heap(heap, 0, len, value, less);
    }
}

}  // namespace detail

// std::nth_element: introselect with a median-of-three pivot, a heap fallback after
// 2*floor(log2(n)) rounds, and insertion sort once at most three items remain.
template <class Item, class Less>
void nth_element(Item* items, int64_t first, int64_t nth, int64_t last, Less less) {
  if (first == last || nth == last) return;
  int64_t depth_limit = 2 * (std::bit_width(uint64_t(last - first)) - 1);
  while (last - first > 3) {
    if (depth_limit == 0) {
      detail::heap_select(items, first, nth + 1, last, less);
      std::swap(items[first], items[nth]);
      return;
    }
    --depth_limit;
    int64_t mid = first + (last - first) / 2;
    detail::move_median_to_first(items, first, first + 1, mid, last - 1, less);
    int64_t cut = detail::unguarded_partition(items, first + 1, last, first, less);
    if (cut <= nth)
      first = cut;
    else
      last = cut;
  }
  detail::insertion_sort(items, first, last, less);
}

}  // namespace wrp::gnu
