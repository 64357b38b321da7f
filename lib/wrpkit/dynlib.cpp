#include "wrpkit/dynlib.hpp"

#include <dlfcn.h>

namespace wrp {

DynLib::~DynLib() {
  // Never dlclose CUDA libraries: they keep threads and atexit handlers alive.
}

bool DynLib::open(const std::string& path) {
  handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  path_ = path;
  if (!handle_) {
    const char* e = dlerror();
    error_ = e ? e : "unknown dlopen error";
  }
  return handle_ != nullptr;
}

void* DynLib::symbol(const char* name) const { return handle_ ? dlsym(handle_, name) : nullptr; }

}  // namespace wrp
