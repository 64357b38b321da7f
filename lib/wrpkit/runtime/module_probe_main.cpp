// wrpkit-module-probe DEVICE: loads module images on GPU DEVICE in a process of its own,
// so that a CUDA driver crash on a damaged image kills this process and not the caller
// (replay/module_probe.hpp runs it for unverified input). Reads images from stdin (per
// image: a u32 name length, the name, a u64 size, the bytes; host byte order) and says
// "load I" before each, then "ok I" or "fail I CURESULT", on stdout; "driver MESSAGE"
// and exit 4 when the driver cannot start here.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "wrpkit/base/error.hpp"
#include "wrpkit/driver/cuda_api.hpp"

namespace {

bool read_exact(void* to, size_t size) { return size == 0 || std::fread(to, 1, size, stdin) == size; }

// The next image, NUL-terminated (PTX must be; harmless for ELF and fatbins). False at the end.
bool next_image(std::vector<char>& image) {
  uint32_t name_size = 0;
  uint64_t size = 0;
  std::string name;
  if (!read_exact(&name_size, 4)) return false;
  name.resize(name_size);
  if (!read_exact(name.data(), name_size) || !read_exact(&size, 8)) return false;
  image.assign(size + 1, 0);
  return read_exact(image.data(), size);
}

void say(const std::string& line) {
  std::fputs((line + "\n").c_str(), stdout);
  std::fflush(stdout);  // the parent names the module from the last line it got
}

}  // namespace

int main(int argc, char** argv) {
  int device = argc > 1 ? std::atoi(argv[1]) : 0;
  const wrp::CudaApi* cu = nullptr;
  try {
    cu = &wrp::cuda_api();
    wrp::CUdevice dev = 0;
    wrp::CUcontext ctx = nullptr;
    cu->check(cu->cuDeviceGet(&dev, device), "cuDeviceGet");
    cu->check(cu->cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
    cu->check(cu->cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
  } catch (const wrp::Error& e) {
    say(std::string("driver ") + e.what());
    return 4;
  }
  std::vector<char> image;
  for (int i = 0; next_image(image); ++i) {
    say("load " + std::to_string(i));
    wrp::CUmodule module = nullptr;
    int rc = cu->cuModuleLoadData(&module, image.data());
    if (rc != 0) {
      say("fail " + std::to_string(i) + " " + std::to_string(rc));
      return 0;
    }
    cu->cuModuleUnload(module);
    say("ok " + std::to_string(i));
  }
  return 0;
}
