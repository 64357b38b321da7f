// Every entry of wrpkit's driver table, as a weak stub that fails: what the fake driver
// does not define in fake_libcuda.cpp is a clear CUDA error, never a silent success.
#include "wrpkit/driver/cuda_api.hpp"

using namespace wrp;

constexpr CUresult kNotFaked = 999;  // CUDA_ERROR_UNKNOWN

#define WRPKIT_FAKE_STUB(member, symbol, required, params) \
  extern "C" __attribute__((weak, visibility("default"))) CUresult symbol params { return kNotFaked; }
WRPKIT_CUDA_ENTRIES(WRPKIT_FAKE_STUB)
#undef WRPKIT_FAKE_STUB
