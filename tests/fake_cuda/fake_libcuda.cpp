// A libcuda.so.1 for tests without a GPU (tests/cli/test_isolation.py): one device that
// starts, and a module loader that crashes like a real driver on a damaged image when
// the image holds WRPKIT_FAKE_CRASH, refuses it (CUDA_ERROR_INVALID_IMAGE) when it holds
// WRPKIT_FAKE_REFUSE, and loads anything else. Everything else fails (stubs.cpp).
#include <csignal>
#include <cstring>

#include "wrpkit/driver/cuda_api.hpp"

using namespace wrp;

#define FAKE extern "C" __attribute__((visibility("default")))

namespace {
int g_context = 1, g_module = 2;
}

FAKE CUresult cuInit(unsigned) { return 0; }
FAKE CUresult cuDriverGetVersion(int* v) { return *v = 13000, 0; }
FAKE CUresult cuDeviceGetCount(int* n) { return *n = 1, 0; }
FAKE CUresult cuDeviceGet(CUdevice* d, int ordinal) { return ordinal == 0 ? (*d = 0, 0) : 101; }
FAKE CUresult cuDevicePrimaryCtxRetain(CUcontext* c, CUdevice) { return *c = &g_context, 0; }
FAKE CUresult cuDevicePrimaryCtxRelease_v2(CUdevice) { return 0; }
FAKE CUresult cuCtxSetCurrent(CUcontext) { return 0; }
FAKE CUresult cuModuleUnload(CUmodule) { return 0; }

// The images the tests use are PTX text: NUL-terminated, as the driver requires.
FAKE CUresult cuModuleLoadData(CUmodule* m, const void* image) {
  auto* text = static_cast<const char*>(image);
  if (std::strstr(text, "WRPKIT_FAKE_CRASH")) {
    std::signal(SIGSEGV, SIG_DFL);  // a sanitizer's handler would turn it into another exit
    std::raise(SIGSEGV);
  }
  if (std::strstr(text, "WRPKIT_FAKE_REFUSE")) return 200;
  return *m = &g_module, 0;
}

FAKE CUresult cuGetErrorName(CUresult, const char** s) { return *s = "CUDA_ERROR_FAKE_LIBCUDA", 0; }
FAKE CUresult cuGetErrorString(CUresult, const char** s) { return *s = "not faked by tests/fake_cuda", 0; }
