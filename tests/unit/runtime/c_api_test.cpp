// The runtime's C API (wrp_runtime.h, libwrpkit_runtime.so) without a GPU:
// NULL arguments are usage errors, a damaged artifact is bad input before any
// driver call, and a sound one reaches the driver (no GPU here: WRP_ERROR_DRIVER,
// the message naming it; where a GPU is present it loads).
#include <doctest/doctest.h>

#include <string>

#include "fixtures.hpp"
#include "sealed.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/wrp_runtime.h"

namespace {

std::string last() { return wrp_last_error(); }

}  // namespace

TEST_CASE("C API: NULL arguments are WRP_ERROR_USAGE with a message naming the argument") {
  wrp_graph* g = nullptr;
  CHECK(wrp_load(nullptr, 0, &g) == WRP_ERROR_USAGE);
  CHECK(last() == "path is NULL");
  CHECK(wrp_load("x.wrp", 0, nullptr) == WRP_ERROR_USAGE);
  CHECK(wrp_load_from_memory(nullptr, 0, nullptr, 0, "m", 0, &g) == WRP_ERROR_USAGE);
  wrp_module_file bad{nullptr, nullptr, 0};
  char one = 0;
  CHECK(wrp_load_from_memory(&one, 1, &bad, 1, "m", 0, &g) == WRP_ERROR_USAGE);
  CHECK(last().find("modules[0]") != std::string::npos);
  uint64_t size = 0;
  CHECK(wrp_param_size(nullptr, "x", &size) == WRP_ERROR_USAGE);
  uint64_t ptr = 0;
  CHECK(wrp_param_device_ptr(nullptr, "x", &ptr, &size) == WRP_ERROR_USAGE);
  CHECK(wrp_bind_param(nullptr, "x", 0, 0) == WRP_ERROR_USAGE);
  void* node = nullptr;
  CHECK(wrp_add_to_graph(nullptr, &node, nullptr, 0, &node) == WRP_ERROR_USAGE);
  CHECK(wrp_launch(nullptr, nullptr) == WRP_ERROR_USAGE);
  CHECK(wrp_synchronize(nullptr) == WRP_ERROR_USAGE);
  wrp_unload(nullptr);  // a no-op, as free(NULL)
}

TEST_CASE("C API: a missing or damaged artifact is WRP_ERROR_BAD_INPUT, one line naming the file") {
  wrp_graph* g = reinterpret_cast<wrp_graph*>(1);
  CHECK(wrp_load("/nonexistent/x.wrp", 0, &g) == WRP_ERROR_BAD_INPUT);
  CHECK(g == nullptr);
  CHECK(last().find("/nonexistent/x.wrp") != std::string::npos);
  auto bytes = wrp::read_file(fixtures::ptx75());
  bytes.resize(bytes.size() / 2);
  CHECK(wrp_load_from_memory(bytes.data(), bytes.size(), nullptr, 0, "half.wrp", 0, &g) == WRP_ERROR_BAD_INPUT);
  CHECK(last().starts_with("half.wrp: "));
  CHECK(last().find('\n') == std::string::npos);
}

TEST_CASE("C API: a sound artifact whose module file is absent is bad input, with it the driver is reached") {
  auto path = fixtures::ptx75();
  auto bytes = wrp::read_file(path);
  wrp_graph* g = nullptr;
  CHECK(wrp_load_from_memory(bytes.data(), bytes.size(), nullptr, 0, "p.wrp", 0, &g) == WRP_ERROR_BAD_INPUT);
  CHECK(last().find("is missing") != std::string::npos);
  // Opted in, loaded in this process: the driver is reached (refused earlier by default, below).
  wrp_load_options opt{};
  opt.allow_unverified = 1;
  opt.no_isolation = 1;
  auto status = wrp_load_ex(path.c_str(), &opt, &g);
  if (status == WRP_OK) {  // a machine with a GPU
    wrp_unload(g);
    return;
  }
  CHECK(status == WRP_ERROR_DRIVER);
  CHECK(g == nullptr);
  CHECK_FALSE(last().empty());
}

TEST_CASE("C API: a bad trusted key is reported before a bad artifact, and a good one lets the artifact's error show") {
  wrp_load_options opt{};
  const char* garbage = "not a PEM key";
  opt.trusted_keys = &garbage;
  opt.trusted_key_count = 1;
  wrp_graph* g = nullptr;
  CHECK(wrp_load_ex("/nonexistent/x.wrp", &opt, &g) != WRP_OK);
  CHECK(last().starts_with("trusted_keys[0]"));
  auto bytes = wrp::read_file(fixtures::ptx75());
  CHECK(wrp_load_from_memory_ex(bytes.data(), bytes.size(), nullptr, 0, "p.wrp", &opt, &g) != WRP_OK);
  CHECK(last().starts_with("trusted_keys[0]"));
  CHECK(g == nullptr);
  const char* good = sealed::kPub1.c_str();  // a good key and a missing artifact: the artifact's error
  opt.trusted_keys = &good;
  CHECK(wrp_load_ex("/nonexistent/x.wrp", &opt, &g) == WRP_ERROR_BAD_INPUT);
  CHECK(last().find("/nonexistent/x.wrp") != std::string::npos);
}

TEST_CASE("C API: wrp_instance of nothing, or into nowhere, is a usage error") {
  wrp_graph* g = nullptr;
  CHECK(wrp_instance(nullptr, &g) == WRP_ERROR_USAGE);
  CHECK(wrp_instance(reinterpret_cast<wrp_graph*>(1), nullptr) == WRP_ERROR_USAGE);
  CHECK(last().find("NULL") != std::string::npos);
}

TEST_CASE("C API: unverified input is refused by default, and opted-in input meets the driver in a child first") {
  auto path = fixtures::ptx75();  // a capture as Warp saved it: no manifest
  wrp_graph* g = nullptr;
  CHECK(wrp_runtime_version() == WRP_RUNTIME_VERSION);
  CHECK(wrp_load(path.c_str(), 0, &g) == WRP_ERROR_BAD_INPUT);
  CHECK(last().find("has no wrpkit manifest, so nothing vouches for its bytes") != std::string::npos);
  CHECK(last().find("wrp-run --allow-unverified; allow_unverified in the C API") != std::string::npos);
  wrp_load_options opt{};
  opt.allow_unverified = 1;
  auto status = wrp_load_ex(path.c_str(), &opt, &g);
  if (status == WRP_OK) {  // a machine with a GPU: the child loaded every module, then this process did
    CHECK(wrp_verification(g) == WRP_UNVERIFIED);
    wrp_unload(g);
    return;
  }
  // No GPU here: the child (built beside the tools) says why the driver cannot start in it.
  CHECK(status == WRP_ERROR_DRIVER);
  CHECK(last().starts_with("wrpkit-module-probe: "));
}

TEST_CASE("C API: wrp_param_dtype of nothing is a usage error (what it names: replay_test.cpp)") {
  char dtype[32];
  CHECK(wrp_param_dtype(nullptr, "a", dtype, sizeof dtype) == WRP_ERROR_USAGE);
  CHECK(last() == "graph, name or out is NULL");
}
