#include "wrpkit/base/progress.hpp"

#include <doctest/doctest.h>

#include <thread>
#include <vector>

using namespace wrp;

TEST_CASE("progress line: counts, stage, current item, elapsed, cut to the terminal's width") {
  BuildProgress p{"compile", 3, 40, "sim.ptx for sm_87", 3.25};
  CHECK(progress_line(p, 200) == "[ 3/40] compile sim.ptx for sm_87  3.2 s");
  auto narrow = progress_line(p, 24);
  CHECK(narrow.size() == 24);
  CHECK(narrow == "[ 3/40] compile s  3.2 s");
}

TEST_CASE("progress JSON: one line, every field") {
  BuildProgress p{"pack", 1, 2, "a \"b\".ptx\n", 0.5};
  auto j = progress_json(p);
  CHECK(j.find('\n') == std::string::npos);
  CHECK(j.find(R"("stage":"pack")") != std::string::npos);
  CHECK(j.find(R"("done":1)") != std::string::npos);
  CHECK(j.find(R"("total":2)") != std::string::npos);
  CHECK(j.find(R"("current":"a \"b\".ptx\n")") != std::string::npos);
  CHECK(j.find(R"("elapsed_s":0.500)") != std::string::npos);
  CHECK(progress_json({"done", 2, 2, "\x01", 1}) ==
        R"({"stage":"done","done":2,"total":2,"current":"\u0001","elapsed_s":1.000})");
}

TEST_CASE("Progress: steps from many threads reach the callback one at a time, every one counted") {
  int inside = 0, overlaps = 0;
  std::vector<size_t> done;
  Progress progress([&](const BuildProgress& p) {
    if (++inside > 1) ++overlaps;
    done.push_back(p.done);
    --inside;
  });
  progress.start("compile", 400);
  std::vector<std::thread> pool;
  for (int t = 0; t < 4; ++t)
    pool.emplace_back([&] {
      for (int i = 0; i < 100; ++i) progress.step("m");
    });
  for (auto& th : pool) th.join();
  progress.finish();
  CHECK(overlaps == 0);
  REQUIRE(done.size() == 402);
  for (size_t i = 0; i < 401; ++i) CHECK(done[i] == i);
  CHECK(done.back() == 400);
}
