#include "wrpkit/driver/cuda_api.hpp"

#include <fmt/format.h>

#include <atomic>
#include <mutex>

#include "wrpkit/base/error.hpp"

namespace wrp {

namespace {

CudaApi load_api() {
  static DynLib lib;  // never closed: the driver keeps threads
  if (!lib.open("libcuda.so.1") && !lib.open("libcuda.so"))
    fail(Exit::toolchain, fmt::format("no NVIDIA driver: libcuda.so.1 cannot be loaded ({})", lib.error()));
  CudaApi a{};
#define WRPKIT_CUDA_BIND(member, symbol, required, params) \
  if (!lib.get(a.member, #symbol) && (required))           \
    fail(Exit::toolchain, fmt::format("{}: has no {} (driver too old? update the NVIDIA driver)", lib.path(), #symbol));
  WRPKIT_CUDA_ENTRIES(WRPKIT_CUDA_BIND)
#undef WRPKIT_CUDA_BIND
  a.check(a.cuInit(0), "cuInit (no usable GPU, or the driver and its kernel module disagree)");
  return a;
}

std::atomic<const CudaApi*> g_test_api{nullptr};

}  // namespace

void use_cuda_api_for_tests(const CudaApi* api) { g_test_api = api; }

void CudaApi::check(CUresult rc, const std::string& what) const {
  if (rc == 0) return;
  const char *name = nullptr, *text = nullptr;
  cuGetErrorName(rc, &name);
  cuGetErrorString(rc, &text);
  fail(Exit::toolchain, fmt::format("{}: {}: {}", what, name ? name : fmt::format("error {}", rc), text ? text : "?"));
}

const CudaApi& cuda_api() {
  if (auto* fake = g_test_api.load()) return *fake;
  static std::once_flag once;
  static CudaApi api;
  static std::string error;
  static Exit code = Exit::ok;
  std::call_once(once, [] {
    try {
      api = load_api();
    } catch (const Error& e) {
      error = e.what();
      code = e.code();
    }
  });
  if (!error.empty()) fail(code, error);
  return api;
}

}  // namespace wrp
