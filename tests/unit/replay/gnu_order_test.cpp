#include "wrpkit/replay/gnu_order.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "fixtures.hpp"

using namespace wrp;

namespace {

// Items are indices into keys with many ties, as a mesh's triangles with equal centroids.
struct Case {
  std::vector<float> keys;
  std::vector<int> items;
};

Case random_case(std::mt19937& rng, int n, int distinct) {
  Case c;
  std::uniform_int_distribution<int> key(0, distinct - 1);
  for (int i = 0; i < n; ++i) c.keys.push_back(float(key(rng)));
  for (int i = 0; i < n; ++i) c.items.push_back(i);
  std::shuffle(c.items.begin(), c.items.end(), rng);
  return c;
}

bool libstdcxx() {
#ifdef __GLIBCXX__
  return true;
#else
  return false;
#endif
}

}  // namespace

TEST_CASE("gnu::nth_element leaves every item where libstdc++'s std::nth_element does, ties included") {
  if (!libstdcxx()) WRPKIT_SKIP("built without libstdc++, the reference this test compares with");
  std::mt19937 rng(7);
  int compared = 0;
  for (int n : {1, 2, 3, 4, 5, 16, 17, 100, 257, 1000, 5000})
    for (int distinct : {1, 2, 7, 1000000})
      for (int round = 0; round < 6; ++round) {
        auto c = random_case(rng, n, distinct);
        auto less = [&](int a, int b) { return c.keys[size_t(a)] < c.keys[size_t(b)]; };
        int64_t start = n > 12 ? round : 0, end = n - start, nth = (start + end) / 2;  // sub-ranges too
        auto ours = c.items, theirs = c.items;
        gnu::nth_element(ours.data(), start, nth, end, less);
        std::nth_element(theirs.begin() + start, theirs.begin() + nth, theirs.begin() + end, less);
        CHECK_MESSAGE(ours == theirs, "n ", n, ", distinct ", distinct, ", round ", round);
        ++compared;
      }
  CHECK(compared == 11 * 4 * 6);
}

TEST_CASE("gnu::nth_element on a pivot-killing sequence reaches the heap fallback and still matches") {
  if (!libstdcxx()) WRPKIT_SKIP("built without libstdc++, the reference this test compares with");
  // An organ-pipe sequence (rising then falling) defeats median-of-three pivots for
  // many rounds; whatever path it takes, the order must equal libstdc++'s.
  for (int n : {64, 1024, 4096}) {
    std::vector<float> keys;
    for (int i = 0; i < n; ++i) keys.push_back(float(i < n / 2 ? i : n - i));
    std::vector<int> ours(static_cast<size_t>(n)), theirs;
    for (int i = 0; i < n; ++i) ours[size_t(i)] = i;
    theirs = ours;
    auto less = [&](int a, int b) { return keys[size_t(a)] < keys[size_t(b)]; };
    gnu::nth_element(ours.data(), 0, n / 2, n, less);
    std::nth_element(theirs.begin(), theirs.begin() + n / 2, theirs.end(), less);
    CHECK_MESSAGE(ours == theirs, n);
  }
}

TEST_CASE("gnu heap selection equals the first phase of libstdc++'s std::partial_sort") {
  if (!libstdcxx()) WRPKIT_SKIP("built without libstdc++, the reference this test compares with");
  // libstdc++'s partial_sort is the same heap selection followed by std::sort_heap, so
  // selecting then sorting the heap must give partial_sort's exact order.
  std::mt19937 rng(11);
  for (int n : {2, 3, 10, 33, 500})
    for (int distinct : {1, 3, 1000}) {
      auto c = random_case(rng, n, distinct);
      auto less = [&](int a, int b) { return c.keys[size_t(a)] < c.keys[size_t(b)]; };
      int64_t middle = n / 3 + 1;
      auto ours = c.items, theirs = c.items;
      gnu::detail::heap_select(ours.data(), 0, middle, n, less);
      std::sort_heap(ours.begin(), ours.begin() + middle, less);
      std::partial_sort(theirs.begin(), theirs.begin() + middle, theirs.end(), less);
      CHECK_MESSAGE(ours == theirs, "n ", n, ", distinct ", distinct);
    }
}

TEST_CASE("gnu::partition keeps the items that pass first, in libstdc++'s order") {
  std::mt19937 rng(3);
  for (int n : {0, 1, 2, 9, 200}) {
    auto c = random_case(rng, n, 5);
    auto keep = [&](int item) { return c.keys[size_t(item)] < 2.0f; };
    auto ours = c.items;
    int64_t cut = gnu::partition(ours.data(), 0, n, keep);
    for (int64_t i = 0; i < n; ++i) CHECK(keep(ours[size_t(i)]) == (i < cut));
    if (libstdcxx()) {
      auto theirs = c.items;
      auto it = std::partition(theirs.begin(), theirs.end(), keep);
      CHECK(cut == it - theirs.begin());
      CHECK(ours == theirs);
    }
  }
}
